import Foundation

/// Why a weather call failed; `message` is the exact toast.
public enum WeatherError: Error, Equatable, Sendable {
  case invalidKey, cityNotFound, rateLimited, server(status: Int), network, malformedResponse

  public var message: String {
    switch self {
    case .invalidKey: "Invalid API key: enter a valid OpenWeatherMap key"
    case .cityNotFound: "City not found"
    case .rateLimited: "Too many requests: the weather service is rate limiting"
    case .server(let status): "Weather server error (HTTP \(status))"
    case .network: "Network unavailable"
    case .malformedResponse: "Unexpected response from the weather server"
    }
  }

  /// The error an HTTP status (other than 2xx) stands for.
  public static func forStatus(_ status: Int) -> WeatherError {
    switch status {
    case 401: .invalidKey
    case 400, 404: .cityNotFound
    case 429: .rateLimited
    default: .server(status: status)
    }
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
