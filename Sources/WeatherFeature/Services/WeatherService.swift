import Foundation
import ViewModelKit

/// Where current weather and forecasts come from. Each publisher is cold, emits one value and
/// finishes, or fails; cancelling it stops the work.
public protocol WeatherService: Sendable {
  /// The weather of a named place or at a coordinate.
  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  >
  /// The 5-day forecast at a coordinate.
  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError>
  /// The weather of up to `limit` places around `area`'s centre, nearest first (the map's
  /// markers of the places in view). A service may answer places outside the area; the map
  /// leaves them out.
  func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  >
  /// Whether the answers are the bundled samples rather than the weather now (the screen says
  /// so). False unless a service says otherwise.
  var servesSamples: Bool { get }
  /// Whether the service needs the API key (OpenWeatherMap); a keyless one (Open-Meteo) has
  /// the screen leave the key out. True unless a service says otherwise.
  var usesKey: Bool { get }
  /// Whether the answers are the samples because the session found no network (the screen
  /// says `No network: showing sample data`). False unless a service says otherwise.
  var fellBackToSamples: Bool { get }
  /// Tries the live service again after falling back to the samples; nothing otherwise.
  func resumeLive()
  /// `fellBackToSamples` now and after each change, from any thread; nil for a service that
  /// never falls back.
  var fallbackChanges: AnyPublisher<Bool, Never>? { get }
  /// The credit the service's terms ask for beside its data (`Weather data by
  /// Open-Meteo.com`), or "".
  var attribution: String { get }
}

extension WeatherService {
  public var servesSamples: Bool { false }
  public var usesKey: Bool { true }
  public var fellBackToSamples: Bool { false }
  public func resumeLive() {}
  public var fallbackChanges: AnyPublisher<Bool, Never>? { nil }
  public var attribution: String { "" }
}

/// Where the device's position comes from.
public protocol LocationProvider: Sendable {
  /// A new stream of fixes per call.
  func fixes() -> AnyPublisher<LocationFix, LocationError>
  /// Whether the fixes are a sample position rather than the device's (the screen says so).
  /// False unless a provider says otherwise.
  var isSample: Bool { get }
}

extension LocationProvider {
  public var isSample: Bool { false }
}

/// Emits one fix and finishes.
public struct StaticLocationProvider: LocationProvider {
  public let fix: LocationFix
  /// Whether the fix is the bundled sample position, not one the user gave.
  public let isSample: Bool
  public init(fix: LocationFix, isSample: Bool = false) {
    self.fix = fix
    self.isSample = isSample
  }
  public func fixes() -> AnyPublisher<LocationFix, LocationError> {
    Just(fix).setFailureType(to: LocationError.self).eraseToAnyPublisher()
  }
}

/// Location is switched off: every request fails with `denied`.
public struct DeniedLocationProvider: LocationProvider {
  public init() {}
  public func fixes() -> AnyPublisher<LocationFix, LocationError> {
    Fail(error: .denied).eraseToAnyPublisher()
  }
}
