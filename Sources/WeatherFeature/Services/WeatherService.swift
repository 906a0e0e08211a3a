import Foundation
import ViewModelKit

/// Where current weather and forecasts come from. Each publisher is cold, emits one value and
/// finishes, or fails; cancelling it stops the work.
public protocol WeatherService: Sendable {
  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  >
  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError>
}

/// Where the device's position comes from.
public protocol LocationProvider: Sendable {
  /// A new stream of fixes per call.
  func fixes() -> AnyPublisher<LocationFix, LocationError>
}

/// Emits one fix and finishes.
public struct StaticLocationProvider: LocationProvider {
  public let fix: LocationFix
  public init(fix: LocationFix) { self.fix = fix }
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
