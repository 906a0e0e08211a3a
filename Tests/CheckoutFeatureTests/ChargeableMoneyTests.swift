import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Money that cannot vanish (issue 51, item 6): only currencies a shop can charge in are
/// offered, and no order is placed whose amounts round to nothing while the cart is not empty.
@Suite("Checkout: money that cannot vanish (issue 51, item 6)")
@MainActor
struct ChargeableMoneyTests {
  func rates(_ entries: String) -> Data {
    Data(#"{"amount":1.0,"base":"GBP","date":"2025-01-15","rates":{\#(entries)}}"#.utf8)
  }

  @Test("metals, funds, units of account and testing codes are not offered; X-coded money is")
  func onlyChargeable() throws {
    let table = try RatesDecoder.decode(
      rates(
        #""XAU":0.00048,"XAG":0.04,"XPT":0.0013,"XPD":0.0012,"XDR":0.95,"XTS":1,"XXX":1,"#
          + #""BOV":0.1,"CLF":0.03,"UYI":50,"CHE":1.1,"XBA":1,"XSU":1,"#
          + #""XOF":760,"XAF":760,"XCD":3.4,"XPF":140,"EUR":1.16,"JPY":190"#))
    #expect(table.currencies.map(\.code) == ["GBP", "EUR", "JPY", "XAF", "XCD", "XOF", "XPF"])
    #expect(!Currency.isChargeable("xau") && !Currency.isChargeable("EURO"))
  }

  @Test("a currency in which the cart rounds to nothing is refused at the order, with why")
  func roundedAway() throws {
    let h = Harness()
    let tiny = Currency(code: "ZZZ", rate: try #require(ScaledDecimal(text: "0.01")))
    h.rates.fallback = .success(RatesTable(date: "2025-01-15", currencies: [.gbp, tiny]))
    h.storage.nextOrderNumber = 7
    h.start()
    h.fill([("peas", 3)])
    h.choose("ZZZ")
    h.fillForm(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane")
    // 3 bags of peas, £2.85, are 0.0285 ZZZ: 0.03, kept; at a rate of 0.001, 0.00285: nothing.
    #expect(h.value(h.form.placeOrderEnabled) == true)
    let dearer = Currency(code: "ZZZ", rate: try #require(ScaledDecimal(text: "0.001")))
    #expect(!dearer.keepsValue(of: h.session.cart.current))
    let line = try #require(h.session.cart.current.lines.first)
    #expect(dearer.convert(line.baseAmount) == 0)
    #expect(tiny.keepsValue(of: h.session.cart.current))
  }

  @Test("an order whose total would be nothing is never placed nor stored")
  func neverPlacedAtNothing() throws {
    let h = Harness()
    // XAU's rate in the attack: three bags of peas came to 0.00 XAU.
    let nothing = Currency(code: "ZZZ", rate: try #require(ScaledDecimal(text: "0.00048")))
    h.rates.fallback = .success(RatesTable(date: "2025-01-15", currencies: [.gbp, nothing]))
    h.start()
    h.fill([("peas", 3)])
    h.choose("ZZZ")
    h.fillForm(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane")
    #expect(h.value(h.form.placeOrderEnabled) == false)
    #expect(
      h.value(h.form.placeOrderHint)
        == "This cart cannot be charged in ZZZ: choose another currency")
    let answer = h.form.submitOrder().record(on: h.scheduler)
    h.scheduler.advance(seconds: 1)
    #expect(
      answer.values == [.rejected("This cart cannot be charged in ZZZ: choose another currency")])
    #expect(h.storage.savedDrafts.isEmpty)
  }
}
