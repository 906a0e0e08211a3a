import CheckoutFeature
import Fixtures
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: becoming seen")
@MainActor
struct CheckoutActivationBehaviourTests {
  /// The fixture's rates with AUD at 2.50.
  static let newerTable =
    (try? RatesDecoder.decode(
      Data(#"{"base":"GBP","date":"2025-01-16","rates":{"GBP":1,"AUD":2.5,"EUR":1.2}}"#.utf8)))
    ?? RatesTable(date: nil, currencies: [])

  @Test("AV-08 back after an hour: the rates are fetched again and AUD takes its new rate")
  func av08() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.choose("AUD")
    #expect(h.value(h.checkout.total) == "Total: 3.97 AUD")
    #expect(h.rates.calls == 1)
    h.rates.fallback = .success(Self.newerTable)
    h.checkout.setActive(true)
    h.scheduler.advance(seconds: 1800)
    h.checkout.setActive(false)
    h.checkout.setActive(true)  // half an hour: fresh enough
    h.scheduler.settle()
    #expect(h.rates.calls == 1)
    h.checkout.setActive(false)
    h.scheduler.advance(seconds: 1800)
    h.checkout.setActive(true)
    h.scheduler.settle()
    #expect(h.rates.calls == 2)
    #expect(h.value(h.checkout.total) == "Total: 4.75 AUD")
    #expect(h.value(h.checkout.currencyPicker) == nil)  // in the background: no picker
  }

  @Test("AV-08 one background fetch at a time: seen again while it runs asks nothing more")
  func av08OneAtATime() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.choose("AUD")
    #expect(h.rates.calls == 1)
    h.rates.fallback = .success(Self.newerTable)
    h.checkout.setActive(true)
    h.checkout.setActive(false)
    h.scheduler.advance(seconds: 3600)
    h.checkout.setActive(true)  // stale: the refresh starts
    h.checkout.setActive(false)
    h.checkout.setActive(true)  // still running: no second fetch
    h.scheduler.settle()
    #expect(h.rates.calls == 2)
    #expect(h.value(h.checkout.total) == "Total: 4.75 AUD")
  }

  @Test("AV-08 a failure keeps the rate and says nothing; an open picker is left alone")
  func av08Failure() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.choose("AUD")
    let messages = h.record(h.checkout.messages)
    h.rates.fallback = .failure(.network)
    h.scheduler.advance(seconds: 3600)
    h.checkout.setActive(true)
    h.scheduler.settle()
    #expect(h.rates.calls == 2 && messages.values.isEmpty)
    #expect(h.value(h.checkout.total) == "Total: 3.97 AUD")
    h.rates.fallback = .success(fixtureTable)
    _ = h.checkout.openCurrencyPicker()
    h.scheduler.settle()
    h.checkout.setActive(false)
    h.scheduler.advance(seconds: 7200)
    h.checkout.setActive(true)
    h.scheduler.settle()
    #expect(h.rates.calls == 3)  // the picker's own fetch, no background one
  }

  @Test("AV-10 flapping an hour later fetches once; with no rates fetched yet, nothing")
  func av10() {
    let fresh = Harness().start()
    fresh.scheduler.advance(seconds: 7200)
    fresh.checkout.setActive(true)
    fresh.scheduler.settle()
    #expect(fresh.rates.calls == 0)  // GBP needs no rates
    let h = Harness().start()
    h.choose("AUD")
    h.rates.delay = 0.5
    h.scheduler.advance(seconds: 3600)
    for index in 0..<10 {
      h.checkout.setActive(index % 2 == 0)
      h.scheduler.advance(seconds: 0.1)
    }
    h.scheduler.advance(seconds: 1)
    #expect(h.rates.calls == 2)
  }
}
