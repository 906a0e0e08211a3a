import ArgumentParser
import WeatherFeature

/// `cli weather`: the weather app's grammar.
public struct WeatherGrammar: AppGrammar {
  /// `now` prints one line, in `--format`'s form.
  public static let formatsAnswers = true
  public static let configuration = grammar(
    "weather",
    commands: [
      Search.self, Here.self, Now.self, Forecast.self, Map.self, Pan.self, Zoom.self, Units.self,
      Key.self,
      SaveKey.self, Refresh.self,
    ])
  @OptionGroup public var options: CLIOptions
  public init() {}
}

extension WeatherGrammar {
  struct Search: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "look up a city by name (the rest of the line, as typed)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The city's name.") var city: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.search(city.joined(separator: " "))
    }
  }

  struct Here: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "here",
      abstract: "look up the weather at the device's position")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.weather.sending([.useMyLocation])
    }
  }

  struct Now: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "now",
      abstract:
        "the weather in one line: the city, else the place shown, else the position (--format)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The city's name (none: the place shown, else the position).")
    var city: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.now(city.joined(separator: " "))
    }
  }

  struct Forecast: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "forecast",
      abstract: "the next days, a line each: day, sky, low / high, chance of rain (--days N)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    // Unconditional: `--days -1` is a value (refused as out of range), not a flag.
    @Option(
      parsing: .unconditional, help: "How many days, 1 to 16 (default: all the forecast has).")
    var days: Int?
    @Argument(help: "The city's name (none: the place shown, else the position).")
    var city: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.forecast(city.joined(separator: " "), days: days)
    }
  }

  struct Map: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "map",
      abstract:
        "show or hide the map (toggle without an argument); size <columns>x<rows> draws it at "
        + "that size (5–200 x 3–100; 36x13 at start); names on|off writes place names on it")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "on, off, size <columns>x<rows>, or names on|off.") var words: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome { cli.map(words) }
  }

  struct Pan: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "pan", abstract: "move the map 1–20 times")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "Which way.") var direction: PanDirection
    @Argument(help: "How many steps (1–20; 1 by default).") var times: String?
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.pan(direction, times: times)
    }
  }

  struct Zoom: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "zoom", abstract: "zoom the map")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: ArgumentHelp("In or out.", valueName: "in|out")) var direction: ZoomWord
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.weather.sending([direction == .in ? .zoomIn : .zoomOut])
    }
  }

  struct Units: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "units",
      abstract: "show °C or °F (toggle without an argument)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: ArgumentHelp("c (°C) or f (°F); none: the other one.", valueName: "c|f"))
    var unit: TemperatureUnit?
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.weather.sending([unit.map(WeatherInput.setUnits) ?? .toggleUnits])
    }
  }

  struct Key: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "key",
      abstract: "use this OpenWeatherMap key for the session")
    static let verbatimAfter: Int? = 0
    static let carriesSecret = true
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The key.") var value: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.key(value.joined(separator: " "), saving: false)
    }
  }

  struct SaveKey: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "savekey",
      abstract: "use this key and write it to the settings file (0600)")
    static let verbatimAfter: Int? = 0
    static let carriesSecret = true
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The key.") var value: [String] = []
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.key(value.joined(separator: " "), saving: true)
    }
  }

  struct Refresh: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "refresh", abstract: "run the last query again")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: WeatherCLI) -> CommandOutcome {
      cli.weather.sending([.refresh])
    }
  }
}
