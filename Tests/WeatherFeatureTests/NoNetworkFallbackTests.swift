import AppInfrastructure
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// A transport that finds no DNS until `online` is set, then answers like Open-Meteo: a
/// search finds Paris, anything else is the weather now.
final class SwitchableTransport: HTTPClient, @unchecked Sendable {
  var online = false
  private(set) var requests = 0

  func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    requests += 1
    guard online else { return Fail(error: URLError(.cannotFindHost)).eraseToAnyPublisher() }
    let body =
      request.url.path.hasSuffix("search")
      ? #"{"results":[{"name":"Paris","latitude":48.85,"longitude":2.35,"country_code":"FR"}]}"#
      : #"{"current":{"temperature_2m":21.5,"relative_humidity_2m":40,"weather_code":0,"is_day":1}}"#
    return Just(HTTPResponse(status: 200, body: Data(body.utf8))).setFailureType(to: URLError.self)
      .eraseToAnyPublisher()
  }
}

/// Issue 30, item 4: live by default; a first request that finds no network shows the samples
/// and says so; a refresh tries the live service again.
@Suite("Weather: no network, the samples")
@MainActor
struct NoNetworkFallbackTests {
  let scheduler = DispatchQueue.test
  let transport = SwitchableTransport()
  let viewModel: WeatherViewModel
  let fallback = NetworkFallback()

  init() throws {
    let fallback = fallback
    let live = OpenMeteoService(
      client: FallbackWatchingClient(transport, fallback: fallback))
    let samples = try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny)
    viewModel = WeatherViewModel(
      service: SampleFallbackWeatherService(live: live, samples: samples, fallback: fallback),
      location: DeniedLocationProvider(), cache: InMemoryWeatherCache(), apiKey: "",
      initialMapCenter: Coordinate(latitude: 52.37, longitude: 4.89), symbols: .unicode,
      scheduler: scheduler.asAny)
  }

  @Test("no DNS: the sample London, one toast, the note, no key status; refresh goes live")
  func fallsBackThenLive() throws {
    let state = viewModel.state.record(on: scheduler)
    let toasts = viewModel.events.map(\.message).record(on: scheduler)
    viewModel.setQuery("London")
    viewModel.submit()
    scheduler.advance(by: .seconds(1))
    let shown = try #require(state.last)
    #expect(shown.cityName == "London" && shown.temperature == "12°C")
    #expect(shown.noNetwork && shown.sampleNote == "No network: showing sample data")
    #expect(shown.apiKeyStatus == "" && shown.attribution == "")
    #expect(toasts.values == ["No network: showing sample data"])
    #expect(transport.requests == 1)
    // A second search stays with the samples, without asking the network again.
    viewModel.setQuery("Paris")
    viewModel.submit()
    scheduler.advance(by: .seconds(1))
    #expect(state.last?.cityName == "Paris" && transport.requests == 1)
    #expect(toasts.values.count == 1)
    // The network is back: a refresh asks the live service, which answers.
    transport.online = true
    viewModel.refresh()
    scheduler.advance(by: .seconds(1))
    let live = try #require(state.last)
    #expect(live.cityName == "Paris, FR" && live.temperature == "22°C")
    #expect(
      !live.noNetwork && live.sampleNote == ""
        && live.attribution == "Weather data by Open-Meteo.com")
    #expect(toasts.values.count == 1)
  }

  @Test(
    "no network found at start (the probe): the title says so before any search; the first search toasts"
  )
  func probeAtStart() throws {
    let state = viewModel.state.record(on: scheduler)
    let toasts = viewModel.events.map(\.message).record(on: scheduler)
    fallback.note(URLError(.cannotFindHost))
    scheduler.advance()
    let start = try #require(state.last)
    #expect(start.noNetwork && start.sampleNote == "No network: showing sample data")
    #expect(start.labelsHidden && toasts.values.isEmpty)
    viewModel.setQuery("London")
    viewModel.submit()
    scheduler.advance(by: .seconds(1))
    #expect(state.last?.cityName == "London" && transport.requests == 0)
    #expect(toasts.values == ["No network: showing sample data"])
  }
}
