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
  /// Whether `--format` was given: its line is printed as asked, with no note.
  private var formatGiven = false
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
        .field(
          "temperature", initial: false, state, text: \.temperature, data: \.temperatureReading),
        .field("humidity", initial: false, state, text: \.humidity, data: \.humidityValue),
        text("icon", \.icon),
        text("conditions", \.conditions),
        text("dataNote", \.dataNote),
        text("positionNote", \.positionNote),
        text("otherPlaces", \.otherPlaces),
        text("attribution", \.attribution),
        .field("units", initial: false, state, text: \.units, data: \.unit),
        text("apiKeyStatus", \.apiKeyStatus),
        flag("needsApiKey", \.needsApiKey),
        flag("mapVisible", \.mapVisible),
        text("mapCaption", \.mapCaption),
        .rows("mapRows", initial: false, state, \.mapRows, text: { $0 }, data: { $0 }),
        .rows("markers", initial: false, state, \.markers, text: \.label, data: { $0 }),
        .rows("nearby", initial: false, state, \.nearbyMarkers, text: \.label, data: { $0 }),
        text("forecastStatus", \.forecastStatus),
        text("forecastTrend", \.forecastTrend),
        .rows("forecast", initial: false, state, \.forecast, text: \.text, data: { $0 }),
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

  /// `--format`: placeholders as written, or a preset's number (`--format 2`); the line is then
  /// printed exactly as asked, with no note after it.
  public func useAnswerFormat(_ format: String) -> Bool {
    answerFormat = WeatherLine.resolve(format)
    formatGiven = true
    return true
  }

  /// `now [city]`: looks the city up, or keeps the place shown (the remembered one at start),
  /// or looks up the position when nothing has been shown; then prints one line.
  func now(_ rest: String) -> CommandOutcome {
    if let problem = WeatherLine.problem(in: answerFormat) {
      return CommandOutcome(.rejected(problem))
    }
    let city = rest.trimmingCharacters(in: .whitespacesAndNewlines)
    var result = InputResult.accepted
    if !city.isEmpty {
      weather.send(.setQuery(text: city))
      result = weather.send(.submit)
    } else if state.source == .nothing {
      weather.send(.useMyLocation)
    }
    var outcome = CommandOutcome(result)
    let (format, note) = (answerFormat, !formatGiven)
    outcome.reply = { [weak self] in
      guard let state = self?.state, let line = WeatherLine.text(state, format: format, note: note)
      else {
        return .failure(CommandReply("now", "no weather to show"))
      }
      return .success(CommandReply("now", line, data: WeatherNowAnswer(state, line: line)))
    }
    return outcome
  }

  /// `forecast [city] [--days N]`: looks the place up as `now` does, then prints a line a day
  /// (`Mon ☁  8°C / 16°C  rain 40%`), at most `days` of them.
  func forecast(_ rest: String, days: Int?) -> CommandOutcome {
    if let days, !(1...16).contains(days) { return CommandOutcome(.rejected("days: 1 to 16")) }
    var outcome = now(rest)
    outcome.reply = { [weak self] in
      guard let state = self?.state, state.source.hasWeather, !state.forecast.isEmpty else {
        let status = self?.state.forecastStatus ?? ""
        return .failure(CommandReply("forecast", status.isEmpty ? "no forecast to show" : status))
      }
      let answer = WeatherForecastAnswer(state, days: days)
      var reply = CommandReply("forecast", answer.lines.joined(separator: "\n"), data: answer)
      reply.lines = answer.lines
      return .success(reply)
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
    case ["names", "on"]: weather.send(.setMapNames(true))
    case ["names", "off"]: weather.send(.setMapNames(false))
    case let words where words.count == 2 && words[0] == "size":
      guard let size = Self.mapSize(words[1]) else {
        let (width, height) = (WeatherViewModel.mapColumnRange, WeatherViewModel.mapRowRange)
        return CommandOutcome(
          .rejected(
            "usage: map size <columns>x<rows> (\(width.lowerBound)–\(width.upperBound) x "
              + "\(height.lowerBound)–\(height.upperBound))"))
      }
      weather.send(.setMapSize(columns: size.columns, rows: size.rows))
    default:
      return CommandOutcome(.rejected("usage: map [on|off|size <columns>x<rows>|names on|off]"))
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

  /// `pan <direction> [times]`: the direction decoded by the grammar, 1–20 steps.
  func pan(_ direction: PanDirection, times: String?) -> CommandOutcome {
    var steps = 1
    if let times {
      guard let count = Int(times), (1...20).contains(count) else {
        return CommandOutcome(.rejected("usage: pan <n|s|e|w|north|south|east|west> [times]"))
      }
      steps = count
    }
    return weather.sending(Array(repeating: .pan(direction), count: steps))
  }
}
