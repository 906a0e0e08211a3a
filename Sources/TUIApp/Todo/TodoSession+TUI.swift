import TodoFeature
import ViewModelKit

/// The todo app in the TUI: its session's screen.
extension TodoSession: TUIPresentable {
  public func makeScreen(
    scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) -> any AppScreen {
    TodoScreen(session: self, scheduler: scheduler, redraw: redraw)
  }
}
