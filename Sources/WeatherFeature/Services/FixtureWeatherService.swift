import Fixtures
import Foundation
import ViewModelKit

/// The offline weather: every city in `Fixtures/weather`, answered after `latency` on the
/// scheduler. The API key is ignored.
public final class FixtureWeatherService: WeatherService, @unchecked Sendable {
  /// The fixtures are samples: the screen says so (`WeatherState.sampleNote`).
  public var servesSamples: Bool { true }
  /// Whether the samples stand in for a service that takes a key (OpenWeatherMap's). For
  /// Open-Meteo's, the default live service, no head offers a key or says `not set` about one
  /// (issue 52).
  public let usesKey: Bool

  /// The places the bundled samples cover, for help texts (a test keeps the list equal to the
  /// fixtures' names).
  public static let sampleCities = [
    "Amsterdam", "Barcelona", "Berlin", "Cairo", "London", "Mumbai", "New York", "Paris",
    "Reykjavík", "São Paulo", "Sydney", "Tokyo",
  ]

  /// The names of the places loaded, in file order.
  public var cityNames: [String] { cities.map(\.weather.cityName) }

  // Immutable after init; the scheduler is only used to schedule answers.

  /// A fixture file that could not be read.
  public struct LoadError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public init(file: String) { self.file = file }
    public var description: String { "cannot read the weather fixture \(file)" }
  }

  private struct City {
    let file: String
    let weather: Weather
    let key: CityKey?
  }

  private let cities: [City]
  private let forecasts: [(file: String, coordinate: Coordinate, forecast: Forecast)]
  private let latency: Double
  private let scheduler: AnySchedulerOf<DispatchQueue>

  /// Loads every current and forecast document under `directory` (the bundled fixtures by
  /// default) once.
  public init(
    directory: URL = FixtureLoader.bundled.url(for: "weather"), latency: Double = 0.15,
    scheduler: AnySchedulerOf<DispatchQueue>, usesKey: Bool = true
  ) throws(LoadError) {
    self.usesKey = usesKey
    func documents(_ folder: String) throws(LoadError) -> [(String, Data)] {
      let url = directory.appendingPathComponent(folder)
      guard
        let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
          .filter({ $0.hasSuffix(".json") }).sorted()
      else { throw LoadError(file: "\(folder)/") }
      var result: [(String, Data)] = []
      for name in names {
        guard let data = try? Data(contentsOf: url.appendingPathComponent(name)) else {
          throw LoadError(file: "\(folder)/\(name)")
        }
        result.append(("\(folder)/\(name)", data))
      }
      return result
    }
    var cities: [City] = []
    for (file, data) in try documents("current") {
      guard let weather = try? WeatherDecoder.current(data) else { throw LoadError(file: file) }
      cities.append(City(file: file, weather: weather, key: Self.key(weather.cityName)))
    }
    var forecasts: [(String, Coordinate, Forecast)] = []
    for (file, data) in try documents("forecast") {
      guard let forecast = try? WeatherDecoder.forecast(data),
        let coordinate = Self.forecastCoordinate(data)
      else { throw LoadError(file: file) }
      forecasts.append((file, coordinate, forecast))
    }
    self.cities = cities
    self.forecasts = forecasts
    self.latency = latency
    self.scheduler = scheduler
  }

  public func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    let result: Result<Weather, WeatherError>
    switch query {
    case .city(let text):
      let name = String(text.prefix { $0 != "," })
      let key = Self.key(name)
      result =
        cities.first { $0.key != nil && $0.key == key }.map { .success($0.weather) }
        ?? .failure(.cityNotFound)
    case .coordinate(let coordinate):
      result =
        Self.nearest(cities, to: coordinate, at: \.weather.coordinate)
        .map { .success($0.weather) } ?? .failure(.cityNotFound)
    }
    return answer(result)
  }

  public func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<
    Forecast, WeatherError
  > {
    answer(
      Self.nearest(forecasts, to: coordinate, at: \.coordinate).map { .success($0.forecast) }
        ?? .failure(.cityNotFound))
  }

  /// The fixture cities inside `area`, nearest its centre first, at most `limit`.
  public func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    let inside = cities.map(\.weather).filter { area.contains($0.coordinate) }
      .sorted { $0.coordinate.distance(to: area.center) < $1.coordinate.distance(to: area.center) }
    return answer(.success(Array(inside.prefix(max(0, limit)))))
  }

  private func answer<T>(_ result: Result<T, WeatherError>) -> AnyPublisher<T, WeatherError> {
    let delay = latency
    let scheduler = scheduler
    return Deferred {
      Just(())
        .delay(for: .nanoseconds(Int((delay * 1e9).rounded())), scheduler: scheduler)
        .setFailureType(to: WeatherError.self)
        .flatMap { result.publisher }
    }
    .eraseToAnyPublisher()
  }

  private static func key(_ name: String) -> CityKey? { CityKey(name) }

  /// The entry nearest to `coordinate` by great-circle distance; ties go to the first file.
  private static func nearest<T>(
    _ entries: [T], to coordinate: Coordinate, at position: (T) -> Coordinate
  ) -> T? {
    var best: (entry: T, distance: Double)?
    for entry in entries {
      let distance = position(entry).distance(to: coordinate)
      if best == nil || distance < best!.distance { best = (entry, distance) }
    }
    return best?.entry
  }

  /// A forecast document's `city.coord`.
  private static func forecastCoordinate(_ data: Data) -> Coordinate? {
    struct Document: Decodable {
      struct City: Decodable {
        struct Coord: Decodable {
          let lat: Double
          let lon: Double
        }
        let coord: Coord
      }
      let city: City
    }
    guard let document = try? JSONDecoder().decode(Document.self, from: data) else { return nil }
    return Coordinate(latitude: document.city.coord.lat, longitude: document.city.coord.lon)
  }
}
