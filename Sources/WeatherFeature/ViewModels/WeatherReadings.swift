import Foundation

/// A temperature as data: the value in the unit shown, to a tenth, and that unit. On the
/// wire, `{"value": 18.3, "unit": "celsius"}`.
public struct TemperatureReading: Codable, Equatable, Sendable {
  /// The temperature in `unit`, to a tenth.
  public let value: Double
  /// °C or °F.
  public let unit: TemperatureUnit

  /// Nil for no value, or one that is not a finite number.
  public init?(_ value: Double?, _ unit: TemperatureUnit) {
    guard let value, value.isFinite else { return nil }
    self.value = value
    self.unit = unit
  }
}

/// A wind as data: its speed in m/s (°C) or mph (°F), and where it blows from, in degrees
/// (nil when unknown). On the wire, `{"speed": 4.1, "unit": "m/s", "fromDegrees": 240}`.
public struct WindReading: Codable, Equatable, Sendable {
  /// The speed in `unit`.
  public let speed: Double
  /// `m/s` or `mph`.
  public let unit: String
  /// Where it blows from, 0–360°; nil when unknown.
  public let fromDegrees: Double?

  /// Nil without a finite speed.
  public init?(speed: Double?, fromDegrees: Double?, unit: TemperatureUnit) {
    guard let speed, speed.isFinite else { return nil }
    self.speed = speed
    self.unit = unit == .celsius ? "m/s" : "mph"
    self.fromDegrees = fromDegrees.flatMap { $0.isFinite ? $0 : nil }
  }
}

/// `now`'s answer as data: the line as formatted, and the weather it tells. A field with no
/// value is `null`, so every answer has the same keys.
public struct WeatherNowAnswer: Encodable, Equatable, Sendable {
  /// The line as `--format` made it.
  public let line: String
  /// The place's name.
  public let place: String
  /// The temperature shown.
  public let temperature: TemperatureReading?
  /// The felt temperature.
  public let feelsLike: TemperatureReading?
  /// Relative humidity, 0–100 %.
  public let humidity: Int?
  /// The wind.
  public let wind: WindReading?
  /// Air pressure in hPa.
  public let pressure: Double?
  /// The chance of rain in the next hours, 0–100 %.
  public let rainChance: Int?
  /// Today's sunrise and sunset.
  public let sunrise: Date?
  public let sunset: Date?
  /// `Broken clouds`.
  public let conditions: String
  /// The conditions' glyph.
  public let icon: String
  /// Where the weather came from: live, the samples, the cache.
  public let source: WeatherSource
  /// What the sample note says, for sample weather; null otherwise.
  public let note: String?

  /// The answer for `state`, told by `line`.
  public init(_ state: WeatherState, line: String) {
    self.line = line
    place = state.cityName
    temperature = TemperatureReading(state.temperatureValue, state.unit)
    feelsLike = TemperatureReading(state.feelsLikeValue, state.unit)
    humidity = state.humidityValue
    wind = WindReading(
      speed: state.windSpeedValue, fromDegrees: state.windFromDegrees, unit: state.unit)
    pressure = state.pressureValue.flatMap { $0.isFinite ? $0 : nil }
    rainChance = state.rainChanceValue
    sunrise = state.sunTimes?.sunrise
    sunset = state.sunTimes?.sunset
    conditions = state.conditions
    icon = state.icon
    source = state.source
    note = state.source == .sample ? state.sampleNote : nil
  }

  private enum CodingKeys: String, CodingKey {
    case line, place, temperature, feelsLike, humidity, wind, pressure, rainChance, sunrise
    case sunset, conditions, icon, source, note
  }

  /// Every key, `null` where there is no value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(line, forKey: .line)
    try container.encode(place, forKey: .place)
    try container.encode(temperature, forKey: .temperature)
    try container.encode(feelsLike, forKey: .feelsLike)
    try container.encode(humidity, forKey: .humidity)
    try container.encode(wind, forKey: .wind)
    try container.encode(pressure, forKey: .pressure)
    try container.encode(rainChance, forKey: .rainChance)
    try container.encode(sunrise, forKey: .sunrise)
    try container.encode(sunset, forKey: .sunset)
    try container.encode(conditions, forKey: .conditions)
    try container.encode(icon, forKey: .icon)
    try container.encode(source, forKey: .source)
    try container.encode(note, forKey: .note)
  }
}

extension WeatherState {
  /// The temperature shown, as data; nil without real weather.
  public var temperatureReading: TemperatureReading? { TemperatureReading(temperatureValue, unit) }
}

/// `forecast`'s answer (`cli weather forecast`), as data and as lines for a person: the place,
/// where the weather came from, the days shown (each with its date), and what a person should
/// know besides (issue 54): that the days are samples, or fewer than were asked for.
public struct WeatherForecastAnswer: Encodable, Equatable, Sendable {
  /// The place the days are for.
  public let place: String
  /// Where the weather came from: live, the samples, the cache.
  public let source: WeatherSource
  /// The days shown, at most as many as asked for.
  public let days: [ForecastRow]
  /// `Only 5 days are forecast, not 9.`, `(Sample data)`, `(cached)`: after the days.
  public let notes: [String]

  /// The answer for `state`'s forecast, at most `asked` days (all when nil).
  public init(_ state: WeatherState, days asked: Int?) {
    place = state.cityName
    source = state.source
    days = Array(state.forecast.prefix(asked ?? state.forecast.count))
    var notes: [String] = []
    if let asked, asked > state.forecast.count {
      notes.append("Only \(state.forecast.count) days are forecast, not \(asked).")
    }
    switch state.source {
    case .sample where !state.sampleNote.isEmpty: notes.append("(\(state.sampleNote))")
    case .cache where !state.dataNote.isEmpty: notes.append(state.dataNote)
    default: break
    }
    self.notes = notes
  }

  /// What a person reads: a line a day (`Mon ☁   8°C / 16°C  rain 30%`), then the notes.
  public var lines: [String] { days.map(\.summary) + notes }
}
