import Foundation

/// Reads OpenWeatherMap's current-weather and 5-day forecast documents.
public enum WeatherDecoder {
  /// The weather in a current-weather body. A `cod` other than 200 in the body is taken as
  /// the HTTP status (`{"cod":"404",…}` is `cityNotFound`).
  public static func current(_ data: Data) throws(WeatherError) -> Weather {
    try checkCode(data)
    guard let document = try? JSONDecoder().decode(CurrentDocument.self, from: data) else {
      throw .malformedResponse
    }
    let coordinate = Coordinate(latitude: document.coord.lat, longitude: document.coord.lon)
    let humidity = document.main.humidity
    guard coordinate.isValid, document.main.temp.isFinite, humidity == humidity.rounded(),
      (0...100).contains(humidity)
    else { throw .malformedResponse }
    let condition = document.weather?.first
    return Weather(
      cityName: document.name ?? "", coordinate: coordinate, temperatureC: document.main.temp,
      humidity: Int(humidity), iconCode: condition?.icon ?? "",
      description: condition?.description ?? "")
  }

  /// The forecast in a 5-day / 3-hour body; steps sorted by time.
  public static func forecast(_ data: Data) throws(WeatherError) -> Forecast {
    try checkCode(data)
    guard let document = try? JSONDecoder().decode(ForecastDocument.self, from: data),
      document.list.allSatisfy({ $0.main.temp.isFinite })
    else { throw .malformedResponse }
    return Forecast(
      cityName: document.city?.name ?? "", timezoneOffset: document.city?.timezone ?? 0,
      steps: document.list.map { entry in
        ForecastStep(
          time: Date(timeIntervalSince1970: entry.dt), temperatureC: entry.main.temp,
          iconCode: entry.weather?.first?.icon ?? "")
      })
  }

  /// A body that is not a JSON object is malformed; one whose `cod` names another status than
  /// 200 is that status's error.
  private static func checkCode(_ data: Data) throws(WeatherError) {
    guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
      throw .malformedResponse
    }
    if let code = envelope.cod?.value, code != 200 { throw WeatherError.forStatus(code) }
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
    }
    let name: String?
    let coord: Coord
    let main: Main
    let weather: [Condition]?
  }

  private struct ForecastDocument: Decodable {
    struct Entry: Decodable {
      struct Main: Decodable { let temp: Double }
      let dt: Double
      let main: Main
      let weather: [Condition]?
    }
    struct City: Decodable {
      let name: String?
      let timezone: Int?
    }
    let list: [Entry]
    let city: City?
  }
}
