import Foundation

/// The weather in one line, for a script or a status bar (`cli weather now`), with
/// placeholders like wttr.in's `format`: the line is made from the screen's own display-ready
/// fields, so units, ASCII mode and the place's name are as the screen shows them.
public enum WeatherLine {
  /// wttr.in's `format=3`: `Reykjavík: ❄ 0°C`.
  public static let defaultFormat = "%l: %c %t"

  /// Numbered formats in wttr.in's spirit (issue 42), for `now --format 1` … `4`:
  /// `☁ 12°C`, `☁ 🌡️12°C 🌬️4 m/s SW`, `London: ☁ 12°C` (the default) and
  /// `London: ☁ 🌡️12°C 🌬️4 m/s SW`.
  public static let presets: [(name: String, format: String)] = [
    ("1", "%c %t"), ("2", "%c 🌡️%t 🌬️%w"), ("3", defaultFormat), ("4", "%l: %c 🌡️%t 🌬️%w"),
  ]

  /// `format` itself, or the preset it names (`"2"`).
  public static func resolve(_ format: String) -> String {
    let name = format.trimmingCharacters(in: .whitespaces)
    return presets.first { $0.name == name }?.format ?? format
  }

  /// The placeholders `format` takes, with what each stands for.
  public static let placeholders: [(code: Character, meaning: String)] = [
    ("l", "the place"), ("c", "the condition's glyph"), ("C", "the condition in words"),
    ("t", "the temperature"), ("f", "the felt temperature"), ("h", "the humidity"),
    ("w", "the wind"), ("P", "the air pressure"), ("r", "the chance of rain"),
    ("S", "sunrise and sunset"), ("%", "a percent sign"),
  ]

  /// `state`'s weather in `format`, or nil when the screen shows none (nothing yet, or the
  /// placeholder). An unknown placeholder stays as written; a cached display says so after
  /// the line (`(cached)`), and so does the samples' (`(Sample data)`, with how far the
  /// sample place is from a position asked about).
  public static func text(_ state: WeatherState, format: String = defaultFormat) -> String? {
    guard state.source.hasWeather else { return nil }
    var line = ""
    var pending = false
    for character in format {
      guard pending else {
        if character == "%" { pending = true } else { line.append(character) }
        continue
      }
      pending = false
      switch character {
      case "l": line += state.cityName
      case "c": line += state.icon
      case "C": line += state.conditions
      case "t": line += state.temperature
      case "h": line += state.humidity
      case "w": line += state.wind
      case "f": line += state.feelsLike
      case "P": line += state.pressure
      case "r": line += state.rainChance
      case "S": line += state.sun
      case "%": line += "%"
      default: line += "%" + String(character)
      }
    }
    if pending { line += "%" }
    switch state.source {
    case .cache: return line + " " + state.dataNote
    case .sample where !state.sampleNote.isEmpty: return line + " (" + state.sampleNote + ")"
    default: return line
    }
  }
}
