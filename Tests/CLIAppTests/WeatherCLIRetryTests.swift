import CLIApp
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// A weather service whose every answer is an HTTP 503.
private struct UnavailableWeather: WeatherService {
  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > { Fail(error: .server(status: 503)).eraseToAnyPublisher() }
  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError> {
    Fail(error: .server(status: 503)).eraseToAnyPublisher()
  }
  func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > { Fail(error: .server(status: 503)).eraseToAnyPublisher() }
}

@Suite("CLI: weather retries")
@MainActor
struct WeatherCLIRetryTests {
  @Test("issue 29, item 5: each failure's toast, then a line as each retry starts")
  func attemptLines() {
    let scheduler = DispatchQueue.test
    let streams = MemoryStreams()
    let cache = InMemoryWeatherCache()
    let viewModel = WeatherViewModel(
      service: UnavailableWeather(),
      location: StaticLocationProvider(
        fix: LocationFix(
          coordinate: Coordinate(latitude: 52.37, longitude: 4.89), horizontalAccuracy: 15)),
      cache: cache, apiKey: "abcd1234",
      initialMapCenter: Coordinate(latitude: 52.37, longitude: 4.89), symbols: .unicode,
      scheduler: scheduler.asAny)
    let session = WeatherSession(weather: viewModel, cache: cache, scheduler: scheduler.asAny)
    let shell = CLIShell(
      app: WeatherCLI(session: session), json: false, streams: streams,
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
    shell.start(printInitialSet: true) {}
    shell.run(line: "search London") { _ in }
    shell.finish {}
    let messages = streams.transcript.filter { $0.hasPrefix("! ") }
    let failure = "! Weather server error (HTTP 503)"
    #expect(
      messages == [
        failure, "! attempt 2 of 4", failure, "! attempt 3 of 4", failure, "! attempt 4 of 4",
        failure,
      ])
    #expect(streams.transcript.contains("cityName: No data"))
  }
}
