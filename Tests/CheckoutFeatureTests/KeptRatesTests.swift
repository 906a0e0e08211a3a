import AppInfrastructure
import CheckoutFeature
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 30, item 3: the ECB's rates from Frankfurter by default, the last good answer kept on
/// disk for when they cannot be had, and the samples only with no network and nothing kept.
@Suite("Checkout: Frankfurter's rates, kept on disk")
struct KeptRatesTests {
  static let frankfurter =
    (try? FixtureLoader.bundled.data("checkout/frankfurter-latest.json")) ?? Data()

  func scratchFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("rates-\(UUID().uuidString).json")
  }

  func service(_ url: URL, file: URL?, fallback: NetworkFallback? = nil) -> KeptRatesService {
    KeptRatesService(file: file, samples: FixtureRatesService(), fallback: fallback) { keep in
      HTTPRatesService(
        url: url, apiKey: nil,
        client: FallbackWatchingClient(
          CurlHTTPClient(timeout: 60), fallback: fallback ?? NetworkFallback()),
        source: "ECB, via Frankfurter", keep: keep)
    }
  }

  @Test("Frankfurter's answer, every field: 30 currencies and GBP, exact rates, its date; kept")
  func frankfurterAnswer() async throws {
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(statusCode: .ok, body: Self.frankfurter)
    }
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let rates = service(server.baseURL.appendingPathComponent("v1/latest"), file: file)
    #expect(!rates.canAnswerOffline)
    let table = try await outcome(of: rates.latestRates()).get()
    await server.stop()
    #expect(table.date == "2025-11-24" && table.origin == .live && table.currencies.count == 31)
    #expect(table.currencies.first?.code == "GBP")
    #expect(table.currency("IDR")?.rate.text(minimumDecimals: 0) == "21898")
    #expect(table.currency("CZK")?.rate.text(minimumDecimals: 2) == "27.539")
    #expect(try Data(contentsOf: file) == Self.frankfurter && rates.canAnswerOffline)
    #expect(rates.source == "ECB, via Frankfurter")
  }

  @Test("the service gone: the kept rates answer, marked kept, with their own date")
  func keptWhenGone() async throws {
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(at: file) }
    try Self.frankfurter.write(to: file)
    let closed = try ClosedPort()
    let table = try await outcome(of: service(closed.baseURL, file: file).latestRates()).get()
    #expect(table.origin == .kept && table.date == "2025-11-24" && table.currencies.count == 31)
  }

  @Test("nothing kept: no network gives the samples; a server failing is the failure")
  func samplesOnlyWithoutNetwork() async throws {
    let closed = try ClosedPort()
    let refused = try await outcome(of: service(closed.baseURL, file: nil).latestRates())
    #expect(refused == .failure(.network))
    let fallback = NetworkFallback()
    fallback.note(URLError(.cannotFindHost))
    let sample = try await outcome(
      of: service(closed.baseURL, file: nil, fallback: fallback).latestRates()
    ).get()
    #expect(sample.origin == .sample && sample.date == "2025-01-15")
  }

  @Test("a kept file that is broken, too big or not a file is no kept rates")
  func badKeptFile() async throws {
    let closed = try ClosedPort()
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(at: file) }
    for body in [Data("{\"base\":\"GBP\"".utf8), Data(repeating: 32, count: 300_000)] {
      try body.write(to: file)
      let rates = service(closed.baseURL, file: file)
      #expect(!rates.canAnswerOffline)
      #expect(try await outcome(of: rates.latestRates()) == .failure(.network))
    }
    try? FileManager.default.removeItem(at: file)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(!service(closed.baseURL, file: file).canAnswerOffline)
  }
}

@Suite("Checkout: the currency change with kept or sample rates")
@MainActor
struct KeptRatesScreenTests {
  @Test("offline with kept rates the change stays on, and the picker says they are kept")
  func offlineWithKept() {
    let h = Harness()
    h.rates.canAnswerOffline = true
    h.rates.fallback = .success(
      RatesTable(date: "2025-11-24", currencies: fixtureTable.currencies, origin: .kept))
    h.connectivity.relay.accept(false)
    h.start()
    let state = h.record(h.checkout.state)
    h.scheduler.settle()
    #expect(state.last?.changeCurrencyEnabled == true && state.last?.offlineNotice == "")
    _ = h.checkout.openCurrencyPicker()
    h.scheduler.settle()
    #expect(state.last?.currencyPicker?.ratesDate == "Rates of 2025-11-24, kept (no connection)")
  }

  @Test("offline with nothing kept: off, as CO-44 says")
  func offlineWithout() {
    let h = Harness()
    h.connectivity.relay.accept(false)
    h.start()
    #expect(h.value(h.checkout.state).changeCurrencyEnabled == false)
  }

  @Test("sample rates: the toast says no network, the picker says sample")
  func sampleRates() {
    let h = Harness()
    h.rates.fallback = .success(
      RatesTable(date: "2025-01-15", currencies: fixtureTable.currencies, origin: .sample))
    h.start()
    let toasts = h.record(h.checkout.events.map(\.message))
    let state = h.record(h.checkout.state)
    _ = h.checkout.openCurrencyPicker()
    h.scheduler.settle()
    #expect(toasts.values == ["No network: showing sample data"])
    #expect(state.last?.currencyPicker?.ratesDate == "Sample rates of 2025-01-15 (no network)")
  }
}
