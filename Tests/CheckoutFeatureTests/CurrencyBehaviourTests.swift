import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: currency change")
@MainActor
struct CurrencyBehaviourTests {
  let allCodes = ["GBP", "AUD", "CAD", "CHF", "EUR", "JPY", "NZD", "SEK", "USD", "ZAR"]

  @Test("CO-25 the checkout at t=0")
  func co25() {
    let h = Harness().start()
    #expect(h.value(h.checkout.currency) == "Currency: GBP")
    #expect(h.value(h.checkout.changeCurrencyEnabled))
    #expect(h.value(h.checkout.currencyPicker) == nil)
    #expect(h.value(h.checkout.isLoading) == false)
    #expect(h.value(h.checkout.title) == "Checkout")
  }

  @Test("CO-26 fetching, then the picker opens")
  func co26() throws {
    let h = Harness()
    h.rates.delay = 1
    h.start()
    let loading = h.record(h.checkout.isLoading)
    let enabled = h.record(h.checkout.changeCurrencyEnabled)
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(loading.last == true && enabled.last == false)
    h.scheduler.advance(seconds: 1)
    let picker = try #require(h.value(h.checkout.currencyPicker))
    #expect(picker.title == "Change Currency")
    #expect(picker.prompt == "Please choose your currency")
    #expect(picker.ratesDate == "Rates of 2025-01-15")
    #expect(picker.choices.map(\.code) == allCodes)
    #expect(picker.choices.filter(\.isCurrent).map(\.code) == ["GBP"])
    #expect(loading.values == [false, true, false])
    #expect(enabled.last == true)
  }

  @Test("CO-27 a second run while fetching is refused and calls nothing")
  func co27() {
    let h = Harness()
    h.rates.delay = 1
    h.start()
    let errors = h.record(h.checkout.changeCurrency.errors)
    let message = h.record(h.checkout.messages)
    h.checkout.changeCurrency.execute(())
    h.scheduler.advance(seconds: 0.5)
    let second = h.checkout.changeCurrency.execute(()).record(on: h.scheduler)
    let answer = h.checkout.openCurrencyPicker().record(on: h.scheduler)
    #expect(answer.values == [.rejected("Already retrieving currencies")])
    #expect(second.failure?.isNotEnabled == true)
    h.scheduler.advance(seconds: 1)
    #expect(h.rates.calls == 1)
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(message.values.isEmpty)
  }

  @Test("type-ahead in the picker: the next code starting with a letter, wrapping round")
  func typeAhead() throws {
    let h = Harness()
    h.start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let picker = try #require(h.value(h.checkout.currencyPicker))
    let codes = picker.choices.map(\.code)
    #expect(codes == allCodes)
    let c = picker.choice(startingWith: "c", after: 0)
    #expect(c.map { codes[$0] } == "CAD")
    #expect(picker.choice(startingWith: "C", after: try #require(c)).map { codes[$0] } == "CHF")
    #expect(picker.choice(startingWith: "C", after: try #require(c) + 1) == c)  // wraps round
    #expect(picker.choice(startingWith: "g", after: 0) == 0)  // itself, last
    #expect(picker.choice(startingWith: "x", after: 3) == nil)
    #expect(picker.choice(startingWith: "u", after: 99).map { codes[$0] } == "USD")
    #expect(picker.choices.map(\.line).prefix(2) == ["GBP  1.00 *", "AUD  2.09"])
  }

  @Test("CO-28 labels, and GBP entries ignored")
  func co28() throws {
    for body in [
      #"{"base":"GBP","rates":{"USD":1.43,"GBP":1,"AUD":2.09}}"#,
      #"{"base":"GBP","rates":{"USD":1.43,"GBP":0.9,"AUD":2.09}}"#,
    ] {
      let h = Harness()
      h.rates.fallback = Result { () throws(RatesError) in try RatesDecoder.decode(Data(body.utf8))
      }
      h.start()
      h.checkout.changeCurrency.execute(())
      h.scheduler.settle()
      let picker = try #require(h.value(h.checkout.currencyPicker))
      #expect(picker.choices.map(\.label) == ["GBP  1.00", "AUD  2.09", "USD  1.43"])
    }
  }

  @Test("CO-29 selecting AUD re-prices everything and closes the picker")
  func co29() {
    let h = Harness().start()
    h.fill([("peas", 2), ("eggs", 2)])
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.checkout.select("AUD") == .accepted)
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) == nil)
    #expect(
      h.value(h.checkout.rows).map(\.text) == [
        "2 Bag of Peas for 3.97 AUD", "2 Dozen of Eggs for 8.78 AUD",
      ])
    #expect(h.value(h.checkout.total) == "Total: 12.75 AUD")
    #expect(h.value(h.catalog.total) == "Total: 12.75 AUD")
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
    #expect(
      h.value(h.catalog.rows).map(\.price)
        == ["For only 1.99 AUD", "For only 4.39 AUD", "For only 2.72 AUD", "For only 1.53 AUD"])
  }

  @Test("CO-30 codes are trimmed and case-insensitive")
  func co30() {
    let h = Harness().start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.checkout.select(" aud ") == .accepted)
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
  }

  @Test("CO-31 an unknown code keeps the picker open")
  func co31() {
    let h = Harness().start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let message = h.record(h.checkout.messages)
    #expect(h.checkout.select("XYZ") == .rejected("Unknown currency: XYZ"))
    #expect(h.checkout.select(" xyz ") == .rejected("Unknown currency: XYZ"))
    h.scheduler.settle()
    #expect(message.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
    #expect(h.value(h.checkout.currencyPicker) != nil)
    #expect(h.value(h.checkout.currency) == "Currency: GBP")
  }

  @Test("CO-32 select with the picker closed is refused silently")
  func co32() {
    let h = Harness().start()
    let message = h.record(h.checkout.messages)
    #expect(h.checkout.select("AUD") == .rejected("The currency list is not open"))
    h.scheduler.settle()
    #expect(message.values.isEmpty)
    #expect(h.value(h.checkout.currency) == "Currency: GBP")
  }

  @Test("CO-33 cancel closes the picker and changes no amount")
  func co33() {
    let h = Harness().start()
    h.fill([("peas", 1)])
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let total = h.record(h.checkout.total)
    h.checkout.cancel()
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) == nil)
    #expect(total.values == ["Total: 0.95 GBP"])
  }

  @Test("CO-34 choosing the current currency at the same rate changes nothing")
  func co34() {
    let h = Harness().start()
    h.fill([("peas", 1)])
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let total = h.record(h.catalog.total)
    let rows = h.record(h.catalog.rows)
    h.scheduler.settle()
    #expect(h.checkout.select("GBP") == .accepted)
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) == nil)
    #expect(total.values.count == 1 && rows.values.count == 1)
  }

  @Test("CO-35 a catalog created later starts in the chosen currency")
  func co35() {
    let h = Harness().start()
    h.choose("AUD")
    let later = CatalogViewModel(
      catalog: FixtureCatalogService(), cart: h.session.cart, currency: h.session.currency,
      activity: ActivityTracker(scheduler: h.scheduler.asAny), scheduler: h.scheduler.asAny)
    let rows = later.rows.record(on: h.scheduler)
    let total = later.total.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(rows.last?.first?.price == "For only 1.99 AUD")
    #expect(total.last == "Total: 0.00 AUD")
  }

  @Test("CO-36 back to GBP restores exact amounts")
  func co36() {
    let h = Harness().start()
    h.fill([("peas", 2), ("eggs", 2)])
    h.choose("AUD")
    h.choose("GBP")
    #expect(h.value(h.catalog.rows)[0].price == "For only 0.95 GBP")
    #expect(h.value(h.catalog.total) == "Total: 6.10 GBP")
  }

  @Test("CO-37 a new rate applies only when selected again")
  func co37() throws {
    let h = Harness().start()
    h.fill([("peas", 2), ("eggs", 2)])
    h.choose("AUD")
    h.rates.fallback = .success(
      RatesTable(
        date: nil,
        currencies: [.gbp, Currency(code: "AUD", rate: try #require(ScaledDecimal(text: "2.10")))]))
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.value(h.checkout.total) == "Total: 12.75 AUD")
    h.checkout.select("AUD")
    #expect(h.value(h.checkout.total) == "Total: 12.81 AUD")
  }

  @Test("CO-38 re-fetching with the picker open keeps it open")
  func co38() throws {
    let h = Harness().start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let first = try #require(h.value(h.checkout.currencyPicker))
    h.rates.fallback = .failure(.network)
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) == first)
    h.rates.fallback = .success(RatesTable(date: nil, currencies: [.gbp]))
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker)?.choices.map(\.code) == ["GBP"])
  }

  @Test("CO-81 chooseCurrency fetches, selects and answers")
  func co81() {
    let h = Harness()
    h.rates.delay = 1
    h.start()
    h.fill([("peas", 2), ("eggs", 2)])
    let answer = h.checkout.chooseCurrency(code: " aud ").record(on: h.scheduler)
    #expect(h.rates.calls == 1)
    h.scheduler.advance(seconds: 1)
    #expect(answer.values == [.accepted])
    #expect(answer.times == [1])
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
    #expect(h.value(h.checkout.total) == "Total: 12.75 AUD")
    #expect(h.value(h.catalog.total) == "Total: 12.75 AUD")
    #expect(h.value(h.checkout.currencyPicker) == nil)

    // With the picker open: at once, no call.
    h.checkout.changeCurrency.execute(())
    h.scheduler.advance(seconds: 1)
    let calls = h.rates.calls
    #expect(h.checkout.chooseCurrency(code: "gbp").record(on: h.scheduler).values == [.accepted])
    #expect(h.rates.calls == calls)

    // Unknown code: answered after the fetch, the picker stays open.
    let message = h.record(h.checkout.messages)
    let unknown = h.checkout.chooseCurrency(code: "XYZ").record(on: h.scheduler)
    h.scheduler.advance(seconds: 1)
    #expect(unknown.values == [.rejected("Unknown currency: XYZ")])
    #expect(message.values.isEmpty)
    #expect(h.value(h.checkout.currencyPicker) != nil)

    // A failed fetch.
    h.checkout.cancel()
    h.rates.fallback = .failure(.http(status: 500))
    let failed = h.checkout.chooseCurrency(code: "EUR").record(on: h.scheduler)
    h.scheduler.advance(seconds: 1)
    #expect(failed.values == [.rejected("Unable to retrieve currencies")])

    // Offline with the picker closed.
    h.connectivity.relay.accept(false)
    let calledBefore = h.rates.calls
    let offline = h.checkout.chooseCurrency(code: "EUR").record(on: h.scheduler)
    #expect(offline.values == [.rejected("Offline: currency change unavailable")])
    #expect(h.rates.calls == calledBefore)
  }
}

@Suite("Checkout: a remembered currency")
@MainActor
struct RestoredCurrencyTests {
  @Test("issue 39, item 7: one input, one rates request, the picker never opens")
  func restoredByOneRequest() {
    let h = Harness().start()
    h.rates.delay = 1
    let pickers = h.record(h.checkout.currencyPicker)
    let messages = h.record(h.checkout.messages)
    h.checkout.send(.restoreCurrency(code: " aud "))
    h.scheduler.advance(seconds: 2)
    #expect(h.rates.calls == 0, "nothing before the screen is seen")
    h.session.setActive(true)
    h.scheduler.advance(seconds: 2)
    #expect(h.rates.calls == 1)
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
    #expect(pickers.values.allSatisfy { $0 == nil }, "the picker never opened")
    #expect(messages.values.isEmpty)
  }

  @Test("issue 39, item 7: a code the rates do not have keeps GBP and says why")
  func unknownCodeKeepsGBP() {
    let h = Harness().start()
    let messages = h.record(h.checkout.messages)
    h.session.setActive(true)
    h.checkout.send(.restoreCurrency(code: "XYZ"))
    h.scheduler.advance(seconds: 1)
    #expect(h.value(h.checkout.currency) == "Currency: GBP")
    #expect(messages.values == ["Showing GBP: XYZ is not available. Unknown currency: XYZ"])
  }
}
