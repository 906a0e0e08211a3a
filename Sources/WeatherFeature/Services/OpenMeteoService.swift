import AppInfrastructure
import Foundation
import ViewModelKit

/// The keyless live client: Open-Meteo's geocoding API finds a city, its forecast API gives
/// the weather now and the 5-day forecast (metric, wind in m/s; the view model converts).
///
/// - A city query searches the name before its last comma and keeps the places whose country
///   code (`Paris, US`), country or region (`Paris, Texas`) matches what follows it; the
///   first match is shown, named with its country code (`Paris, FR`). No match is
///   `cityNotFound`.
/// - A coordinate query is answered for that coordinate, without a name: the service has no
///   reverse geocoding, so the screen shows the coordinate.
/// - Places around the map's centre are none: the service cannot list the places near a point.
/// - The key is not used (`usesKey` is false).
public struct OpenMeteoService: WeatherService {
  /// The forecast API's root.
  public static let defaultForecastURL = URL(string: "https://api.open-meteo.com/v1")!
  /// The geocoding API's root.
  public static let defaultGeocodingURL = URL(
    string: "https://geocoding-api.open-meteo.com/v1")!
  /// How many places a name search asks for.
  static let searchCount = 10

  private let forecastURL: URL
  private let geocodingURL: URL
  private let client: any HTTPClient & Sendable

  public init(
    forecastURL: URL = OpenMeteoService.defaultForecastURL,
    geocodingURL: URL = OpenMeteoService.defaultGeocodingURL,
    client: any HTTPClient & Sendable = CurlHTTPClient(
      timeout: OpenWeatherService.requestTimeout)
  ) {
    self.forecastURL = forecastURL
    self.geocodingURL = geocodingURL
    self.client = client
  }

  public var usesKey: Bool { false }

  /// Open-Meteo's data is CC BY 4.0: the app names it beside the weather it shows.
  public var attribution: String { "Weather data by Open-Meteo.com" }

  public func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    switch query {
    case .coordinate(let coordinate):
      return current(at: coordinate, name: "")
    case .city(let text):
      let (name, qualifier) = Self.split(text)
      let search = WeatherRequest.url(
        geocodingURL, "search",
        [
          URLQueryItem(name: "name", value: name),
          URLQueryItem(name: "count", value: String(Self.searchCount)),
          URLQueryItem(name: "language", value: "en"), URLQueryItem(name: "format", value: "json"),
        ])
      return WeatherRequest.get(search, client: client, decode: OpenMeteoDecoder.places)
        .flatMap { places -> AnyPublisher<Weather, WeatherError> in
          let matching = places.filter { Self.matches($0, qualifier) }
          guard let place = matching.first else {
            return Fail(error: .cityNotFound).eraseToAnyPublisher()
          }
          let others = matching.dropFirst().prefix(Self.otherPlacesShown).map(Self.described)
          return current(at: place.coordinate, name: Self.named(place))
            .map { weather in
              var found = weather
              found.otherPlaces = Array(others)
              return found
            }
            .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
  }

  public func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<
    Forecast, WeatherError
  > {
    let items =
      Self.position(coordinate) + [
        URLQueryItem(
          name: "hourly", value: "temperature_2m,weather_code,is_day,precipitation_probability"),
        URLQueryItem(name: "forecast_hours", value: "120"),
      ] + Self.common
    return WeatherRequest.get(
      WeatherRequest.url(forecastURL, "forecast", items), client: client,
      decode: OpenMeteoDecoder.forecast)
  }

  public func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > {
    Just([]).setFailureType(to: WeatherError.self).eraseToAnyPublisher()
  }

  /// The weather now at `coordinate`, named `name`.
  private func current(at coordinate: Coordinate, name: String) -> AnyPublisher<
    Weather, WeatherError
  > {
    let items =
      Self.position(coordinate) + [
        URLQueryItem(
          name: "current",
          value: "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,"
            + "weather_code,pressure_msl,wind_speed_10m,wind_direction_10m"),
        URLQueryItem(name: "daily", value: "sunrise,sunset,precipitation_probability_max"),
        URLQueryItem(name: "forecast_days", value: "1"),
      ] + Self.common
    return WeatherRequest.get(WeatherRequest.url(forecastURL, "forecast", items), client: client) {
      data throws(WeatherError) in
      try OpenMeteoDecoder.current(data, name: name, coordinate: coordinate)
    }
  }

  /// How many of the other places a search found are offered.
  static let otherPlacesShown = 4

  /// `Paris, FR`: the name, with the country code when there is one.
  static func named(_ place: OpenMeteoDecoder.Place) -> String {
    place.countryCode.isEmpty ? place.name : "\(place.name), \(place.countryCode)"
  }

  /// `Paris, US (Texas)`: the name as shown, with the region when there is one.
  static func described(_ place: OpenMeteoDecoder.Place) -> String {
    place.region.isEmpty ? named(place) : "\(named(place)) (\(place.region))"
  }

  /// `Paris, US` as the name to search and what must match (`US`); no comma, no qualifier.
  static func split(_ text: String) -> (name: String, qualifier: String) {
    guard let comma = text.lastIndex(of: ",") else { return (text, "") }
    let name = text[..<comma].trimmingCharacters(in: .whitespaces)
    let qualifier = text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? (text, "") : (name, qualifier)
  }

  /// Whether `place` is in the country (code or name) or region `qualifier` names, or is the
  /// one an offered place names (`US (Texas)`).
  static func matches(_ place: OpenMeteoDecoder.Place, _ qualifier: String) -> Bool {
    guard !qualifier.isEmpty else { return true }
    let offered = place.region.isEmpty ? "" : "\(place.countryCode) (\(place.region))"
    return [place.countryCode, place.country, place.region, offered].contains {
      !$0.isEmpty
        && $0.compare(qualifier, options: [.caseInsensitive, .diacriticInsensitive])
          == .orderedSame
    }
  }

  private static let common = [
    URLQueryItem(name: "wind_speed_unit", value: "ms"),
    URLQueryItem(name: "timeformat", value: "unixtime"),
    URLQueryItem(name: "timezone", value: "auto"),
  ]

  private static func position(_ coordinate: Coordinate) -> [URLQueryItem] {
    [
      URLQueryItem(name: "latitude", value: String(format: "%.4f", coordinate.latitude)),
      URLQueryItem(name: "longitude", value: String(format: "%.4f", coordinate.longitude)),
    ]
  }
}
