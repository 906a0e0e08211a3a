import CheckoutFeature
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: order history")
@MainActor
struct HistoryBehaviourTests {
  @Test("CO-64 empty storage")
  func co64() {
    let h = Harness().start()
    #expect(h.value(h.history.rows) == [])
    #expect(h.value(h.history.emptyText) == "No orders yet")
    #expect(h.value(h.history.isLoading) == false)
  }

  func fixtureHarness() -> Harness {
    let h = Harness()
    h.storage = FakeStorage(h.scheduler, orders: (try? OrdersFixture.load()) ?? [])
    return h.start()
  }

  @Test("CO-65 the fixture orders, newest first, in UTC")
  func co65() throws {
    let h = fixtureHarness()
    let rows = h.value(h.history.rows)
    #expect(
      rows.map(\.summary) == [
        "#000002  2025-01-12 17:05  5 items  6.02 EUR",
        "#000001  2025-01-10 09:30  3 items  3.20 GBP",
      ])
    try #require(!rows.isEmpty)  // an empty history fails this test, not the whole run
    #expect(rows[0].lines == ["1 Dozen of Eggs for 2.52 EUR", "4 Can of Beans for 3.50 EUR"])
    #expect(rows[0].customer == "Bram Oakley, bram.oakley@example.net")
    #expect(h.value(h.history.emptyText) == "")
  }

  @Test("issue 42: an order's detail says where it goes, its address on one line")
  func shipTo() throws {
    let h = fixtureHarness()
    let rows = h.value(h.history.rows)
    #expect(
      rows.map(\.shipTo) == [
        "Ship to: Flat 3, 9 Mill Street, Harwick", "Ship to: 12 Larch Row, Brixfield",
      ])
    let text = try WireFormat.text(try #require(rows.first))
    #expect(text.contains(#""shipTo":"Ship to: Flat 3, 9 Mill Street, Harwick""#))
  }

  @Test("CO-65 a single unit reads 1 item")
  func co65SingleUnit() {
    let h = Harness().start()
    h.fill([("milk", 1)])
    h.fillForm()
    h.form.submitOrder()
    h.scheduler.settle()
    #expect(h.value(h.history.rows).first?.summary == "#000001  2025-01-15 14:03  1 item  1.30 GBP")
  }

  @Test("CO-66 a new order appears first without a reload")
  func co66() {
    let h = fixtureHarness()
    h.fill([("peas", 2), ("eggs", 2)])
    h.choose("AUD")
    h.fillForm()
    h.form.submitOrder()
    h.scheduler.settle()
    #expect(
      h.value(h.history.rows).first?.summary == "#000003  2025-01-15 14:03  4 items  12.75 AUD")
  }

  @Test("CO-67 changing currency changes no history text")
  func co67() {
    let h = fixtureHarness()
    let rows = h.record(h.history.rows)
    h.scheduler.settle()
    h.choose("JPY")
    #expect(rows.values.count == 1)
  }

  @Test("CO-68 a failing observation, then reload")
  func co68() {
    let h = Harness()
    h.storage = FakeStorage(h.scheduler, orders: (try? OrdersFixture.load()) ?? [])
    h.storage.failObserve = true
    let message = h.record(h.history.messages)
    h.start()
    #expect(message.values == ["Unable to load orders"])
    #expect(h.value(h.history.rows) == [])
    h.history.reload()  // still failing: the message again, still no rows
    h.scheduler.settle()
    #expect(message.values == ["Unable to load orders", "Unable to load orders"])
    #expect(h.value(h.history.rows) == [])
    h.storage.failObserve = false
    h.history.reload()
    h.scheduler.settle()
    // The retry read the stored orders: only a new observation can show them.
    #expect(
      h.value(h.history.rows).map(\.summary).first == "#000002  2025-01-12 17:05  5 items  6.02 EUR"
    )
    #expect(h.value(h.history.rows).count == 2 && h.value(h.history.emptyText) == "")
    #expect(message.values.count == 2)
  }
}
