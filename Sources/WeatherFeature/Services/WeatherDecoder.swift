import Foundation

/// Reads OpenWeatherMap's current-weather, `find` (places around a point) and 5-day forecast
/// documents.
///
/// Numbers are checked where they enter: a temperature outside `temperatureRange`, a time
/// outside `timeRange` or a time-zone offset beyond ±18 h makes the whole body malformed, so
/// nothing downstream formats or computes with a value the app cannot show.
public enum WeatherDecoder {
  /// The temperatures (°C) the app shows; the records on Earth are −89 °C and +57 °C.
  public static let temperatureRange = -150.0...100.0
  /// Forecast times, in seconds since 1970 (up to the year 2100).
  public static let timeRange = 0.0...4_102_444_800.0
  /// Time-zone offsets, in seconds.
  public static let timezoneRange = -64_800...64_800
  /// Air pressures (hPa) taken; the records at sea level are 870 and 1084.
  public static let pressureRange = 500.0...1_200.0
  /// Wind speeds (m/s) taken; the strongest gust measured is 113 m/s.
  public static let windSpeedRange = 0.0...150.0

  /// The weather in a current-weather body. A `cod` other than 200 in the body is taken as
  /// the HTTP status (`{"cod":"404",…}` is `cityNotFound`).
  public static func current(_ data: Data) throws(WeatherError) -> Weather {
    try checkCode(data)
    guard let document = try? JSONDecoder().decode(CurrentDocument.self, from: data),
      let weather = weather(document)
    else { throw .malformedResponse }
    return weather
  }

  /// The most places a `find` answer is read for; the rest are ignored.
  public static let maxPlaces = 50

  /// The places of a `find` body (`{"list":[…]}`, each entry in the current-weather format),
  /// in the order given, at most `maxPlaces`. An entry with a missing field or a value out of
  /// range is left out and the others kept; a body that is not such a document is malformed.
  public static func places(_ data: Data) throws(WeatherError) -> [Weather] {
    try checkCode(data)
    guard let document = try? JSONDecoder().decode(FindDocument.self, from: data) else {
      throw .malformedResponse
    }
    return document.list.prefix(maxPlaces).compactMap { $0.value.flatMap(weather) }
  }

  /// The weather of one current-weather document, or nil when a value is out of range.
  private static func weather(_ document: CurrentDocument) -> Weather? {
    let coordinate = Coordinate(latitude: document.coord.lat, longitude: document.coord.lon)
    let humidity = document.main.humidity
    guard coordinate.isValid, temperatureRange.contains(document.main.temp),
      timezoneRange.contains(document.timezone ?? 0),
      humidity == humidity.rounded(),
      (0...100).contains(humidity)
    else { return nil }
    let condition = document.weather?.first
    return Weather(
      cityName: document.name ?? "", coordinate: coordinate, temperatureC: document.main.temp,
      humidity: Int(humidity), iconCode: condition?.icon ?? "",
      description: condition?.description ?? "",
      feelsLikeC: document.main.feelsLike.flatMap { temperatureRange.contains($0) ? $0 : nil },
      pressureHPa: document.main.pressure.flatMap { pressureRange.contains($0) ? $0 : nil },
      wind: wind(document.wind),
      sun: sun(
        sunrise: document.sys?.sunrise, sunset: document.sys?.sunset,
        utcOffset: document.timezone ?? 0))
  }

  /// Sunrise and sunset (seconds since 1970) when both are there, in range, and in order.
  static func sun(sunrise: Double?, sunset: Double?, utcOffset: Int) -> SunTimes? {
    guard let sunrise, let sunset, timeRange.contains(sunrise), timeRange.contains(sunset),
      sunrise < sunset, timezoneRange.contains(utcOffset)
    else { return nil }
    return SunTimes(
      sunrise: Date(timeIntervalSince1970: sunrise), sunset: Date(timeIntervalSince1970: sunset),
      utcOffset: utcOffset)
  }

  /// The wind of a document: extras, so a value out of range drops only itself (a direction
  /// outside 0...360 leaves the speed; a speed out of range leaves no wind).
  private static func wind(_ document: CurrentDocument.WindDocument?) -> Wind? {
    wind(speed: document?.speed, degrees: document?.deg)
  }

  /// A wind from a speed (m/s) and the direction it blows from, each checked: no speed in
  /// range, no wind; a direction outside 0...360, no direction (360 is north, 0).
  static func wind(speed: Double?, degrees: Double?) -> Wind? {
    guard let speed, windSpeedRange.contains(speed) else { return nil }
    let from = degrees.flatMap { (0...360).contains($0) ? $0 : nil }
    return Wind(speedMS: speed, fromDegrees: from.map { $0 == 360 ? 0 : $0 })
  }

  /// The forecast in a 5-day / 3-hour body; steps sorted by time.
  public static func forecast(_ data: Data) throws(WeatherError) -> Forecast {
    try checkCode(data)
    guard let document = try? JSONDecoder().decode(ForecastDocument.self, from: data),
      document.list.allSatisfy({
        temperatureRange.contains($0.main.temp) && timeRange.contains($0.dt)
      }),
      timezoneRange.contains(document.city?.timezone ?? 0)
    else { throw .malformedResponse }
    return Forecast(
      cityName: document.city?.name ?? "", timezoneOffset: document.city?.timezone ?? 0,
      steps: document.list.map { entry in
        ForecastStep(
          time: Date(timeIntervalSince1970: entry.dt), temperatureC: entry.main.temp,
          iconCode: entry.weather?.first?.icon ?? "",
          rainChance: entry.pop?.value.flatMap {
            (0...1).contains($0) ? Int(($0 * 100).rounded()) : nil
          })
      })
  }

  /// A body that is not a JSON object is malformed; one whose `cod` names another status than
  /// 200 is that status's error.
  private static func checkCode(_ data: Data) throws(WeatherError) {
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
      throw .malformedResponse
    }
    if let code = envelope.cod?.value, code != 200 {
      // Only a real HTTP status stands for one; `cod: -2^63` is not shown as a status.
      guard (100...599).contains(code) else { throw WeatherError.malformedResponse }
      throw WeatherError.forStatus(code)
    }
  }

  // MARK: Documents

  private struct Envelope: Decodable {
    let cod: StatusCode?
  }

  /// `cod` is a number in some answers and a string in others.
  private struct StatusCode: Decodable {
    let value: Int
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        value = number
      } else if let text = try? container.decode(String.self), let number = Int(text) {
        value = number
      } else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "cod is neither a number nor a numeric string")
      }
    }
  }

  private struct Condition: Decodable {
    let icon: String?
    let description: String?
  }

  private struct CurrentDocument: Decodable {
    struct Coord: Decodable {
      let lat: Double
      let lon: Double
    }
    struct Main: Decodable {
      let temp: Double
      let humidity: Double
      /// Extras: a value of the wrong type is read as missing, not as a malformed body.
      let feelsLike: Double?
      let pressure: Double?
      enum CodingKeys: String, CodingKey {
        case temp, humidity, pressure
        case feelsLike = "feels_like"
      }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temp = try container.decode(Double.self, forKey: .temp)
        humidity = try container.decode(Double.self, forKey: .humidity)
        feelsLike = try? container.decodeIfPresent(Double.self, forKey: .feelsLike)
        pressure = try? container.decodeIfPresent(Double.self, forKey: .pressure)
      }
    }
    /// Extras too: anything unreadable is missing.
    struct WindDocument: Decodable {
      let speed: Double?
      let deg: Double?
      enum CodingKeys: String, CodingKey { case speed, deg }
      init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        speed = try? container?.decodeIfPresent(Double.self, forKey: .speed)
        deg = try? container?.decodeIfPresent(Double.self, forKey: .deg)
      }
    }
    /// Extras: sunrise and sunset.
    struct Sys: Decodable {
      let sunrise: Double?
      let sunset: Double?
      enum CodingKeys: String, CodingKey { case sunrise, sunset }
      init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        sunrise = try? container?.decodeIfPresent(Double.self, forKey: .sunrise)
        sunset = try? container?.decodeIfPresent(Double.self, forKey: .sunset)
      }
    }
    let name: String?
    let coord: Coord
    let main: Main
    let weather: [Condition]?
    let wind: WindDocument?
    let sys: Sys?
    /// Seconds east of UTC; beyond ±18 h the body is malformed.
    let timezone: Int?
  }

  private struct FindDocument: Decodable {
    let list: [Lenient<CurrentDocument>]
  }

  private struct ForecastDocument: Decodable {
    struct Entry: Decodable {
      struct Main: Decodable { let temp: Double }
      let dt: Double
      let main: Main
      let weather: [Condition]?
      /// The chance of rain, 0…1; anything else is left out.
      let pop: Lenient<Double>?
    }
    struct City: Decodable {
      let name: String?
      let timezone: Int?
    }
    let list: [Entry]
    let city: City?
  }
}
