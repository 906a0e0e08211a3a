import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: a recorded session replays")
@MainActor
struct CheckoutInputReplayTests {
  /// A shopper's session: two refusals among the inputs, a currency change, an order.
  let inputs: [CheckoutSessionInput] = [
    .catalog(.add(id: "peas", quantity: 2)),
    .catalog(.add(id: "peas", quantity: 98)),  // refused: at most 99
    .catalog(.filter(text: "bread")),
    .catalog(.checkout),
    .checkout(.chooseCurrency(code: "aud")),
    .orderForm(.setName(text: "Ana Lima")),
    .orderForm(.setEmail(text: "ana@example.com")),
    .orderForm(.setAddress(text: "4 Quay Lane, Dunmore")),
    .orderForm(.submitOrder),
    .orderForm(.dismissConfirmation),
    .history(.open),
  ]

  /// Every screen's states, as text, after `inputs` on a fresh session.
  private func run(_ inputs: [CheckoutSessionInput]) -> (lines: [String], session: Harness) {
    let h = Harness().start()
    let log = WireLog()
    log.follow("catalog", h.catalog.state)
    log.follow("checkout", h.checkout.state)
    log.follow("orderForm", h.form.state)
    log.follow("history", h.history.state)
    log.follow("account", h.session.account.state)
    let lines = SessionReplay.play(inputs, into: h.session, log: log, on: h.scheduler)
    return (lines, h)
  }

  @Test(
    "issue 39, item 1: the inputs, kept as JSON and read back, replay the session state for state")
  func replay() throws {
    let kept = try SessionReplay.throughTheWire(inputs)
    #expect(kept == inputs)
    let original = run(inputs)
    let replayed = run(kept)
    #expect(replayed.lines == original.lines)
    // What the session came to: an order in AUD, and the history shown over the catalog.
    #expect(original.session.value(original.session.history.state).rows.count == 1)
    #expect(original.session.session.coordinator.stack.map(\.scene) == [.catalog, .history])
    #expect(
      original.lines.contains { $0.hasPrefix("checkout ") && $0.contains(#""currencyCode":"AUD""#) }
    )
  }

  @Test("issue 39, item 2: every screen's state reads back from its wire form as it was")
  func statesRoundTrip() throws {
    let h = run(inputs).session
    let catalog = h.value(h.catalog.state)
    let checkout = h.value(h.checkout.state)
    let form = h.value(h.form.state)
    let history = h.value(h.history.state)
    let account = h.value(h.session.account.state)
    #expect(try SessionReplay.throughTheWire(catalog) == catalog)
    #expect(try SessionReplay.throughTheWire(checkout) == checkout)
    #expect(try SessionReplay.throughTheWire(form) == form)
    #expect(try SessionReplay.throughTheWire(history) == history)
    #expect(try SessionReplay.throughTheWire(account) == account)
    // Typed fields stay typed: money as an exact amount and its code, dates ISO 8601.
    let order = try #require(history.rows.first)
    let text = try WireFormat.text(order)
    #expect(text.contains(#""total":{"amount":"\#(order.total.amount)","currency":"AUD"}"#))
    #expect(text.contains(#""placedAt":"2025-01-15T14:03:00.000Z""#))
    #expect(try WireFormat.text(form.emailStatus) == #"{"state":"valid"}"#)
  }

  @Test("issue 39, item 1: an input names its screen on the wire; an unknown screen is refused")
  func wireShape() throws {
    #expect(
      try WireFormat.text(CheckoutSessionInput.catalog(.add(id: "peas", quantity: 2)))
        == #"{"catalog":{"add":{"id":"peas","quantity":2}}}"#)
    let decoder = WireFormat.decoder()
    #expect(throws: DecodingError.self) {
      try decoder.decode(CheckoutSessionInput.self, from: Data(#"{"basket":{"checkout":{}}}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try decoder.decode(
        CheckoutSessionInput.self,
        from: Data(#"{"catalog":{"checkout":{}},"history":{"open":{}}}"#.utf8))
    }
    #expect(
      try decoder.decode(CheckoutSessionInput.self, from: Data(#"{"history":{"open":{}}}"#.utf8))
        == .history(.open))
  }
}
