import CheckoutFeature
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: cart")
@MainActor
struct CartBehaviourTests {
  func quantities(_ h: Harness) -> [String] { h.value(h.catalog.rows).map(\.quantity) }

  @Test("CO-07 one add changes its row, the total, the count and enabling")
  func co07() {
    let h = Harness().start()
    let rows = h.record(h.catalog.rows)
    h.catalog.add("peas")
    h.scheduler.settle()
    #expect(rows.values.count == 2)
    let (before, after) = (rows.values[0], rows.values[1])
    #expect(after[0].quantity == "1")
    #expect(Array(after.dropFirst()) == Array(before.dropFirst()))
    #expect(h.value(h.catalog.total) == "Total: 0.95 GBP")
    #expect(h.value(h.catalog.cartCount) == "1 item")
    #expect(h.value(h.catalog.checkoutEnabled))
  }

  @Test("CO-08 several adds")
  func co08() {
    let h = Harness().start()
    h.fill([("peas", 1), ("peas", 1), ("eggs", 1)])
    #expect(quantities(h) == ["2", "1", "0", "0"])
    #expect(h.value(h.catalog.total) == "Total: 4.00 GBP")
    #expect(h.value(h.catalog.cartCount) == "3 items")
  }

  @Test(
    "CO-09 totals are exact",
    arguments: [
      ([("peas", 2), ("eggs", 2)], "Total: 6.10 GBP"),
      ([("peas", 1), ("eggs", 1), ("milk", 1), ("beans", 1)], "Total: 5.08 GBP"),
      ([("peas", 10)], "Total: 9.50 GBP"),
      ([("beans", 3)], "Total: 2.19 GBP"),
    ])
  func co09(items: [(String, Int)], total: String) {
    let h = Harness().start()
    h.fill(items)
    #expect(h.value(h.catalog.total) == total)
  }

  @Test("CO-10 add with a quantity emits the total once")
  func co10() {
    let h = Harness().start()
    let total = h.record(h.catalog.total)
    h.scheduler.settle()
    h.catalog.add("peas", quantity: 3)
    h.scheduler.settle()
    #expect(total.values == ["Total: 0.00 GBP", "Total: 2.85 GBP"])
    #expect(quantities(h)[0] == "3")
  }

  @Test("CO-11 remove one")
  func co11() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.catalog.remove("peas")
    #expect(quantities(h)[0] == "1")
    #expect(h.value(h.catalog.total) == "Total: 0.95 GBP")
  }

  @Test("CO-12 removing an absent product is accepted and silent")
  func co12() {
    let h = Harness().start()
    let message = h.record(h.catalog.messages)
    let rows = h.record(h.catalog.rows)
    h.scheduler.settle()
    #expect(h.catalog.remove("milk") == .accepted)
    h.scheduler.settle()
    #expect(message.values.isEmpty)
    #expect(rows.values.count == 1)
  }

  @Test("CO-13 removing down to zero never shows -0.00")
  func co13() {
    let h = Harness().start()
    h.fill([("beans", 3)])
    for _ in 0..<3 { h.catalog.remove("beans") }
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
    #expect(h.value(h.catalog.cartCount) == "0 items")
    #expect(h.value(h.catalog.checkoutEnabled) == false)
  }

  @Test("CO-14 remove stops at zero")
  func co14() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    #expect(h.catalog.remove("peas", quantity: 5) == .accepted)
    #expect(quantities(h)[0] == "0")
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
  }

  @Test("CO-15 the 99 limit refuses the whole add")
  func co15() {
    let h = Harness().start()
    h.fill([("peas", 98)])
    let message = h.record(h.catalog.messages)
    #expect(h.catalog.add("peas", quantity: 2) == .rejected("At most 99 of each product"))
    h.scheduler.settle()
    #expect(quantities(h)[0] == "98")
    #expect(message.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
    #expect(h.catalog.add("peas") == .accepted)
    #expect(quantities(h)[0] == "99")
    #expect(h.value(h.catalog.total) == "Total: 94.05 GBP")
  }

  @Test("CO-16 quantities outside 1...99 are refused", arguments: [0, -1, 100])
  func co16(quantity: Int) {
    let h = Harness().start()
    let message = h.record(h.catalog.messages)
    let expected = InputResult.rejected("Quantity must be between 1 and 99")
    #expect(h.catalog.add("peas", quantity: quantity) == expected)
    #expect(h.catalog.remove("peas", quantity: quantity) == expected)
    h.scheduler.settle()
    #expect(message.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
    #expect(quantities(h) == ["0", "0", "0", "0"])
  }

  @Test("CO-17 unknown products are refused, also before the catalog loads")
  func co17() {
    let h = Harness()
    h.catalogService.delay = 1
    let message = h.record(h.catalog.messages)
    h.start()
    #expect(h.catalog.add("peas") == .rejected("Unknown product"))
    h.scheduler.advance(seconds: 1)
    #expect(h.catalog.add("nope") == .rejected("Unknown product"))
    #expect(h.catalog.remove("nope") == .rejected("Unknown product"))
    h.scheduler.settle()
    #expect(message.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
  }

  @Test("CO-18 the cart total is held in GBP")
  func co18() {
    let h = Harness().start()
    h.choose("AUD")
    h.catalog.add("peas")
    #expect(h.value(h.catalog.total) == "Total: 1.99 AUD")
    h.choose("GBP")
    #expect(h.value(h.catalog.total) == "Total: 0.95 GBP")
  }
}
