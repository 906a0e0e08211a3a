import AppInfrastructure
import Foundation
import ViewModelKit

/// One GET of a weather service's JSON, as both live clients make it: `Accept` and
/// `User-Agent` set, a transport failure is `network`, a body past the client's limit is
/// `tooLarge`, a status outside 2xx is that status's error (with its `Retry-After`), and a
/// body the decoder refuses is its error.
enum WeatherRequest {
  /// `<root>/<path>?<items>`, the items in the order given.
  static func url(_ root: URL, _ path: String, _ items: [URLQueryItem]) -> URL? {
    guard
      var components = URLComponents(
        url: root.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    else { return nil }
    components.queryItems = items
    return components.url
  }

  static func get<T>(
    _ url: URL?, client: any HTTPClient & Sendable,
    decode: @escaping @Sendable (Data) throws(WeatherError) -> T
  ) -> AnyPublisher<T, WeatherError> {
    guard let url else { return Fail(error: .network).eraseToAnyPublisher() }
    // The async call, through the bridge (issue 31): cancelling cancels the transfer.
    return client.fetch(
      url, headers: ["Accept": "application/json", "User-Agent": "HeadlessMVVM"]
    )
    .mapError { error in error.code == .dataLengthExceedsMaximum ? .tooLarge : .network }
    .flatMap { response -> AnyPublisher<T, WeatherError> in
      guard (200..<300).contains(response.status) else {
        return Fail(
          error: WeatherError.forStatus(
            response.status, retryAfter: response.headers["retry-after"])
        ).eraseToAnyPublisher()
      }
      do throws(WeatherError) {
        return Just(try decode(response.body)).setFailureType(to: WeatherError.self)
          .eraseToAnyPublisher()
      } catch {
        return Fail(error: error).eraseToAnyPublisher()
      }
    }
    .eraseToAnyPublisher()
  }
}
