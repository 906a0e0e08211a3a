import CheckoutFeature
import ViewModelKit

/// The checkout app in the TUI: its session's screen.
extension CheckoutSession: TUIPresentable {
  public func makeScreen(
    scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) -> any AppScreen {
    CheckoutScreen(session: self, scheduler: scheduler, redraw: redraw)
  }
}
