import Foundation
import ViewModelKit
import WeatherFeature

/// The weather app's commands for the CLI shell: words become view model inputs; the fields of
/// `WeatherState` print in the order of the spec's outputs table. Nothing prints before the first command.
@MainActor
public final class WeatherCLI: CLIApplication {
  private let session: WeatherSession
  private let screen: CLIScreen
  /// The line `now` prints (`--format`).
  private var answerFormat = WeatherLine.defaultFormat
  /// The screen's state as its Driver last delivered it, for `now`'s line.
  private var state = WeatherState.empty
  private var following: AnyCancellable?
  var weather: WeatherViewModel { session.weather }

  public init(session: WeatherSession) {
    self.session = session
    let state = session.weather.state
    func text(_ name: String, _ field: KeyPath<WeatherState, String>) -> CLIOutput {
      .text(name, initial: false, state, field)
    }
    func flag(_ name: String, _ field: KeyPath<WeatherState, Bool>) -> CLIOutput {
      .flag(name, initial: false, state, field)
    }
    screen = CLIScreen(
      name: "weather",
      outputs: [
        flag("isLoading", \.isLoading),
        flag("labelsHidden", \.labelsHidden),
        text("cityName", \.cityName),
        CLIOutput("temperature", initial: false, driver: state) {
          .data(text: $0.temperature, json: .temperature($0))
        },
        CLIOutput("humidity", initial: false, driver: state) {
          .data(text: $0.humidity, json: $0.humidityValue.map(JSONValue.int) ?? .null)
        },
        text("icon", \.icon),
        text("conditions", \.conditions),
        text("dataNote", \.dataNote),
        text("positionNote", \.positionNote),
        text("otherPlaces", \.otherPlaces),
        text("attribution", \.attribution),
        CLIOutput("units", initial: false, driver: state) {
          .data(text: $0.units, json: .string($0.unit.rawValue))
        },
        text("apiKeyStatus", \.apiKeyStatus),
        flag("needsApiKey", \.needsApiKey),
        flag("mapVisible", \.mapVisible),
        text("mapCaption", \.mapCaption),
        CLIOutput("mapRows", initial: false, driver: state) { state in
          .list(rows: state.mapRows, json: state.mapRows.map(JSONValue.string))
        },
        CLIOutput("markers", initial: false, driver: state) { state in
          .list(rows: state.markers.map(\.label), json: state.markers.map(JSONValue.marker))
        },
        CLIOutput("nearby", initial: false, driver: state) { state in
          .list(
            rows: state.nearbyMarkers.map(\.label),
            json: state.nearbyMarkers.map(JSONValue.marker))
        },
        text("forecastStatus", \.forecastStatus),
        text("forecastTrend", \.forecastTrend),
        CLIOutput("forecast", initial: false, driver: state) { state in
          .list(rows: state.forecast.map(\.text), json: state.forecast.map(JSONValue.forecastDay))
        },
      ])
    following = state.drive { [weak self] in self?.state = $0 }
  }

  public var currentScreen: CLIScreen { screen }
  public var isBusy: Bool { weather.isBusy }
  public var isSettled: Driver<Bool> { weather.isSettled }
  public var appSession: any AppSession { session }

  public func setActive(_ active: Bool) { weather.setActive(active) }

  public nonisolated static var grammar: any AppGrammar.Type { WeatherGrammar.self }

  public func finish() { session.shutdown() }

  public func useAnswerFormat(_ format: String) -> Bool {
    answerFormat = format
    return true
  }

  /// `now [city]`: looks the city up, or keeps the place shown (the remembered one at start),
  /// or looks up the position when nothing has been shown; then prints one line.
  func now(_ rest: String) -> CommandOutcome {
    let city = rest.trimmingCharacters(in: .whitespacesAndNewlines)
    var result = InputResult.accepted
    if !city.isEmpty {
      weather.send(.setQuery(text: city))
      result = weather.send(.submit)
    } else if state.source == .nothing {
      weather.send(.useMyLocation)
    }
    var outcome = CommandOutcome(result)
    let format = answerFormat
    outcome.reply = { [weak self] in
      guard let state = self?.state, let line = WeatherLine.text(state, format: format) else {
        return .failure(CommandReply("now", "no weather to show"))
      }
      return .success(CommandReply("now", line, json: .now(state, line: line)))
    }
    return outcome
  }

  /// `search <city>`.
  func search(_ city: String) -> CommandOutcome {
    guard !city.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      return CommandOutcome(.rejected("usage: search <city>"))
    }
    weather.send(.setQuery(text: city))
    return CommandOutcome(weather.send(.submit))
  }

  /// `zoom in|out`.
  func zoom(_ direction: ZoomWord) -> CommandOutcome {
    switch direction {
    case .in: CommandOutcome(weather.send(.zoomIn))
    case .out: CommandOutcome(weather.send(.zoomOut))
    }
  }

  /// `units [c|f]`: toggles without an argument.
  func units(_ unit: UnitWord?) -> CommandOutcome {
    switch unit {
    case nil: weather.send(.toggleUnits)
    case .c: weather.send(.setUnits(.celsius))
    case .f: weather.send(.setUnits(.fahrenheit))
    }
    return CommandOutcome()
  }

  /// `key <value>`, and `savekey <value>` (`saving`), which also writes it to the settings.
  func key(_ value: String, saving: Bool) -> CommandOutcome {
    guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      return CommandOutcome(.rejected("usage: \(saving ? "savekey" : "key") <value>"))
    }
    if saving {
      let chosen = weather.send(.setSaveKey(true))
      guard chosen == .accepted else { return CommandOutcome(chosen) }
    }
    return CommandOutcome(weather.send(.setApiKey(key: value)))
  }

  func map(_ arguments: [String]) -> CommandOutcome {
    switch arguments.map({ $0.lowercased() }) {
    case []: weather.send(.toggleMap)
    case ["on"]: weather.send(.setMapVisible(true))
    case ["off"]: weather.send(.setMapVisible(false))
    case let words where words.count == 2 && words[0] == "size":
      guard let size = Self.mapSize(words[1]) else {
        let (width, height) = (WeatherViewModel.mapColumnRange, WeatherViewModel.mapRowRange)
        return CommandOutcome(
          .rejected(
            "usage: map size <columns>x<rows> (\(width.lowerBound)–\(width.upperBound) x "
              + "\(height.lowerBound)–\(height.upperBound))"))
      }
      weather.send(.setMapSize(columns: size.columns, rows: size.rows))
    default: return CommandOutcome(.rejected("usage: map [on|off|size <columns>x<rows>]"))
    }
    return CommandOutcome()
  }

  /// `80x24` as a map size within the view model's bounds; nil for anything else.
  static func mapSize(_ text: String) -> (columns: Int, rows: Int)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      WeatherViewModel.mapColumnRange.contains(columns),
      WeatherViewModel.mapRowRange.contains(rows)
    else { return nil }
    return (columns, rows)
  }

  private static let directions: [String: PanDirection] = [
    "n": .north, "north": .north, "s": .south, "south": .south, "e": .east, "east": .east,
    "w": .west, "west": .west,
  ]

  func pan(_ arguments: [String]) -> CommandOutcome {
    let usage = CommandOutcome(
      .rejected("usage: pan <n|s|e|w|north|south|east|west> [times]"))
    guard (1...2).contains(arguments.count),
      let direction = Self.directions[arguments[0].lowercased()]
    else { return usage }
    var times = 1
    if arguments.count == 2 {
      guard let count = Int(arguments[1]), (1...20).contains(count) else { return usage }
      times = count
    }
    for _ in 0..<times {
      let result = weather.send(.pan(direction))
      if result != .accepted { return CommandOutcome(result) }
    }
    return CommandOutcome()
  }
}

extension JSONValue {
  /// A map marker with the fields of `MapMarker`.
  static func marker(_ marker: MapMarker) -> JSONValue {
    .object([
      ("id", .string(marker.id)),
      (
        "coordinate",
        .object([
          ("latitude", .double(marker.coordinate.latitude)),
          ("longitude", .double(marker.coordinate.longitude)),
        ])
      ),
      ("icon", .string(marker.icon)), ("label", .string(marker.label)),
    ])
  }
}

extension JSONValue {
  /// `{"value":18.3,"unit":"celsius"}`, or null without real weather.
  static func temperature(_ state: WeatherState) -> JSONValue {
    temperature(state.temperatureValue, state.unit)
  }

  /// `value` in `unit` as a temperature object, or null.
  static func temperature(_ value: Double?, _ unit: TemperatureUnit) -> JSONValue {
    guard let value, value.isFinite else { return .null }
    return .object([("value", .double(value)), ("unit", .string(unit.rawValue))])
  }

  /// A day of the forecast: its name, glyph, lowest and highest (in the unit shown) and bars.
  static func forecastDay(_ row: ForecastRow) -> JSONValue {
    .object([
      ("day", .string(row.day)), ("icon", .string(row.icon)), ("low", .double(row.lowValue)),
      ("high", .double(row.highValue)), ("bars", .string(row.bars)),
    ])
  }

  /// `now`'s answer as data: the line as formatted, and the weather it tells.
  static func now(_ state: WeatherState, line: String) -> JSONValue {
    .object([
      ("line", .string(line)), ("place", .string(state.cityName)),
      ("temperature", .temperature(state)),
      ("feelsLike", .temperature(state.feelsLikeValue, state.unit)),
      ("humidity", state.humidityValue.map(JSONValue.int) ?? .null),
      ("wind", .wind(state)), ("pressure", state.pressureValue.map(JSONValue.double) ?? .null),
      ("rainChance", state.rainChanceValue.map(JSONValue.int) ?? .null),
      ("sunrise", state.sunTimes.map { .time($0.sunrise) } ?? .null),
      ("sunset", state.sunTimes.map { .time($0.sunset) } ?? .null),
      ("conditions", .string(state.conditions)), ("icon", .string(state.icon)),
      ("source", .string(String(describing: state.source))),
      ("note", state.source == .sample ? .string(state.sampleNote) : .null),
    ])
  }

  /// `{"speed":4.1,"unit":"m/s","fromDegrees":240}` (`mph` with °F; `fromDegrees` null when
  /// the direction is unknown), or null without a wind.
  static func wind(_ state: WeatherState) -> JSONValue {
    guard let speed = state.windSpeedValue, speed.isFinite else { return .null }
    return .object([
      ("speed", .double(speed)), ("unit", .string(state.unit == .celsius ? "m/s" : "mph")),
      ("fromDegrees", state.windFromDegrees.map(JSONValue.double) ?? .null),
    ])
  }
}
