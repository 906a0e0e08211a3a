import TweetsFeature
import ViewModelKit

/// The tweets app in the TUI: its session's screen.
extension TweetsSession: TUIPresentable {
  public func makeScreen(
    scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) -> any AppScreen {
    TweetsScreen(session: self, scheduler: scheduler, redraw: redraw)
  }
}
