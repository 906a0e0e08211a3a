import TerminalUI

extension TodoScreen {
  /// The wheel moves the selection three tasks; a click on a task selects it. Not while the
  /// editor is open (its dialog has the keys); a click on the list closes an open filter box
  /// as Enter does, keeping the filter.
  func handle(_ event: MouseEvent) -> KeyOutcome {
    guard editor == nil else { return .handled }
    switch event.action {
    case .wheelUp: move(by: -3)
    case .wheelDown: move(by: 3)
    case .click:
      let layout = layout
      guard event.row >= layout.top, event.row < layout.top + layout.visibleRows,
        let index = list.row(atLine: event.row - layout.top, in: rows),
        case .task = lines[index]
      else { return .handled }
      filterOpen = false
      list.select(index, in: rows, visible: layout.visibleRows)
    }
    return .handled
  }
}
