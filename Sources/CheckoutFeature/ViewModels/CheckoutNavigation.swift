import ViewModelKit

/// The two moves between checkout's full-screen scenes, as every checkout screen makes them:
/// by a direct call on the session's one navigator, as the history and the account open and
/// close themselves (issue 27: one way to drive navigation).
extension SceneCoordinator where Scene == CheckoutScene {
  /// From the catalog to the checkout screen; nothing unless the catalog is on top.
  func openCheckout() {
    guard stack.last?.scene == .catalog else { return }
    transition(to: .checkout, type: .push)
  }

  /// From the checkout screen back to the catalog; nothing unless the checkout is on top.
  func returnToCatalog() {
    guard stack.last?.scene == .checkout else { return }
    pop()
  }
}
