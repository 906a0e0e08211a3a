import AppInfrastructure
import Foundation
import ViewModelKit

/// The live OpenWeatherMap client (metric units). An empty key fails with `invalidKey`
/// without a request.
public struct OpenWeatherService: WeatherService {
  /// The public API's address.
  public static let defaultBaseURL = URL(string: "https://api.openweathermap.org/data/2.5")!
  /// Seconds before a request gives up.
  public static let requestTimeout = 10.0

  private let baseURL: URL
  private let client: any HTTPClient & Sendable

  public init(
    baseURL: URL = OpenWeatherService.defaultBaseURL,
    client: any HTTPClient & Sendable = CurlHTTPClient(
      timeout: OpenWeatherService.requestTimeout)
  ) {
    self.baseURL = baseURL
    self.client = client
  }

  public func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    let place: [URLQueryItem] =
      switch query {
      case .city(let text): [URLQueryItem(name: "q", value: text)]
      case .coordinate(let coordinate): Self.position(coordinate)
      }
    return request("weather", place, apiKey: apiKey, decode: WeatherDecoder.current)
  }

  public func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<
    Forecast, WeatherError
  > {
    request("forecast", Self.position(coordinate), apiKey: apiKey, decode: WeatherDecoder.forecast)
  }

  /// `GET <base>/find?lat=…&lon=…&cnt=<limit>&appid=…&units=metric`: the places nearest the
  /// area's centre, `limit` kept within 1…50 (the service's own bounds).
  public func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    let count = URLQueryItem(name: "cnt", value: String(min(50, max(1, limit))))
    return request(
      "find", Self.position(area.center) + [count], apiKey: apiKey, decode: WeatherDecoder.places)
  }

  /// The request URL: `<base>/<path>?<place>&appid=<key>&units=metric`.
  func url(_ path: String, _ place: [URLQueryItem], apiKey: String) -> URL? {
    WeatherRequest.url(
      baseURL, path,
      place + [
        URLQueryItem(name: "appid", value: apiKey), URLQueryItem(name: "units", value: "metric"),
      ])
  }

  private static func position(_ coordinate: Coordinate) -> [URLQueryItem] {
    [
      URLQueryItem(name: "lat", value: String(format: "%.4f", coordinate.latitude)),
      URLQueryItem(name: "lon", value: String(format: "%.4f", coordinate.longitude)),
    ]
  }

  private func request<T>(
    _ path: String, _ place: [URLQueryItem], apiKey: String,
    decode: @escaping @Sendable (Data) throws(WeatherError) -> T
  ) -> AnyPublisher<T, WeatherError> {
    guard !apiKey.isEmpty else { return Fail(error: .invalidKey).eraseToAnyPublisher() }
    return WeatherRequest.get(url(path, place, apiKey: apiKey), client: client, decode: decode)
  }
}
