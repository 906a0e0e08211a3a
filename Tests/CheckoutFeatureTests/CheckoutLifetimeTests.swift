import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import CheckoutFeature

@Suite("Checkout: lifetime")
@MainActor
struct CheckoutLifetimeTests {
  @Test("choosing currencies again and again leaves no subscription behind")
  func currencyInputsLeaveNothing() {
    let h = Harness()
    h.start()
    let kept = h.checkout.keptSubscriptionCount
    for code in ["USD", "EUR", "GBP", "JPY", "AUD"] {
      let answer = h.checkout.chooseCurrency(code: code).record(on: h.scheduler)
      h.scheduler.settle()
      #expect(answer.values == [.accepted])
      _ = h.checkout.openCurrencyPicker().record(on: h.scheduler)
      h.scheduler.settle()
      h.checkout.cancel()
    }
    #expect(h.checkout.keptSubscriptionCount == kept)
  }
}
