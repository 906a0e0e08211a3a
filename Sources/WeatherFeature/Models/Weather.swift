import Foundation

/// The current conditions at one place, as the service reported them (°C).
public struct Weather: Codable, Equatable, Sendable {
  /// The place's name; may be empty.
  public var cityName: String
  public var coordinate: Coordinate
  public var temperatureC: Double
  /// Relative humidity, 0…100.
  public var humidity: Int
  /// The service's icon code (`04d`), or "".
  public var iconCode: String
  public var description: String
  /// How warm it feels (°C), when the service says; nil otherwise (and in caches written
  /// before the field existed).
  public var feelsLikeC: Double?
  /// Air pressure (hPa), when the service says.
  public var pressureHPa: Double?
  /// The wind, when the service says.
  public var wind: Wind?
  /// Today's sunrise and sunset at the place, when the service says.
  public var sun: SunTimes?
  /// The chance of rain today, 0…100 %, when the service says.
  public var rainChance: Int?
  /// Other places the name could mean (`Paris, US (Texas)`), best first, when a search found
  /// more than one; empty otherwise. Not kept in the cache.
  public var otherPlaces: [String] = []

  /// What the cache keeps: every field but `otherPlaces` (older caches lack the newer
  /// optional ones, which then read as nil).
  enum CodingKeys: String, CodingKey {
    case cityName, coordinate, temperatureC, humidity, iconCode, description, feelsLikeC
    case pressureHPa, wind, sun, rainChance
  }

  public init(
    cityName: String, coordinate: Coordinate, temperatureC: Double, humidity: Int,
    iconCode: String, description: String, feelsLikeC: Double? = nil,
    pressureHPa: Double? = nil, wind: Wind? = nil, sun: SunTimes? = nil, rainChance: Int? = nil,
    otherPlaces: [String] = []
  ) {
    self.cityName = cityName
    self.coordinate = coordinate
    self.temperatureC = temperatureC
    self.humidity = humidity
    self.iconCode = iconCode
    self.description = description
    self.feelsLikeC = feelsLikeC
    self.pressureHPa = pressureHPa
    self.wind = wind
    self.sun = sun
    self.rainChance = rainChance
    self.otherPlaces = otherPlaces
  }
}

/// Sunrise and sunset, and the place's offset from UTC they are shown in.
public struct SunTimes: Codable, Equatable, Sendable {
  public var sunrise: Date
  public var sunset: Date
  /// Seconds east of UTC (±18 h).
  public var utcOffset: Int

  public init(sunrise: Date, sunset: Date, utcOffset: Int) {
    self.sunrise = sunrise
    self.sunset = sunset
    self.utcOffset = utcOffset
  }
}

/// The wind at a place: its speed, and the direction it blows from when known.
public struct Wind: Codable, Equatable, Sendable {
  /// Metres per second, 0 or more.
  public var speedMS: Double
  /// Degrees clockwise from north that the wind blows from (0 ..< 360), if known.
  public var fromDegrees: Double?

  public init(speedMS: Double, fromDegrees: Double?) {
    self.speedMS = speedMS
    self.fromDegrees = fromDegrees
  }
}

/// What to look up: a city by its cleaned name (case kept), or a coordinate.
public enum WeatherQuery: Equatable, Sendable {
  case city(String)
  case coordinate(Coordinate)

  /// The position asked about, for a coordinate query.
  public var position: Coordinate? {
    if case .coordinate(let point) = self { point } else { nil }
  }
}

/// A forecast: steps in time order, and the place's offset from UTC.
public struct Forecast: Equatable, Sendable {
  public var cityName: String
  /// Seconds east of UTC.
  public var timezoneOffset: Int
  public var steps: [ForecastStep]

  public init(cityName: String, timezoneOffset: Int, steps: [ForecastStep]) {
    self.cityName = cityName
    self.timezoneOffset = timezoneOffset
    self.steps = steps.sorted { $0.time < $1.time }
  }
}

/// One forecast point (every 3 hours).
public struct ForecastStep: Equatable, Sendable {
  public var time: Date
  public var temperatureC: Double
  public var iconCode: String
  /// The chance of rain, 0…100 %, when the service gives one.
  public var rainChance: Int?

  public init(time: Date, temperatureC: Double, iconCode: String, rainChance: Int? = nil) {
    self.time = time
    self.temperatureC = temperatureC
    self.iconCode = iconCode
    self.rainChance = rainChance
  }
}

/// One position report from the device.
public struct LocationFix: Equatable, Sendable {
  public var coordinate: Coordinate
  /// Metres.
  public var horizontalAccuracy: Double

  public init(coordinate: Coordinate, horizontalAccuracy: Double) {
    self.coordinate = coordinate
    self.horizontalAccuracy = horizontalAccuracy
  }

  /// A valid coordinate, accurate to under `requiredAccuracy` metres.
  public func isAcceptable(requiredAccuracy: Double = 100) -> Bool {
    coordinate.isValid && horizontalAccuracy >= 0 && horizontalAccuracy < requiredAccuracy
  }
}

/// °C or °F.
public enum TemperatureUnit: String, Equatable, Sendable, CaseIterable, Codable {
  case celsius, fahrenheit

  /// `celsius` in this unit, exactly.
  public func convert(celsius: Double) -> Double {
    self == .celsius ? celsius : celsius * 1.8 + 32
  }

  /// `celsius` in this unit to a tenth of a degree: the value as data (the display rounds
  /// the exact value to whole degrees).
  public func value(celsius: Double) -> Double {
    (convert(celsius: celsius) * 10).rounded(.toNearestOrAwayFromZero) / 10
  }
}

/// Which characters display strings may use.
public enum SymbolSet: Equatable, Sendable {
  case unicode, ascii
}

/// A map pan.
public enum PanDirection: String, Equatable, Sendable, CaseIterable, Codable {
  case north, south, east, west
}

/// A recently shown place on the map. Identity is `id`.
public struct MapMarker: Equatable, Sendable, Codable {
  /// The city's key, or the coordinate text of a nameless place.
  public var id: String
  public var coordinate: Coordinate
  public var icon: String
  /// `☁ London 12°C`.
  public var label: String
  /// `London`: what the map writes beside the icon when a head asks (`setMapNames`).
  public var name: String

  /// On the wire a nameless marker has no `name`.
  enum CodingKeys: String, CodingKey { case id, coordinate, icon, label, name }

  /// Writes `name` only when there is one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(coordinate, forKey: .coordinate)
    try container.encode(icon, forKey: .icon)
    try container.encode(label, forKey: .label)
    if !name.isEmpty { try container.encode(name, forKey: .name) }
  }

  /// Reads what `encode(to:)` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      coordinate: try container.decode(Coordinate.self, forKey: .coordinate),
      icon: try container.decode(String.self, forKey: .icon),
      label: try container.decode(String.self, forKey: .label),
      name: try container.decodeIfPresent(String.self, forKey: .name) ?? "")
  }

  public init(id: String, coordinate: Coordinate, icon: String, label: String, name: String = "") {
    self.id = id
    self.coordinate = coordinate
    self.icon = icon
    self.label = label
    self.name = name
  }
}

/// One day of the forecast chart.
public struct ForecastRow: Equatable, Sendable, Codable {
  /// `Mon`…`Sun`; the row's identity.
  public var day: String
  /// The day's date in the place's own time, `2026-11-30` ("" when not known).
  public var date: String = ""
  public var icon: String
  public var low: String
  public var high: String
  /// Eight 3-hour slots.
  public var bars: String
  /// The whole row: `Mon ☁   8°C  16°C ▂▁▂▅▆▇▅▃`.
  public var text: String
  /// The day's lowest temperature in the unit shown, to a tenth, as data.
  public var lowValue: Double = 0
  /// The day's highest temperature in the unit shown, to a tenth, as data.
  public var highValue: Double = 0
  /// Each 3-hour slot's bar level, 0…7 (nil: no step in it), as data: what `bars` draws one
  /// character each, for a head that draws the slots wider.
  public var levels: [Int?] = []
  /// The row before its bars: `Mon ☁   8°C  16°C`.
  public var label: String = ""
  /// The day's highest chance of rain, 0…100 %, when the service gives one (issue 42).
  public var rainChance: Int?
  /// `rain 40%`, or "" without a chance of rain.
  public var rainText: String = ""
  /// The day in one line, wttr.in-style: `Mon ☁  8°C / 16°C  rain 40%` (`cli weather forecast`).
  public var summary: String = ""

  /// On the wire, data under the plain names (`low` and `high` are numbers) and the display
  /// texts under `…Text`.
  enum CodingKeys: String, CodingKey {
    case day, date, icon, bars, text, levels, label, rainChance, rainText, summary
    case low = "lowText"
    case high = "highText"
    case lowValue = "low"
    case highValue = "high"
  }

  public init(day: String, icon: String, low: String, high: String, bars: String, text: String) {
    self.day = day
    self.icon = icon
    self.low = low
    self.high = high
    self.bars = bars
    self.text = text
  }
}
