import Foundation

/// The weather in one line, for a script or a status bar (`cli weather now`), with wttr.in's
/// `format` placeholders (issue 54): the line is made from the screen's own display-ready
/// fields and the numbers beside them, so units, ASCII mode and the place's name are as the
/// screen shows them.
public enum WeatherLine {
  /// wttr.in's `format=3`: `Reykjavík: ❄ +1°C`.
  public static let defaultFormat = "%l: %c %t"

  /// wttr.in's numbered formats, for `now --format 1` … `4`: `☁ +12°C`,
  /// `☁ 🌡️+12°C 🌬️↗15km/h`, `London: ☁ +12°C` (the default) and
  /// `London: ☁ 🌡️+12°C 🌬️↗15km/h`.
  public static let presets: [(name: String, format: String)] = [
    ("1", "%c %t"), ("2", "%c 🌡️%t 🌬️%w"), ("3", defaultFormat), ("4", "%l: %c 🌡️%t 🌬️%w"),
  ]

  /// `format` itself, or the preset it names (`"2"`).
  public static func resolve(_ format: String) -> String {
    let name = format.trimmingCharacters(in: .whitespaces)
    return presets.first { $0.name == name }?.format ?? format
  }

  /// The placeholders `format` takes, with what each stands for: wttr.in's letters.
  public static let placeholders: [(code: Character, meaning: String)] = [
    ("l", "the place"), ("c", "the condition's glyph"), ("C", "the condition in words"),
    ("t", "the temperature (+12°C)"), ("f", "the felt temperature"), ("h", "the humidity"),
    ("w", "the wind (↗15km/h, or mph with °F)"), ("P", "the air pressure"),
    ("o", "the chance of rain"), ("S", "sunrise"), ("s", "sunset"), ("%", "a percent sign"),
  ]

  /// What is wrong with `format`, if anything: a placeholder it does not know (wttr.in's
  /// moon, UV, precipitation, dawn and dusk are not shown here), said with the ones it knows.
  public static func problem(in format: String) -> String? {
    var pending = false
    for character in format {
      if pending, !placeholders.contains(where: { $0.code == character }) {
        return "--format: no placeholder %\(character); the placeholders are "
          + placeholders.map { "%\($0.code)" }.joined(separator: " ")
      }
      pending = !pending && character == "%"
    }
    return nil
  }

  /// `state`'s weather in `format`, or nil when the screen shows none (nothing yet, or the
  /// placeholder). With `note` (the default line, not a format the user gave), a cached
  /// display says so after the line (`(cached)`), and so do the samples (`(Sample data)`,
  /// with how far the sample place is from a position asked about); a format of the user's is
  /// printed exactly, for a status bar. An unknown placeholder (`problem(in:)`) stays as written.
  public static func text(_ state: WeatherState, format: String = defaultFormat, note: Bool = true)
    -> String?
  {
    guard state.source.hasWeather else { return nil }
    var line = ""
    var pending = false
    for character in format {
      guard pending else {
        if character == "%" { pending = true } else { line.append(character) }
        continue
      }
      pending = false
      line += value(of: character, in: state) ?? "%" + String(character)
    }
    if pending { line += "%" }
    guard note else { return line }
    switch state.source {
    case .cache: return line + " " + state.dataNote
    case .sample where !state.sampleNote.isEmpty: return line + " (" + state.sampleNote + ")"
    default: return line
    }
  }

  /// What placeholder `code` stands for in `state`; nil for one it does not know.
  private static func value(of code: Character, in state: WeatherState) -> String? {
    switch code {
    case "l": state.cityName
    case "c": state.icon
    case "C": state.conditions
    case "t": signed(state.temperature, state.temperatureValue)
    case "f": signed(state.feelsLike, state.feelsLikeValue)
    case "h": state.humidity
    case "w": wind(state)
    case "P": state.pressure
    case "o": state.rainChanceValue.map { "\($0)%" } ?? ""
    case "S": state.sunTimes.map { WeatherFormat.clock($0.sunrise, offset: $0.utcOffset) } ?? ""
    case "s": state.sunTimes.map { WeatherFormat.clock($0.sunset, offset: $0.utcOffset) } ?? ""
    case "%": "%"
    default: nil
    }
  }

  /// A temperature as wttr.in writes it: `+12°C` above zero, `-3°C` below, `0°C`.
  private static func signed(_ text: String, _ value: Double?) -> String {
    guard let value, value.rounded(.toNearestOrAwayFromZero) > 0, !text.hasPrefix("+") else {
      return text
    }
    return "+" + text
  }

  /// The wind as wttr.in writes it: an arrow the way it blows, then km/h (°C) or mph (°F),
  /// `↗15km/h`; in ASCII the compass point it blows from instead (`SW 15km/h`).
  private static func wind(_ state: WeatherState) -> String {
    guard let speed = state.windSpeedValue, speed.isFinite, speed >= 0, speed < 1_000 else {
      return ""
    }
    let fahrenheit = state.unit == .fahrenheit
    let amount = Int((fahrenheit ? speed : speed * 3.6).rounded(.toNearestOrAwayFromZero))
    let text = "\(amount)\(fahrenheit ? "mph" : "km/h")"
    guard let degrees = state.windFromDegrees, degrees.isFinite else { return text }
    let sector = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45)) % 8
    let ascii = !state.units.contains("°")
    return ascii ? compass[sector] + " " + text : arrows[sector] + text
  }

  /// Where a wind from each compass sector blows (wttr.in's arrows), and the sector's name.
  private static let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
  private static let compass = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
}
