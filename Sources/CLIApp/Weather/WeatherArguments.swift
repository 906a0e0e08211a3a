import ArgumentParser
import WeatherFeature

// The weather's own input values, decoded by the grammar straight from the command line.

extension TemperatureUnit: ExpressibleByArgument {
  /// `c` or `f`, any case (the words `units` takes).
  public init?(argument: String) {
    switch argument.lowercased() {
    case "c": self = .celsius
    case "f": self = .fahrenheit
    default: return nil
    }
  }

  public static var allValueStrings: [String] { ["c", "f"] }
}

extension PanDirection: ExpressibleByArgument {
  /// `n`, `s`, `e`, `w` or the whole word, any case.
  public init?(argument: String) {
    let word = argument.lowercased()
    guard let direction = Self.allCases.first(where: { $0.rawValue == word || $0.letter == word })
    else { return nil }
    self = direction
  }

  public static var allValueStrings: [String] {
    allCases.map(\.letter) + allCases.map(\.rawValue)
  }

  /// `n`, `s`, `e`, `w`.
  private var letter: String { String(rawValue.prefix(1)) }
}
