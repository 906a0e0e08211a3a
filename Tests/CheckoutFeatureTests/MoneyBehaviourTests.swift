import CheckoutFeature
import Testing
import ViewModelKit

@Suite("Checkout: money")
@MainActor
struct MoneyBehaviourTests {
  @Test("CO-46 a line converts its exact base amount, not the rounded unit price")
  func co46() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.choose("AUD")
    #expect(h.value(h.checkout.rows).map(\.text) == ["2 Bag of Peas for 3.97 AUD"])
  }

  @Test("CO-47 totals convert the exact GBP total")
  func co47() {
    let h = Harness().start()
    h.fill([("peas", 1), ("eggs", 1), ("milk", 1), ("beans", 1)])
    h.choose("AUD")
    #expect(h.value(h.catalog.total) == "Total: 10.62 AUD")
    let g = Harness().start()
    g.fill([("peas", 2), ("eggs", 2)])
    g.choose("USD")
    #expect(g.value(g.catalog.total) == "Total: 8.72 USD")
    #expect(
      g.value(g.checkout.rows).map(\.text) == [
        "2 Bag of Peas for 2.72 USD", "2 Dozen of Eggs for 6.01 USD",
      ])
  }

  @Test("CO-48 rounding is half-up, once")
  func co48() {
    let h = Harness().start()
    h.choose("JPY")
    // Yen has no minor unit (ISO 4217; issue 42): 181.925 is rounded once, to 182.
    #expect(h.value(h.catalog.rows)[0].price == "For only 182 JPY")
    h.choose("EUR")
    #expect(h.value(h.catalog.rows)[3].price == "For only 0.88 EUR")
    h.choose("CHF")
    #expect(h.value(h.catalog.rows)[0].price == "For only 1.07 CHF")
    h.fill([("peas", 2), ("eggs", 2)])
    h.choose("JPY")
    #expect(h.value(h.catalog.total) == "Total: 1168 JPY")
  }

  @Test("CO-49 the largest quantity")
  func co49() {
    let h = Harness().start()
    h.fill([("peas", 99)])
    h.choose("AUD")
    #expect(h.value(h.catalog.total) == "Total: 196.56 AUD")
  }

  @Test("CO-50 (in-process part) formatting ignores the locale")
  func co50InProcess() {
    // The child-process part, under de_DE.UTF-8, is in the end-to-end tests.
    #expect(Money.format(18193, code: "JPY") == "18193 JPY")
    #expect(Money.format(125, code: "BHD") == "0.125 BHD")
    #expect(Money.format(-7, code: "KWD") == "-0.007 KWD")
    #expect(Money.format(0, code: "GBP") == "0.00 GBP")
    #expect(Money.format(-5, code: "GBP") == "-0.05 GBP")
    #expect(Money.convert(1895, rate: ScaledDecimal(units: 1915, scale: 1)) == 362_893)
  }

  @Test("Rates are read exactly and labelled with their significant decimals")
  func rateText() throws {
    #expect(ScaledDecimal(text: "1.100")?.text(minimumDecimals: 2) == "1.10")
    #expect(ScaledDecimal(text: "191.5")?.text(minimumDecimals: 2) == "191.50")
    #expect(ScaledDecimal(jsonNumber: 1.1235)?.text(minimumDecimals: 2) == "1.1235")
    #expect(ScaledDecimal(jsonNumber: 0.0000001)?.text(minimumDecimals: 2) == "0.0000001")
    #expect(ScaledDecimal(text: "1e5") == nil)
    #expect(ScaledDecimal(text: "-1") == nil)
    #expect(Money.parsePrice("0.9") == nil && Money.parsePrice("123456.00") == nil)
    #expect(Money.parsePrice("99999.99") == 9_999_999)
  }
}
