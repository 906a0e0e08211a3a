import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: placing orders")
@MainActor
struct PlacingOrderBehaviourTests {
  /// CO-57's setup: Peas×2 + Eggs×2, AUD, a valid form, a save answering at 0.5 s with #7.
  func setUp(currency: String = "AUD") -> Harness {
    let h = Harness()
    h.storage.orderDelay = 0.5
    h.storage.nextOrderNumber = 7
    h.start()
    h.fill([("peas", 2), ("eggs", 2)])
    h.choose(currency)
    h.fillForm(name: "  Ana Lima ", email: " ana@example.com", address: "4 Quay Lane, Dunmore\n")
    return h
  }

  @Test("CO-57 placing: busy at once, confirmed and subtracted at 0.5 s")
  func co57() {
    let h = setUp()
    let start = h.scheduler.elapsed
    h.form.placeOrder.execute(())
    h.scheduler.settle()
    #expect(h.value(h.form.isPlacing))
    #expect(h.value(h.form.placeOrderEnabled) == false)
    #expect(h.value(h.form.placeOrderHint) == "Placing order…")
    h.scheduler.advance(toSeconds: start + 0.5)
    #expect(h.value(h.form.confirmation) == "Order #000007 placed. Total: 12.75 AUD")
    #expect(h.value(h.catalog.total) == "Total: 0.00 AUD")
    #expect(h.value(h.catalog.checkoutEnabled) == false)
    #expect(h.value(h.checkout.rows) == [])
    #expect(h.value(h.form.placeOrderHint) == "Add something to your cart")
  }

  @Test("CO-58 the saved draft")
  func co58() throws {
    let h = setUp()
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    let draft = try #require(h.storage.savedDrafts.first)
    #expect(
      draft.lines == [
        OrderLine(
          productID: "peas", title: "Bag of Peas", quantity: 2, unitPriceMinor: 95, amountMinor: 397
        ),
        OrderLine(
          productID: "eggs", title: "Dozen of Eggs", quantity: 2, unitPriceMinor: 210,
          amountMinor: 878),
      ])
    #expect(draft.lines[0].unitPrice == Decimal(string: "0.95"))
    #expect(
      draft.currency == Currency(code: "AUD", rate: try #require(ScaledDecimal(text: "2.09"))))
    #expect(draft.baseTotal == Decimal(string: "6.10") && draft.total == Decimal(string: "12.75"))
    #expect(
      draft.customer
        == Customer(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane, Dunmore"))
    #expect(draft.placedAt == ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z"))
  }

  @Test("CO-59 one placement at a time")
  func co59() {
    let h = setUp()
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.2)
    #expect(h.form.placeOrder.execute(()).record(on: h.scheduler).failure?.isNotEnabled == true)
    #expect(h.form.submitOrder().immediateAnswer == .rejected("Placing order…"))
    h.scheduler.advance(seconds: 1)
    #expect(h.storage.savedDrafts.count == 1)
  }

  @Test("CO-60 a failed save changes nothing and re-enables")
  func co60() {
    let h = setUp()
    h.storage.failSaveOrder = true
    let message = h.record(h.form.messages)
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    #expect(message.values == ["Unable to place your order. Please try again."])
    #expect(h.value(h.catalog.total) == "Total: 12.75 AUD")
    #expect(h.value(h.form.nameStatus) == .valid)
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
    #expect(h.value(h.form.confirmation) == nil)
    #expect(h.value(h.form.placeOrderEnabled))
  }

  @Test("CO-61 only the ordered snapshot leaves the cart")
  func co61() {
    let h = setUp()
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.3)
    h.catalog.add("milk")
    h.scheduler.advance(seconds: 0.2)
    #expect(h.value(h.checkout.rows).map(\.text) == ["1 Bottle of Milk for 2.72 AUD"])
  }

  @Test("CO-62 the form is kept; the confirmation clears on the next cart change")
  func co62() {
    let h = setUp()
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    #expect(h.value(h.form.nameStatus) == .valid)
    #expect(h.value(h.form.state).name == "  Ana Lima ")
    #expect(h.value(h.form.confirmation) != nil)
    h.catalog.add("beans")
    h.scheduler.settle()
    #expect(h.value(h.form.confirmation) == nil)
  }

  @Test("CO-63 the confirmation in GBP")
  func co63() {
    let h = setUp(currency: "GBP")
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    #expect(h.value(h.form.confirmation) == "Order #000007 placed. Total: 6.10 GBP")
  }

  @Test("CO-80 dismissing routes to the catalog once; a cart change does not route")
  func co80() {
    let h = setUp()
    h.catalog.checkout()
    let routes = h.record(h.session.scene)
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    h.form.dismissConfirmation()
    h.scheduler.settle()
    #expect(h.value(h.form.confirmation) == nil)
    h.form.dismissConfirmation()
    h.scheduler.settle()
    #expect(routes.values == [.checkout, .catalog])
    h.fill([("peas", 1)])
    h.form.placeOrder.execute(())
    h.scheduler.advance(seconds: 0.5)
    h.catalog.add("milk")
    h.scheduler.settle()
    #expect(h.value(h.form.confirmation) == nil)
    #expect(routes.values == [.checkout, .catalog])
  }
}
