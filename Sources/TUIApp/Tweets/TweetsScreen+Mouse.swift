import TerminalUI

extension TweetsScreen {
  /// The wheel moves the selection in the list under the pointer three rows (down to the end
  /// asks for older tweets, as the keys do); a click on a row selects it and, side by side,
  /// focuses its pane. A click leaves an open filter box as Enter does, keeping the filter.
  func handle(_ event: MouseEvent, _ focused: ScenePresenter) -> KeyOutcome {
    filterField = nil
    let inPeoplePane = split && event.column < 30
    let presenter = split ? (inPeoplePane ? peoplePresenter : timelinePresenter) : focused
    guard let presenter else { return .handled }
    switch event.action {
    case .wheelUp: presenter.move(by: -3)
    case .wheelDown: move(presenter, by: 3)
    case .click:
      if presenter.select(atLine: event.row - 4), split { peopleFocused = inPeoplePane }
    }
    redraw()
    return .handled
  }
}
