import AppInfrastructure
import Foundation
import ViewModelKit

/// A live weather service that answers from the bundled samples while the session has no
/// network (`NetworkFallback`): a request that finds no network is answered by the samples at
/// once, and so is every request after it until `resumeLive()`. The live client must send
/// through a `FallbackWatchingClient` on the same fallback.
public struct SampleFallbackWeatherService: WeatherService {
  private let live: any WeatherService
  private let samples: any WeatherService
  private let fallback: NetworkFallback

  public init(live: any WeatherService, samples: any WeatherService, fallback: NetworkFallback) {
    self.live = live
    self.samples = samples
    self.fallback = fallback
  }

  public var servesSamples: Bool { fallback.isFallingBack }
  public var usesKey: Bool { live.usesKey }
  public var fellBackToSamples: Bool { fallback.isFallingBack }

  public var attribution: String { fallback.isFallingBack ? "" : live.attribution }

  public func resumeLive() { fallback.resumeLive() }

  public var fallbackChanges: AnyPublisher<Bool, Never>? { fallback.changes }

  public func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    either { $0.currentWeather(for: query, apiKey: apiKey) }
  }

  public func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<
    Forecast, WeatherError
  > {
    either { $0.forecast(at: coordinate, apiKey: apiKey) }
  }

  public func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    either { $0.placesAround(area, limit: limit, apiKey: apiKey) }
  }

  /// The samples' answer while falling back; else the live one, unless it found no network,
  /// when the samples answer instead.
  private func either<T>(_ ask: @escaping (any WeatherService) -> AnyPublisher<T, WeatherError>)
    -> AnyPublisher<T, WeatherError>
  {
    let (live, samples, fallback) = (live, samples, fallback)
    return Deferred { () -> AnyPublisher<T, WeatherError> in
      guard !fallback.isFallingBack else { return ask(samples) }
      return ask(live)
        .catch { error -> AnyPublisher<T, WeatherError> in
          fallback.isFallingBack ? ask(samples) : Fail(error: error).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }
}
