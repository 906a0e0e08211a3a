import CheckoutFeature
import ViewModelKit

/// The checkout app on the web: each scene's screens, named as their inputs are addressed.
extension CheckoutSession: WebPresentable {
  public nonisolated static var pageScript: WebPageScript { .bundled("checkout.js") }

  public func webScreens(for scene: CheckoutScene) -> [WebScreenSource] {
    switch model(of: scene) {
    case .catalog(let catalog): [WebScreenSource("catalog", catalog)]
    case .checkout(let checkout, let form):
      [WebScreenSource("checkout", checkout), WebScreenSource("orderForm", form)]
    case .history(let history): [WebScreenSource("history", history)]
    case .account(let account): [WebScreenSource("account", account)]
    }
  }
}
