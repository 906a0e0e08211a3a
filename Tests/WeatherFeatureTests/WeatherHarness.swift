import AppInfrastructure
import Foundation
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

let londonCoordinate = Coordinate(latitude: 51.5085, longitude: -0.1257)
let W_London = Weather(
  cityName: "London", coordinate: londonCoordinate, temperatureC: 12.4, humidity: 81,
  iconCode: "04d", description: "broken clouds", feelsLikeC: 11.6, pressureHPa: 1012,
  wind: Wind(speedMS: 4.1, fromDegrees: 240))

func weather(
  _ name: String, _ latitude: Double = 48.8534, _ longitude: Double = 2.3488,
  temperature: Double = 18, icon: String = "02d", description: String = "few clouds"
) -> Weather {
  Weather(
    cityName: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
    temperatureC: temperature, humidity: 63, iconCode: icon, description: description)
}

/// What one scripted call does.
enum Reply {
  case answer(Weather, at: Double = 0)
  case fail(WeatherError, at: Double = 0)
  case never
}

/// What one scripted forecast call does.
enum ForecastReply {
  case answer(Forecast, at: Double = 0)
  case fail(WeatherError, at: Double = 0)
  case never
}

/// What one scripted `placesAround` call does.
enum PlacesReply {
  case answer([Weather], at: Double = 0)
  case fail(WeatherError, at: Double = 0)
  case never
}

/// A weather service scripted call by call, recording each call, its key, its time and
/// whether it was cancelled. Times in a script are relative to the call.
final class FakeWeatherService: WeatherService, @unchecked Sendable {
  // Used from one test's thread only.
  struct Call: Equatable {
    let query: WeatherQuery
    let apiKey: String
    let time: Double
  }

  let scheduler: TestSchedulerOf<DispatchQueue>
  var replies: [Reply] = []
  /// The reply for calls past the script; by default London at once.
  var defaultReply: Reply = .answer(W_London)
  var forecastReplies: [ForecastReply] = []
  var defaultForecast: ForecastReply = .never
  private(set) var calls: [Call] = []
  private(set) var cancelledCalls: [Int] = []
  private(set) var forecastCalls: [(Coordinate, String, Double)] = []
  private(set) var cancelledForecasts = 0
  var placesReplies: [PlacesReply] = []
  /// The reply for `placesAround` calls past the script: no places, at once.
  var defaultPlaces: PlacesReply = .answer([])
  private(set) var placesCalls: [(area: MapArea, limit: Int, time: Double)] = []
  private(set) var cancelledPlaces = 0
  private(set) var active = 0

  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    Deferred { [self] () -> AnyPublisher<Weather, WeatherError> in
      let index = calls.count
      calls.append(Call(query: query, apiKey: apiKey, time: scheduler.elapsed))
      let reply = index < replies.count ? replies[index] : defaultReply
      let publisher: AnyPublisher<Weather, WeatherError> =
        switch reply {
        case .answer(let weather, let at):
          later(at, Just(weather).setFailureType(to: WeatherError.self))
        case .fail(let error, let at): later(at, Fail(error: error))
        case .never: Empty(completeImmediately: false).eraseToAnyPublisher()
        }
      active += 1
      return publisher.handleEvents(
        receiveCompletion: { [self] _ in active -= 1 },
        receiveCancel: { [self] in
          active -= 1
          cancelledCalls.append(index)
        }
      ).eraseToAnyPublisher()
    }.eraseToAnyPublisher()
  }

  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError> {
    Deferred { [self] () -> AnyPublisher<Forecast, WeatherError> in
      let index = forecastCalls.count
      forecastCalls.append((coordinate, apiKey, scheduler.elapsed))
      let reply = index < forecastReplies.count ? forecastReplies[index] : defaultForecast
      let publisher: AnyPublisher<Forecast, WeatherError> =
        switch reply {
        case .answer(let forecast, let at):
          later(at, Just(forecast).setFailureType(to: WeatherError.self))
        case .fail(let error, let at): later(at, Fail(error: error))
        case .never: Empty(completeImmediately: false).eraseToAnyPublisher()
        }
      return publisher.handleEvents(receiveCancel: { [self] in cancelledForecasts += 1 })
        .eraseToAnyPublisher()
    }.eraseToAnyPublisher()
  }

  func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    Deferred { [self] () -> AnyPublisher<[Weather], WeatherError> in
      let index = placesCalls.count
      placesCalls.append((area, limit, scheduler.elapsed))
      let reply = index < placesReplies.count ? placesReplies[index] : defaultPlaces
      let publisher: AnyPublisher<[Weather], WeatherError> =
        switch reply {
        case .answer(let places, let at):
          later(at, Just(places).setFailureType(to: WeatherError.self))
        case .fail(let error, let at): later(at, Fail(error: error))
        case .never: Empty(completeImmediately: false).eraseToAnyPublisher()
        }
      return publisher.handleEvents(receiveCancel: { [self] in cancelledPlaces += 1 })
        .eraseToAnyPublisher()
    }.eraseToAnyPublisher()
  }

  private func later<P: Publisher>(_ seconds: Double, _ publisher: P) -> AnyPublisher<
    P.Output, WeatherError
  > where P.Failure == WeatherError {
    guard seconds > 0 else { return publisher.eraseToAnyPublisher() }
    return Just(()).setFailureType(to: WeatherError.self)
      .delay(for: .nanoseconds(Int((seconds * 1e9).rounded())), scheduler: scheduler)
      .flatMap { publisher }
      .eraseToAnyPublisher()
  }

  var callTimes: [Double] { calls.map(\.time) }
  var queries: [WeatherQuery] { calls.map(\.query) }
}

/// A location provider whose fixes the test sends by hand, recording subscriptions and
/// cancellations.
final class FakeLocationProvider: LocationProvider, @unchecked Sendable {
  /// Whether it stands for the bundled sample position.
  var isSample = false
  private(set) var subscriptions = 0
  private(set) var cancellations = 0
  private var subject = PassthroughSubject<LocationFix, LocationError>()
  private var completed = false

  func fixes() -> AnyPublisher<LocationFix, LocationError> {
    subject = PassthroughSubject()
    completed = false
    return subject.handleEvents(
      receiveSubscription: { [self] _ in subscriptions += 1 },
      receiveCancel: { [self] in cancellations += 1 }
    ).eraseToAnyPublisher()
  }

  func send(_ latitude: Double, _ longitude: Double, accuracy: Double) {
    subject.send(
      LocationFix(
        coordinate: Coordinate(latitude: latitude, longitude: longitude),
        horizontalAccuracy: accuracy))
  }

  func finish() { subject.send(completion: .finished) }
  func fail(_ error: LocationError) { subject.send(completion: .failure(error)) }
}

/// A cache that counts its writes.
final class SpyCache: WeatherCache {
  let inner = InMemoryWeatherCache()
  private(set) var stores: [(CityKey, Weather)] = []
  func weather(for key: CityKey) -> Weather? { inner.weather(for: key) }
  func store(_ weather: Weather, for key: CityKey) {
    stores.append((key, weather))
    inner.store(weather, for: key)
  }
  func flush() {}
}

/// A weather view model on a test scheduler, with every output recorded.
@MainActor
final class WeatherHarness {
  let scheduler = DispatchQueue.test
  let service: FakeWeatherService
  let location = FakeLocationProvider()
  let cache: SpyCache
  private(set) var viewModel: WeatherViewModel!

  let isLoading: OutputRecorder<Bool, Never>
  let labelsHidden: OutputRecorder<Bool, Never>
  let cityName: OutputRecorder<String, Never>
  let temperature: OutputRecorder<String, Never>
  let humidity: OutputRecorder<String, Never>
  let icon: OutputRecorder<String, Never>
  let conditions: OutputRecorder<String, Never>
  let dataNote: OutputRecorder<String, Never>
  let units: OutputRecorder<String, Never>
  let apiKeyStatus: OutputRecorder<String, Never>
  let needsApiKey: OutputRecorder<Bool, Never>
  let keyPromptVisible: OutputRecorder<Bool, Never>
  let mapVisible: OutputRecorder<Bool, Never>
  let mapCaption: OutputRecorder<String, Never>
  let mapRows: OutputRecorder<[String], Never>
  let markers: OutputRecorder<[MapMarker], Never>
  let forecastStatus: OutputRecorder<String, Never>
  let forecastTrend: OutputRecorder<String, Never>
  let forecast: OutputRecorder<[ForecastRow], Never>
  let toast: OutputRecorder<String, Never>
  let isSettled: OutputRecorder<Bool, Never>

  init(
    apiKey: String = "test-key-1234", symbols: SymbolSet = .unicode,
    cache: SpyCache = SpyCache(),
    center: Coordinate = Coordinate(latitude: 52.37, longitude: 4.89),
    keySaver: (any ApiKeySaver)? = nil,
    land: Result<LandMask, LandMaskError> = LandMask.world,
    connectivity: any ConnectivityService = AlwaysOnline()
  ) {
    service = FakeWeatherService(scheduler: scheduler)
    self.cache = cache
    let viewModel = WeatherViewModel(
      service: service, location: location, cache: cache, apiKey: apiKey,
      initialMapCenter: center, symbols: symbols, land: land, keySaver: keySaver,
      connectivity: connectivity, scheduler: scheduler.asAny)
    self.viewModel = viewModel
    isLoading = viewModel.isLoading.record(on: scheduler)
    labelsHidden = viewModel.labelsHidden.record(on: scheduler)
    cityName = viewModel.cityName.record(on: scheduler)
    temperature = viewModel.temperature.record(on: scheduler)
    humidity = viewModel.humidity.record(on: scheduler)
    icon = viewModel.icon.record(on: scheduler)
    conditions = viewModel.conditions.record(on: scheduler)
    dataNote = viewModel.dataNote.record(on: scheduler)
    units = viewModel.units.record(on: scheduler)
    apiKeyStatus = viewModel.apiKeyStatus.record(on: scheduler)
    needsApiKey = viewModel.needsApiKey.record(on: scheduler)
    keyPromptVisible = viewModel.keyPromptVisible.record(on: scheduler)
    mapVisible = viewModel.mapVisible.record(on: scheduler)
    mapCaption = viewModel.mapCaption.record(on: scheduler)
    mapRows = viewModel.mapRows.record(on: scheduler)
    markers = viewModel.markers.record(on: scheduler)
    forecastStatus = viewModel.forecastStatus.record(on: scheduler)
    forecastTrend = viewModel.forecastTrend.record(on: scheduler)
    forecast = viewModel.forecast.record(on: scheduler)
    toast = viewModel.messages.record(on: scheduler)
    isSettled = viewModel.isSettled.record(on: scheduler)
    scheduler.settle()
  }

  /// Types `text` and presses Return.
  @discardableResult
  func search(_ text: String) -> InputResult {
    viewModel.setQuery(text)
    return viewModel.submit()
  }

  func at(_ seconds: Double) { scheduler.advance(toSeconds: seconds) }

  /// Lets the view model go (WX-74).
  func release() { viewModel = nil }
}
