import Foundation

/// Reads Open-Meteo's geocoding (`/v1/search`) and forecast (`/v1/forecast`, with
/// `timeformat=unixtime`) documents, with the checks `WeatherDecoder` makes: a required value
/// out of range makes the body malformed; an extra (felt temperature, pressure, wind) out of
/// range is left out alone.
public enum OpenMeteoDecoder {
  /// The most places of a geocoding answer that are read.
  public static let maxPlaces = 10
  /// The most hourly values read (16 days, the service's longest forecast).
  public static let maxHours = 16 * 24

  /// One place a name search found.
  public struct Place: Equatable, Sendable {
    public var name: String
    public var coordinate: Coordinate
    /// ISO 3166-1 alpha-2, upper case (`FR`); "" when not given.
    public var countryCode: String
    /// `France`; "" when not given.
    public var country: String
    /// The first administrative area (`Texas`); "" when not given.
    public var region: String
  }

  /// The places of a geocoding body, in the service's order (most relevant first), at most
  /// `maxPlaces`. No `results` is no place; an entry with a missing name or an invalid
  /// coordinate is left out.
  public static func places(_ data: Data) throws(WeatherError) -> [Place] {
    guard let document = try? JSONDecoder().decode(SearchDocument.self, from: data) else {
      throw .malformedResponse
    }
    return (document.results ?? []).prefix(maxPlaces).compactMap { entry in
      guard let place = entry.value, !place.name.isEmpty else { return nil }
      let coordinate = Coordinate(latitude: place.latitude, longitude: place.longitude)
      guard coordinate.isValid else { return nil }
      return Place(
        name: place.name, coordinate: coordinate,
        countryCode: (place.country_code ?? "").uppercased(), country: place.country ?? "",
        region: place.admin1 ?? "")
    }
  }

  /// The current weather of a forecast body, named `name`, at `coordinate` (the place asked
  /// for: the service answers for the nearest cell of its grid).
  public static func current(_ data: Data, name: String, coordinate: Coordinate)
    throws(WeatherError) -> Weather
  {
    guard let document = try? JSONDecoder().decode(ForecastDocument.self, from: data),
      let current = document.current,
      WeatherDecoder.temperatureRange.contains(current.temperature_2m),
      current.relative_humidity_2m == current.relative_humidity_2m.rounded(),
      (0...100).contains(current.relative_humidity_2m)
    else { throw .malformedResponse }
    let condition = current.weather_code.flatMap {
      WMOWeatherCode.condition($0, isDay: current.is_day != 0)
    }
    return Weather(
      cityName: name, coordinate: coordinate, temperatureC: current.temperature_2m,
      humidity: Int(current.relative_humidity_2m), iconCode: condition?.iconCode ?? "",
      description: condition?.description ?? "",
      feelsLikeC: current.apparent_temperature.flatMap {
        WeatherDecoder.temperatureRange.contains($0) ? $0 : nil
      },
      pressureHPa: current.pressure_msl.flatMap {
        WeatherDecoder.pressureRange.contains($0) ? $0 : nil
      },
      wind: WeatherDecoder.wind(speed: current.wind_speed_10m, degrees: current.wind_direction_10m),
      sun: WeatherDecoder.sun(
        sunrise: document.daily?.sunrise?.first ?? nil,
        sunset: document.daily?.sunset?.first ?? nil,
        utcOffset: document.utc_offset_seconds ?? 0),
      rainChance: (document.daily?.precipitation_probability_max?.first ?? nil).flatMap {
        (0...100).contains($0) ? Int($0.rounded()) : nil
      })
  }

  /// The forecast of a forecast body's hourly values: one step every 3 hours (on the hours
  /// 00, 03, … UTC), as OpenWeatherMap's 5-day forecast has them. An hour with no temperature
  /// is skipped; a time or temperature out of range makes the body malformed.
  public static func forecast(_ data: Data) throws(WeatherError) -> Forecast {
    guard let document = try? JSONDecoder().decode(ForecastDocument.self, from: data),
      let hourly = document.hourly,
      WeatherDecoder.timezoneRange.contains(document.utc_offset_seconds ?? 0)
    else { throw .malformedResponse }
    var steps: [ForecastStep] = []
    for (index, time) in hourly.time.prefix(maxHours).enumerated() {
      guard WeatherDecoder.timeRange.contains(time) else { throw .malformedResponse }
      guard Int(time) % 10_800 == 0, index < hourly.temperature_2m.count,
        let temperature = hourly.temperature_2m[index]
      else { continue }
      guard WeatherDecoder.temperatureRange.contains(temperature) else {
        throw .malformedResponse
      }
      let code = hourly.weather_code.flatMap { index < $0.count ? $0[index] : nil }
      let isDay = hourly.is_day.flatMap { index < $0.count ? $0[index] : nil } ?? 1
      let rain = hourly.precipitation_probability?.value.flatMap {
        index < $0.count ? $0[index] : nil
      }
      steps.append(
        ForecastStep(
          time: Date(timeIntervalSince1970: time), temperatureC: temperature,
          iconCode: code.flatMap { WMOWeatherCode.condition($0, isDay: isDay != 0) }?.iconCode
            ?? "",
          rainChance: rain.flatMap { (0...100).contains($0) ? Int($0.rounded()) : nil }))
    }
    return Forecast(
      cityName: "", timezoneOffset: document.utc_offset_seconds ?? 0, steps: steps)
  }

  // MARK: Documents (field names as the service spells them)

  private struct SearchDocument: Decodable {
    struct Entry: Decodable {
      let name: String
      let latitude: Double
      let longitude: Double
      let country_code: String?
      let country: String?
      let admin1: String?
    }
    let results: [Lenient<Entry>]?
  }

  private struct ForecastDocument: Decodable {
    struct Current: Decodable {
      let temperature_2m: Double
      let relative_humidity_2m: Double
      let weather_code: Int?
      let is_day: Int?
      let apparent_temperature: Double?
      let pressure_msl: Double?
      let wind_speed_10m: Double?
      let wind_direction_10m: Double?

      enum CodingKeys: String, CodingKey {
        case temperature_2m, relative_humidity_2m, weather_code, is_day, apparent_temperature
        case pressure_msl, wind_speed_10m, wind_direction_10m
      }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temperature_2m = try container.decode(Double.self, forKey: .temperature_2m)
        relative_humidity_2m = try container.decode(Double.self, forKey: .relative_humidity_2m)
        // Extras: a value of the wrong type (or null) is missing, not a malformed body.
        weather_code = try? container.decodeIfPresent(Int.self, forKey: .weather_code)
        is_day = try? container.decodeIfPresent(Int.self, forKey: .is_day)
        apparent_temperature = try? container.decodeIfPresent(
          Double.self, forKey: .apparent_temperature)
        pressure_msl = try? container.decodeIfPresent(Double.self, forKey: .pressure_msl)
        wind_speed_10m = try? container.decodeIfPresent(Double.self, forKey: .wind_speed_10m)
        wind_direction_10m = try? container.decodeIfPresent(
          Double.self, forKey: .wind_direction_10m)
      }
    }
    struct Hourly: Decodable {
      let time: [Double]
      let temperature_2m: [Double?]
      let weather_code: [Int?]?
      let is_day: [Int?]?
      /// The chance of rain, 0…100 (issue 42); unreadable: none.
      let precipitation_probability: Lenient<[Double?]>?
    }
    /// Extras: today's sunrise, sunset and chance of rain; anything unreadable is missing.
    struct Daily: Decodable {
      let sunrise: [Double?]?
      let sunset: [Double?]?
      let precipitation_probability_max: [Double?]?
      enum CodingKeys: String, CodingKey {
        case sunrise, sunset, precipitation_probability_max
      }
      init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        sunrise = try? container?.decodeIfPresent([Double?].self, forKey: .sunrise)
        sunset = try? container?.decodeIfPresent([Double?].self, forKey: .sunset)
        precipitation_probability_max = try? container?.decodeIfPresent(
          [Double?].self, forKey: .precipitation_probability_max)
      }
    }
    let utc_offset_seconds: Int?
    let current: Current?
    let hourly: Hourly?
    let daily: Daily?
  }
}
