import Foundation
import ViewModelKit

/// The display rules every weather output follows, for one symbol set.
public struct WeatherFormat: Sendable {
  public let symbols: SymbolSet

  public init(symbols: SymbolSet) { self.symbols = symbols }

  /// `12°C`, `54°F` (ASCII `12C`): rounded half away from zero, never `-0`.
  public func temperature(_ celsius: Double, unit: TemperatureUnit) -> String {
    var rounded = unit.convert(celsius: celsius).rounded(.toNearestOrAwayFromZero)
    if rounded == 0 { rounded = 0 }
    // Decoders refuse such values; a formatter still never traps on one.
    guard let whole = Int(exactly: rounded), whole.magnitude < 1_000_000 else {
      return "--\(unitText(unit))"
    }
    return "\(whole)\(unitText(unit))"
  }

  /// `°C` / `°F`, ASCII `C` / `F`.
  public func unitText(_ unit: TemperatureUnit) -> String {
    let letter = unit == .celsius ? "C" : "F"
    return symbols == .ascii ? letter : "°" + letter
  }

  public func humidity(_ value: Int) -> String { "\(value)%" }

  /// `4 m/s SW` (°C) or `9 mph SW` (°F): the speed rounded, then the 8-point compass direction
  /// the wind blows from, when known.
  public func wind(_ wind: Wind, unit: TemperatureUnit) -> String {
    let speed = Int(windSpeed(wind, unit: unit).rounded(.toNearestOrAwayFromZero))
    let text = "\(speed) \(unit == .celsius ? "m/s" : "mph")"
    guard let degrees = wind.fromDegrees else { return text }
    return text + " " + Self.compass[Int(((degrees + 22.5) / 45).rounded(.down)) % 8]
  }

  /// The wind speed in `unit`'s system, to a tenth: m/s with °C, mph with °F.
  public func windSpeed(_ wind: Wind, unit: TemperatureUnit) -> Double {
    let speed = unit == .celsius ? wind.speedMS : wind.speedMS * 3600 / 1609.344
    return (speed * 10).rounded(.toNearestOrAwayFromZero) / 10
  }

  private static let compass = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

  /// `1012 hPa`.
  public func pressure(_ hectopascals: Double) -> String {
    "\(Int(hectopascals.rounded(.toNearestOrAwayFromZero))) hPa"
  }

  /// `Sunrise 07:42  Sunset 16:05`, in the place's own time (its offset from UTC).
  public func sun(_ sun: SunTimes) -> String {
    "Sunrise \(Self.clock(sun.sunrise, offset: sun.utcOffset))  "
      + "Sunset \(Self.clock(sun.sunset, offset: sun.utcOffset))"
  }

  /// `07:42`: hours and minutes of `date` at `offset` seconds east of UTC.
  static func clock(_ date: Date, offset: Int) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offset)
    let ofDay = ((seconds % 86_400) + 86_400) % 86_400
    let hours = ofDay / 3_600
    let minutes = ofDay % 3_600 / 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }

  /// `Rain 40%`: the chance of rain today.
  public func rainChance(_ percent: Int) -> String { "Rain \(percent)%" }

  /// The description with its first character upper-cased.
  public func conditions(_ description: String) -> String {
    text(description.prefix(1).uppercased() + description.dropFirst())
  }

  /// The service's name, or `51.50, -0.12` for a nameless place.
  public func cityName(_ weather: Weather) -> String {
    guard weather.cityName.isEmpty else { return text(weather.cityName) }
    return "\(Self.fixed(weather.coordinate.latitude)), \(Self.fixed(weather.coordinate.longitude))"
  }

  /// `52.37,4.89 z4`.
  public func caption(_ center: Coordinate, zoom: Int) -> String {
    "\(Self.fixed(center.latitude)),\(Self.fixed(center.longitude)) z\(zoom)"
  }

  /// The glyph for an icon code.
  public func icon(_ code: String) -> String { WeatherIcons.glyph(code, symbols: symbols) }

  /// `Loading forecast…` (ASCII `...`).
  public var loadingForecast: String { text("Loading forecast…") }

  /// `text` in this symbol set: unchanged for unicode; for ASCII, the one transliteration
  /// the TUI draws with too (`ASCIIText`: `…` → `...`, the degree sign dropped, diacritics
  /// stripped, a dash or a quote as its ASCII twin, anything else non-ASCII → `?`).
  public func text(_ text: String) -> String { symbols == .ascii ? ASCIIText.of(text) : text }

  /// `%.2f`, with a value that rounds to zero printed `0.00`.
  static func fixed(_ value: Double) -> String {
    let text = String(format: "%.2f", value)
    return text == "-0.00" ? "0.00" : text
  }
}

/// The icon table: service codes to one-column glyphs.
public enum WeatherIcons {
  private static let table: [String: (unicode: String, ascii: String)] = {
    var table: [String: (String, String)] = [
      "01d": ("☀", "O"), "01n": ("☾", ")"),
    ]
    let groups: [([String], String, String)] = [
      (["02d", "02n"], "◐", "c"),
      (["03d", "03n", "04d", "04n"], "☁", "C"),
      (["09d", "09n", "10d", "10n"], "☂", "/"),
      (["11d", "11n"], "↯", "!"),
      (["13d", "13n"], "❄", "*"),
      (["50d", "50n"], "≡", "="),
    ]
    for (codes, unicode, ascii) in groups {
      for code in codes { table[code] = (unicode, ascii) }
    }
    return table
  }()

  /// The glyph for `code`, `?` when unknown.
  public static func glyph(_ code: String, symbols: SymbolSet) -> String {
    guard let entry = table[code] else { return "?" }
    return symbols == .ascii ? entry.ascii : entry.unicode
  }
}
