import Fixtures
import Foundation
import ViewModelKit
import WeatherFeature

/// The weather budget (spec section 8), on a fake service and a test scheduler: the cache at
/// capacity, rapid submissions, fallbacks under failure, decoding, the chart, the map and
/// the fixture service's start-up.
let weatherSuite = BenchmarkSuite(
  name: "weather",
  summary: "cache, rapid submissions, fallbacks, decoding, chart, map and fixture start-up"
) {
  runWeatherBenchmarks()
}

/// Answers every call after `delay` on the scheduler (or fails at once), counting the
/// subscriptions that are still open.
private final class BenchWeatherService: WeatherService, @unchecked Sendable {
  // Used from the benchmark's thread only.
  let scheduler: TestSchedulerOf<DispatchQueue>
  var delay = 0.05
  var failing = false
  private(set) var active = 0

  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    let name: String
    if case .city(let text) = query { name = text } else { name = "" }
    let weather = Weather(
      cityName: name, coordinate: Coordinate(latitude: 51.5, longitude: -0.12), temperatureC: 12,
      humidity: 80, iconCode: "04d", description: "broken clouds")
    let answer: AnyPublisher<Weather, WeatherError> =
      failing
      ? Fail(error: .server(status: 500)).eraseToAnyPublisher()
      : Just(weather).setFailureType(to: WeatherError.self)
        .delay(for: .milliseconds(Int(delay * 1000)), scheduler: scheduler)
        .eraseToAnyPublisher()
    return answer.handleEvents(
      receiveSubscription: { [self] _ in active += 1 },
      receiveCompletion: { [self] _ in active -= 1 },
      receiveCancel: { [self] in active -= 1 }
    ).eraseToAnyPublisher()
  }

  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError> {
    Fail(error: .network).eraseToAnyPublisher()
  }

  func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    Fail(error: .network).eraseToAnyPublisher()
  }
}

@MainActor
private func runWeatherBenchmarks() -> Bool {
  var budgets: [Budget] = []
  var problems: [String] = []

  // The cache at capacity.
  let cache = InMemoryWeatherCache()
  let sample = Weather(
    cityName: "Bench", coordinate: Coordinate(latitude: 1, longitude: 2), temperatureC: 3,
    humidity: 4, iconCode: "01d", description: "clear sky")
  let keys = (0..<20_000).map { CityKey("city \($0)")! }
  for key in keys.prefix(10_000) { cache.store(sample, for: key) }
  var next = 10_000
  budgets.append(
    Budget(
      measure("cache store at 10,000 keys (evicts one)", warmup: 100, runs: 1000) {
        cache.store(sample, for: keys[next % keys.count])
        next += 1
      }, limit: 20e-6))
  var probe = 0
  budgets.append(
    Budget(
      measure("cache lookup at 10,000 keys", warmup: 100, runs: 1000) {
        blackHole(cache.weather(for: keys[(probe * 7919) % keys.count]))
        probe += 1
      }, limit: 20e-6))

  // Rapid submissions: 1,000 cities 1 ms apart; only the last one is shown.
  let scheduler = DispatchQueue.test
  let service = BenchWeatherService(scheduler: scheduler)
  var viewModel: WeatherViewModel? = WeatherViewModel(
    service: service, location: DeniedLocationProvider(), cache: InMemoryWeatherCache(),
    apiKey: "bench", initialMapCenter: Coordinate(latitude: 0, longitude: 0),
    scheduler: scheduler.eraseToAnyScheduler())
  var displays = 0
  var subscriptions = Set<AnyCancellable>()
  viewModel!.isLoading.dropFirst().filter { !$0 }.sink { _ in displays += 1 }
    .store(in: &subscriptions)
  var submitTimes: [Double] = []
  var memoryAt100 = 0.0
  for index in 0..<1000 {
    viewModel!.setQuery("City \(index)")
    submitTimes.append(cpuTime { _ = viewModel!.submit() })
    scheduler.advance(by: .milliseconds(1))
    if index == 99 { memoryAt100 = residentMegabytes() ?? 0 }
  }
  let memoryAt1000 = residentMegabytes() ?? 0
  scheduler.advance(by: .seconds(1))
  budgets.append(
    Budget(
      Measurement(
        label: "submit(), 1,000 cities 1 ms apart", samples: submitTimes, operationsPerRun: 1),
      limit: 0.2e-3))
  let first = submitTimes.prefix(100).reduce(0, +) / 100
  let last = submitTimes.suffix(100).reduce(0, +) / 100
  print(
    String(
      format:
        "weather rapid submissions: %d display(s), %d open call(s) after, mean submit first 100 %.1f µs, last 100 %.1f µs, memory %.1f MB → %.1f MB",
      displays, service.active, first * 1e6, last * 1e6, memoryAt100, memoryAt1000))
  if displays != 1 { problems.append("rapid submissions gave \(displays) displays, not 1") }
  if service.active != 0 { problems.append("\(service.active) calls still open after the burst") }
  if last > 1.5 * first { problems.append("submit() slowed down over the burst") }
  if memoryAt1000 > memoryAt100 + 2 { problems.append("memory grew over the burst") }

  // Fallbacks under failure, with a full cache.
  let fullCache = InMemoryWeatherCache()
  for key in keys.prefix(10_000) { fullCache.store(sample, for: key) }
  service.failing = true
  viewModel = WeatherViewModel(
    service: service, location: DeniedLocationProvider(), cache: fullCache, apiKey: "bench",
    initialMapCenter: Coordinate(latitude: 0, longitude: 0),
    scheduler: scheduler.eraseToAnyScheduler())
  displays = 0
  subscriptions = []
  viewModel!.isLoading.dropFirst().filter { !$0 }.sink { _ in displays += 1 }
    .store(in: &subscriptions)
  var fallbackMemoryAt100 = 0.0
  for index in 0..<1000 {
    viewModel!.setQuery("city \(index * 13)")
    viewModel!.submit()
    scheduler.advance(by: .seconds(7))
    if index == 99 { fallbackMemoryAt100 = residentMegabytes() ?? 0 }
  }
  let fallbackMemory = residentMegabytes() ?? 0
  print(
    String(
      format:
        "weather fallbacks: %d display(s) for 1,000 failing searches, memory %.1f MB → %.1f MB",
      displays, fallbackMemoryAt100, fallbackMemory))
  if displays != 1000 { problems.append("failing searches gave \(displays) displays, not 1,000") }
  if fallbackMemory > fallbackMemoryAt100 + 2 { problems.append("memory grew over the fallbacks") }
  viewModel = nil

  // Decoding, the chart and the map.
  let current = (try? FixtureLoader.bundled.data("weather/current/london.json")) ?? Data()
  let forecastBody = (try? FixtureLoader.bundled.data("weather/forecast/london.json")) ?? Data()
  budgets.append(
    Budget(
      measure("decode current weather", warmup: 100, runs: 1000) {
        blackHole(try? WeatherDecoder.current(current))
      }, limit: 100e-6))
  let findBody = (try? FixtureLoader.bundled.data("weather/find/amsterdam.json")) ?? Data()
  if (try? WeatherDecoder.places(findBody))?.count != 8 {
    problems.append("the find fixture did not decode to 8 places")
  }
  budgets.append(
    Budget(
      measure("WW-11 decode a find answer of 8 places", warmup: 100, runs: 1000) {
        blackHole(try? WeatherDecoder.places(findBody))
      }, limit: 200e-6))
  let chart = ForecastChart(format: WeatherFormat(symbols: .unicode))
  budgets.append(
    Budget(
      measure("decode a 40-step forecast and build its rows", warmup: 50, runs: 1000) {
        if let forecast = try? WeatherDecoder.forecast(forecastBody) {
          blackHole(chart.rows(forecast, unit: .celsius))
          blackHole(chart.trend(forecast))
        }
      }, limit: 1e-3))
  let markers = (0..<20).map { index in
    MapMarker(
      id: "m\(index)",
      coordinate: Coordinate(latitude: Double(index) - 10, longitude: Double(index * 3) - 30),
      icon: "☁", label: "☁ M\(index) 12°C")
  }
  budgets.append(
    Budget(
      measure("render a 78x20 map with 20 markers", warmup: 100, runs: 1000) {
        blackHole(
          MapGrid.rows(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 4, columns: 78, rows: 20,
            markers: markers))
      }, limit: 0.5e-3))
  let world = try? LandMask.world.get()
  if world == nil { problems.append("the land mask did not load") }
  let places = (0..<28).map { index in
    MapMarker(
      id: "p\(index)",
      coordinate: Coordinate(
        latitude: Double(index % 7) * 8 - 20, longitude: Double(index) * 4 - 50),
      icon: "☁", label: "☁ P\(index) 12°C")
  }
  budgets.append(
    Budget(
      measure("WW-11 draw a 200x60 map with coasts and 28 markers", warmup: 20, runs: 500) {
        blackHole(
          MapGrid.picture(
            center: Coordinate(latitude: 45, longitude: 10), zoom: 3, columns: 200, rows: 60,
            markers: places, land: world, glyphs: .unicode))
      }, limit: 2e-3))
  budgets.append(
    Budget(
      measure("fixture service start-up (24 files)", warmup: 1, runs: 20) {
        blackHole(try? FixtureWeatherService(scheduler: DispatchQueue.test.eraseToAnyScheduler()))
      }, limit: 50e-3, timedPart: "p95 of 20 start-ups"))

  print("weather:")
  let met = Budget.report(budgets)
  for problem in problems { print("  OVER: \(problem)") }
  return met && problems.isEmpty
}
