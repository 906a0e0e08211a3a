import Foundation

/// Why a weather call failed; `message` is the exact toast.
public enum WeatherError: Error, Equatable, Sendable {
  case invalidKey, cityNotFound, server(status: Int), network, malformedResponse
  /// HTTP 429; `retryAfter` is the server's `Retry-After` in seconds, when it gave one of
  /// at most a day.
  case rateLimited(retryAfter: TimeInterval?)
  /// HTTP 403 or another 4xx that asking again cannot mend.
  case refused(status: Int)
  /// The body passed `CurlHTTPClient.bodyLimit`.
  case tooLarge

  /// The longest server-requested wait the app retries after; when the server asks for more,
  /// the query falls back at once rather than keep the user waiting.
  public static let maximumRetryAfter: TimeInterval = 60

  public var message: String {
    switch self {
    case .invalidKey: "Invalid API key: enter a valid OpenWeatherMap key"
    case .cityNotFound: "City not found"
    case .rateLimited: "Too many requests: the weather service is rate limiting"
    case .server(let status), .refused(let status): "Weather server error (HTTP \(status))"
    case .tooLarge: "The weather server's answer is too large"
    case .network: "Network unavailable"
    case .malformedResponse: "Unexpected response from the weather server"
    }
  }

  /// Whether asking again may succeed: network trouble, a 5xx and a 429 may pass; a
  /// malformed or oversized answer, a refusal and an unknown city will not.
  public var isTransient: Bool {
    switch self {
    case .network, .server: true
    case .rateLimited(let wait): (wait ?? 0) <= Self.maximumRetryAfter
    case .invalidKey, .cityNotFound, .refused, .malformedResponse, .tooLarge: false
    }
  }

  /// The error an HTTP status (other than 2xx) stands for; `retryAfter` is the raw
  /// `Retry-After` header of a 429.
  public static func forStatus(_ status: Int, retryAfter: String? = nil) -> WeatherError {
    switch status {
    case 401: .invalidKey
    case 400, 404: .cityNotFound
    case 429: .rateLimited(retryAfter: retryAfter.flatMap(seconds))
    case 402..<500: .refused(status: status)
    default: .server(status: status)
    }
  }

  /// A `Retry-After` of whole seconds within 0…86,400; nil otherwise (an HTTP date, garbage,
  /// or more than a day).
  static func seconds(_ header: String) -> TimeInterval? {
    guard let value = Int(header.trimmingCharacters(in: .whitespaces)),
      (0...86_400).contains(value)
    else { return nil }
    return TimeInterval(value)
  }
}

/// Why no location fix came.
public enum LocationError: Error, Equatable, Sendable {
  case denied, unavailable

  public var message: String {
    switch self {
    case .denied: "Location access denied"
    case .unavailable: "Location unavailable"
    }
  }
}
