import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 5: the checkout screen edits its lines' quantities (one more, one less,
/// the whole line out), through its own inputs, with the catalog's limits.
@Suite("Checkout: the checkout screen edits its lines")
@MainActor
struct CheckoutLineEditingTests {
  @Test("issue 42: +, − and remove on the checkout's lines change the cart and the total")
  func edits() {
    let h = Harness().start()
    h.fill([("peas", 2), ("eggs", 1)])
    #expect(h.now(h.checkout.send(.add(id: "peas", quantity: 1))) == .accepted)
    #expect(
      h.value(h.checkout.rows).map(\.text) == [
        "3 Bag of Peas for 2.85 GBP", "1 Dozen of Eggs for 2.10 GBP",
      ])
    #expect(h.now(h.checkout.send(.remove(id: "eggs", quantity: 1))) == .accepted)
    #expect(h.value(h.checkout.rows).map(\.text) == ["3 Bag of Peas for 2.85 GBP"])
    #expect(h.now(h.checkout.send(.removeLine(id: "peas"))) == .accepted)
    #expect(h.value(h.checkout.rows).isEmpty)
    #expect(h.value(h.checkout.total) == "Total: 0.00 GBP")
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")  // one cart, both screens
  }

  @Test("issue 53: the catalog takes a whole line out too, by the cart's one rule")
  func catalogRemovesALine() {
    let h = Harness().start()
    h.fill([("peas", 7), ("eggs", 1)])
    #expect(h.catalog.send(.removeLine(id: "peas")) == .accepted)
    #expect(h.value(h.catalog.cartCount) == "1 item")
    #expect(h.catalog.send(.removeLine(id: "peas")) == .accepted)  // not in the cart: as is
    #expect(h.value(h.catalog.cartCount) == "1 item")
  }

  @Test("issue 42: the checkout's edits keep the catalog's limits and refusals")
  func limits() {
    let h = Harness().start()
    h.fill([("peas", 98)])
    if case .rejected = h.now(h.checkout.send(.add(id: "peas", quantity: 2))) {
    } else {
      Issue.record("99 is the most a line holds")
    }
    if case .rejected = h.now(h.checkout.send(.add(id: "nope", quantity: 1))) {
    } else {
      Issue.record("an unknown product is refused")
    }
    if case .rejected = h.now(h.checkout.send(.remove(id: "peas", quantity: 0))) {
    } else {
      Issue.record("a quantity under 1 is refused")
    }
    #expect(h.value(h.checkout.rows).map(\.quantity) == [98])
  }
}

extension Harness {
  /// The answer of `pending`, with the scheduler moved until it is known.
  func now(_ pending: PendingResult) -> InputResult? {
    var answer: InputResult?
    let subscription = pending.sink { answer = $0 }
    scheduler.settle()
    subscription.cancel()
    return answer
  }
}
