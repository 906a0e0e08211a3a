import TerminalUI
import WeatherFeature

extension WeatherScreen {
  /// While the map is shown the wheel zooms it (away from you: closer) and a click on it
  /// centres it there and focuses it; a click on the city line focuses the field; a click
  /// elsewhere leaves the field or the map. Nothing while the key dialog is open.
  func handle(_ event: MouseEvent) -> KeyOutcome {
    guard !state.keyPromptVisible else { return .handled }
    switch event.action {
    case .wheelUp where state.mapVisible: send(.zoomIn)
    case .wheelDown where state.mapVisible: send(.zoomOut)
    case .wheelUp, .wheelDown: break
    case .click:
      if event.row == 2 {
        focus = .city
      } else if let cell = mapCell(event) {
        focus = .map
        send(.centreMap(column: cell.column, row: cell.row))
      } else {
        focus = nil
      }
    }
    redraw()
    return .handled
  }

  /// The grid cell under a click, when the map is shown and the click is on its grid.
  private func mapCell(_ event: MouseEvent) -> (column: Int, row: Int)? {
    guard state.mapVisible, let size = terminalSize,
      let pane = WeatherMapPane.on(columns: size.columns, rows: size.rows)
    else { return nil }
    let (column, row) = (event.column - pane.left - 1, event.row - pane.top - 1)
    let grid = pane.gridSize
    guard (0..<grid.columns).contains(column), (0..<min(grid.rows, pane.gridRows)).contains(row)
    else { return nil }
    return (column, row)
  }
}
