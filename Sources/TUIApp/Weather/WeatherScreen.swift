import Foundation
import TerminalUI
import TextColumns
import ViewModelKit
import WeatherFeature

/// Tab 1: the city field, the Now and forecast panels, the map and the key dialog, all drawn
/// from `WeatherViewModel`'s one `WeatherState`. Keys become inputs; nothing here decides what to show.
@MainActor
public final class WeatherScreen: AppScreen, DriverBound {
  enum Focus { case city, map }

  private let session: WeatherSession
  private let scheduler: AnySchedulerOf<DispatchQueue>
  let redraw: () -> Void
  var subscriptions = Set<AnyCancellable>()
  private lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }

  /// The view model's state as last delivered (before the first: all empty).
  private(set) var state = WeatherState.empty

  var focus: Focus?
  private var cityField = TextField()
  private var keyField = TextField()
  private lazy var spinner = SpinnerClock(scheduler: scheduler) { [weak self] in self?.redraw() }
  var lastMapSize: (columns: Int, rows: Int)?
  /// The terminal's size as last told (for where a click lands).
  var terminalSize: (columns: Int, rows: Int)?

  var weather: WeatherViewModel { session.weather }

  public init(
    session: WeatherSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    self.scheduler = scheduler
    self.redraw = redraw
    let weather = session.weather
    bind(weather.state) { screen, state in
      if state.keyPromptVisible && !screen.state.keyPromptVisible { screen.keyField = TextField() }
      if state.isLoading != screen.state.isLoading { screen.spinner.run(state.isLoading) }
      if state.cityFieldRevision != screen.state.cityFieldRevision {
        // The place the view model filled in is selected: typing a new one replaces it.
        screen.cityField = TextField(text: state.cityField, selected: true)
      }
      screen.state = state
    }
    weather.events.emit { [weak self] in self?.toast.show($0) }.store(in: &subscriptions)
  }

  func didReceiveValue() { redraw() }

  /// Sends `input` to the screen's model; a refusal shows on the toast line.
  func send(_ input: WeatherInput) { toast.showRefusal(of: weather.send(input)) }

  // MARK: AppScreen

  public var hasFocusedField: Bool { focus == .city || state.keyPromptVisible }
  public var hasOverlay: Bool { state.keyPromptVisible }

  public var hints: [Hint] { keys.hints(in: mode) }

  public var helpLines: [(key: String, meaning: String)] { keys.helpLines }

  public func willQuit() { session.shutdown() }

  public func setActive(_ active: Bool) { weather.setActive(active) }

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    let mode = mode
    if let command = keys.action(for: key, in: mode) {
      perform(command)
    } else {
      // Any other key edits the field that has focus, if one has.
      switch mode {
      case .keyDialog:
        guard keyField.handle(key) else { return .ignored }
      case .city:
        guard cityField.handle(key) else { return .ignored }
        send(.setQuery(text: cityField.text))
      case .map, .unfocused: return .ignored
      }
    }
    redraw()
    return .handled
  }

  private func perform(_ command: KeyCommand) {
    switch command {
    case .input(let input): send(input)
    case .submitKey: send(.setApiKey(key: keyField.text))
    case .focusCity: focus = .city
    case .leave: focus = nil
    case .toggleMap:
      // Decided from what the screen shows now, not from a state read back after the input
      // (which is the old one while delivery is deferred, the new one when it is not).
      let showing = !state.mapVisible
      send(.setMapVisible(showing))
      focus = showing ? .map : nil
    }
  }

  // MARK: Drawing

  public func draw(_ painter: Painter) {
    let width = painter.width
    TitleLine.draw(
      painter, title: "Weather", spinnerTick: state.isLoading ? spinner.tick : nil,
      status: TitleLine.parts([
        ("", state.attemptNote), ("", state.units), ("", state.sampleNote),
        ("key ", state.apiKeyStatus), ("", state.attribution),
      ]))
    drawCityLine(painter)
    let top = WeatherMapPane.panelsTop
    let bottom = painter.height - 3  // the last panel row; the toast line is below it
    if WeatherMapPane.isSideBySide(columns: width, rows: painter.height) {
      drawSideBySide(painter, top: top, bottom: bottom)
    } else {
      drawStacked(painter, top: top, bottom: bottom)
    }
    toast.draw(painter, row: painter.height - 2)
    if state.keyPromptVisible { drawKeyDialog(painter) }
  }

  private func drawCityLine(_ painter: Painter) {
    let label = " City: "
    let hint = "  Return search  Esc leave"
    let room = painter.width - TextWidth.of(label) - 1
    let fieldWidth = max(
      10, min(41, room - (room >= 41 + TextWidth.of(hint) ? TextWidth.of(hint) : 0)))
    painter.text(label, row: 2, column: 0, style: .bold)
    cityField.draw(
      painter, row: 2, column: TextWidth.of(label), width: fieldWidth,
      focused: focus == .city && !state.keyPromptVisible)
    let after = TextWidth.of(label) + fieldWidth
    if after + TextWidth.of(hint) <= painter.width {
      painter.text(hint, row: 2, column: after, style: .dim)
    }
  }

  /// 80x24 and up: Now and the forecast on the left, the map (when shown) on the right.
  private func drawSideBySide(_ painter: Painter, top: Int, bottom: Int) {
    let mapWidth = state.mapVisible ? painter.width * 38 / 80 : 0
    let leftWidth = painter.width - mapWidth
    let box = Box(painter: painter)
    box.frame(title: "Now", left: 0, width: leftWidth, top: top, bottom: top + 5)
    drawNow(painter, left: 1, width: leftWidth - 2, firstRow: top + 2)
    box.frame(
      title: "5-day forecast", left: 0, width: leftWidth, top: top + 5, bottom: bottom,
      joins: true)
    drawForecast(painter, left: 1, width: leftWidth - 2, top: top + 6, bottom: bottom - 1)
    if state.mapVisible, let pane = WeatherMapPane.on(columns: painter.width, rows: painter.height)
    {
      drawMap(painter, pane: pane)
    }
  }

  /// Below 80x24: Now, then the map when shown, else the forecast, cut to the rows left.
  private func drawStacked(_ painter: Painter, top: Int, bottom: Int) {
    let box = Box(painter: painter)
    let compact = painter.height < 14
    var row = top
    if compact {
      drawNow(painter, left: 1, width: painter.width - 2, firstRow: row)
      row += 3
    } else {
      box.frame(
        title: "Now", left: 0, width: painter.width, top: row, bottom: row + 3, closed: false)
      drawNow(painter, left: 1, width: painter.width - 2, firstRow: row + 1)
      row += 4
    }
    guard row <= bottom else { return }
    if state.mapVisible {
      if let pane = WeatherMapPane.on(columns: painter.width, rows: painter.height) {
        drawMap(painter, pane: pane)
      }
    } else {
      box.frame(
        title: "5-day forecast", left: 0, width: painter.width, top: row, bottom: bottom,
        joins: !compact)
      drawForecast(painter, left: 1, width: painter.width - 2, top: row + 1, bottom: bottom - 1)
    }
  }

  private func drawNow(_ painter: Painter, left: Int, width: Int, firstRow: Int) {
    guard !state.labelsHidden, width > 0 else { return }
    let name = state.dataNote.isEmpty ? state.cityName : "\(state.cityName) \(state.dataNote)"
    let end = painter.fitted(
      "  \(state.icon)  \(name)", row: firstRow, column: left, width: width, style: .bold)
    // Beside the place: that it is the sample position, or the other places of its name.
    if let note = [state.positionNote, state.otherPlaces].first(where: { !$0.isEmpty }),
      end + 3 < left + width
    {
      painter.fitted(
        note, row: firstRow, column: end + 3, width: left + width - end - 3, style: .dim)
    }
    // The felt temperature, the wind and the pressure where the pane has room for them whole.
    painter.fittedParts(
      [
        ("     ", state.temperature), ("Humidity ", state.humidity),
        ("Feels like ", state.feelsLike), ("", state.rainChance),
      ], row: firstRow + 1, column: left, width: width)
    painter.fittedParts(
      [
        ("     ", state.conditions), ("Wind ", state.wind), ("", state.pressure),
        ("", state.sun),
      ], row: firstRow + 2, column: left, width: width)
  }

  /// The trend and the day rows, each step's bar as many cells wide as the panel has room
  /// for (at most 8): drawn from the levels, so the feature knows nothing of the panel.
  private func drawForecast(_ painter: Painter, left: Int, width: Int, top: Int, bottom: Int) {
    guard width > 0, bottom >= top else { return }
    let cells =
      state.forecastLevels.isEmpty ? 1 : max(1, min(8, width / state.forecastLevels.count))
    let glyphs = ForecastChart.bars(painter.ascii ? .ascii : .unicode)
    let bar = { (level: Int?) in
      String(repeating: level.map { glyphs[min(7, max(0, $0))] } ?? " ", count: cells)
    }
    painter.fitted(state.forecastLevels.map(bar).joined(), row: top, column: left, width: width)
    var row = top + 2
    for day in state.forecast.prefix(6) where row < bottom {
      var line = day.label + " " + day.levels.map(bar).joined()
      // The chance of rain where the panel has room for it (issue 42).
      if !day.rainText.isEmpty, TextWidth.of(line) + 3 + TextWidth.of(day.rainText) < width {
        line += "  " + day.rainText
      }
      painter.fitted(" " + line, row: row, column: left, width: width)
      row += 1
    }
    if !state.forecastStatus.isEmpty {
      painter.fitted(
        " " + state.forecastStatus, row: bottom, column: left, width: width, style: .dim)
    }
  }

  private func drawKeyDialog(_ painter: Painter) {
    let boxWidth = min(50, painter.width - 4)
    let left = (painter.width - boxWidth) / 2
    let top = max(2, (painter.height - 6) / 2)
    let box = Box(painter: painter)
    box.frame(title: "API key", left: left, width: boxWidth, top: top, bottom: top + 5, clear: true)
    painter.fitted("OpenWeatherMap API key:", row: top + 1, column: left + 2, width: boxWidth - 4)
    keyField.draw(
      painter, row: top + 2, column: left + 2, width: boxWidth - 4, focused: true, secret: true)
    painter.fitted(state.saveKeyChoice, row: top + 3, column: left + 2, width: boxWidth - 4)
    painter.fitted(
      state.canSaveKey
        ? "Return use key  Tab save or not  Esc close" : "Return use key  Esc close",
      row: top + 4, column: left + 2, width: boxWidth - 4, style: .dim)
  }
}
