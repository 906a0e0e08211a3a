import AppInfrastructure
import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// An HTTP client answering one canned response.
/// (`@unchecked`: only the test's own thread touches `requests`.)
final class CannedHTTPClient: HTTPClient, @unchecked Sendable {
  let response: HTTPResponse
  private(set) var requests: [(url: URL, headers: [String: String])] = []
  init(status: Int, body: String) { response = HTTPResponse(status: status, body: Data(body.utf8)) }
  func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    requests.append((request.url, request.headers))
    return Just(response).setFailureType(to: URLError.self).eraseToAnyPublisher()
  }
}

@Suite("Checkout: rates failures and offline")
@MainActor
struct RatesFailureBehaviourTests {
  /// Runs CO-39's scenario on `rates` and checks its outcome.
  func expectFailureOutcome(rates: (Harness) -> any RatesService, delay: Double = 1) {
    let h = Harness()
    let service = rates(h)
    let session = CheckoutSession(
      services: CheckoutServices(
        catalog: h.catalogService,
        rates: DelayedRates(inner: service, delay: delay, scheduler: h.scheduler),
        connectivity: h.connectivity, storage: h.storage),
      clock: { h.now }, scheduler: h.scheduler.asAny)
    h.scheduler.settle()
    session.catalog.add("peas", quantity: 2)
    session.catalog.add("eggs", quantity: 2)
    let message = session.checkout.messages.record(on: h.scheduler)
    let answer = session.checkout.openCurrencyPicker().record(on: h.scheduler)
    h.scheduler.advance(seconds: delay)
    #expect(message.values == ["Unable to retrieve currencies"])
    #expect(message.times == [delay])
    #expect(answer.values == [.rejected("Unable to retrieve currencies")])
    let picker = session.checkout.currencyPicker.record(on: h.scheduler)
    let total = session.checkout.total.record(on: h.scheduler)
    let catalogTotal = session.catalog.total.record(on: h.scheduler)
    let enabled = session.checkout.changeCurrencyEnabled.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(picker.last == .some(nil))
    #expect(total.last == "Total: 6.10 GBP" && catalogTotal.last == "Total: 6.10 GBP")
    #expect(enabled.last == true)
  }

  struct DelayedRates: RatesService {
    let inner: any RatesService
    let delay: Double
    let scheduler: TestSchedulerOf<DispatchQueue>
    func latestRates() -> AnyPublisher<RatesTable, RatesError> {
      inner.latestRates().after(delay, on: scheduler)
    }
  }

  @Test("CO-39 a failed fetch shows one message and changes nothing; a later run works")
  func co39() {
    expectFailureOutcome { h in
      h.rates.fallback = .failure(.network)
      return h.rates
    }
    let h = Harness()
    h.rates.answers = [.failure(.timeout)]
    h.start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) != nil)
  }

  @Test("CO-40 HTTP error statuses", arguments: [401, 403, 404, 429, 500, 503])
  func co40(status: Int) {
    expectFailureOutcome { _ in
      HTTPRatesService(
        url: (URL(string: "http://rates.invalid/latest") ?? URL(fileURLWithPath: "/")), apiKey: nil,
        client: CannedHTTPClient(status: status, body: "{}"))
    }
  }

  @Test(
    "CO-41 unusable bodies",
    arguments: [
      "not json", "[]", "", #"{"base":"GBP"}"#, #"{"base":"GBP","rates":{}}"#,
      #"{"base":"GBP","rates":{"GBP":1}}"#, #"{"base":"USD","rates":{"GBP":0.79}}"#,
      #"{"success":false,"error":{"code":101}}"#,
    ])
  func co41(body: String) {
    expectFailureOutcome { _ in
      HTTPRatesService(
        url: (URL(string: "http://rates.invalid/latest") ?? URL(fileURLWithPath: "/")), apiKey: nil,
        client: CannedHTTPClient(status: 200, body: body))
    }
  }

  @Test("CO-42 bad entries are skipped")
  func co42() throws {
    let body =
      #"{"base":"GBP","date":"15/01/2025","rates":{"AUD":2.09,"usd":1.4,"EUR":"1.2","CAD":-1,"CHF":0,"XXXX":3}}"#
    let table = try RatesDecoder.decode(Data(body.utf8))
    #expect(table.currencies.map(\.code) == ["GBP", "AUD"])
    let h = Harness()
    h.rates.fallback = .success(table)
    h.start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    let picker = try #require(h.value(h.checkout.currencyPicker))
    #expect(picker.choices.map(\.code) == ["GBP", "AUD"])
    #expect(picker.ratesDate == "")
  }

  @Test("CO-43 a fetch that never answers times out at 10 s")
  func co43() {
    let h = Harness()
    h.rates.never = true
    h.start()
    let loading = h.record(h.checkout.isLoading)
    let message = h.record(h.checkout.messages)
    h.checkout.changeCurrency.execute(())
    h.scheduler.advance(seconds: 9.999)
    #expect(loading.last == true)
    #expect(message.values.isEmpty)
    h.scheduler.advance(toSeconds: 10)
    #expect(message.values == ["Unable to retrieve currencies"])
    #expect(message.times == [10])
    #expect(loading.last == false)
    #expect(h.checkout.changeCurrency.isEnabled)
  }

  @Test("CO-44 offline disables the action with a notice")
  func co44() {
    let h = Harness().start()
    let enabled = h.record(h.checkout.changeCurrencyEnabled)
    let notice = h.record(h.checkout.offlineNotice)
    h.connectivity.relay.accept(false)
    h.scheduler.settle()
    #expect(enabled.last == false)
    #expect(notice.last == "Offline: currency change unavailable")
    #expect(
      h.checkout.changeCurrency.execute(()).record(on: h.scheduler).failure?.isNotEnabled == true)
    #expect(
      h.checkout.openCurrencyPicker().record(on: h.scheduler).values == [
        .rejected("Offline: currency change unavailable")
      ])
    #expect(h.rates.calls == 0)
    h.connectivity.relay.accept(true)
    h.scheduler.settle()
    #expect(enabled.last == true)
    #expect(notice.last == "")
  }

  @Test("CO-45 going offline leaves an open picker usable")
  func co45() {
    let h = Harness().start()
    h.checkout.changeCurrency.execute(())
    h.scheduler.settle()
    h.connectivity.relay.accept(false)
    h.scheduler.settle()
    #expect(h.value(h.checkout.currencyPicker) != nil)
    #expect(h.checkout.select("EUR") == .accepted)
    #expect(h.value(h.checkout.currency) == "Currency: EUR")
  }
}
