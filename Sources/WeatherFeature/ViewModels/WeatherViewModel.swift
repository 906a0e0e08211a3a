import Foundation
import ViewModelKit

/// The weather screen: search by name, by location or from the map, with retries, a key
/// prompt, a per-city fallback cache, map markers and the forecast chart.
///
/// A search is not an `Action`: an Action refuses to start while it runs, and a new search
/// must replace the one in flight. Every query (text, location, map, refresh) takes the one
/// query slot; starting one cancels everything the previous one still had running.
public final class WeatherViewModel {
  // MARK: Constants

  /// Attempts per query, the first included.
  public static let maxAttempts = 4
  /// Seconds before one attempt counts as a network failure.
  public static let attemptTimeout = 10.0
  /// Seconds to wait for an accurate fix.
  public static let locationTimeout = 10.0
  /// A fix must be more accurate than this, in metres.
  public static let requiredAccuracy = 100.0
  /// Seconds after the last pan before the map's centre is looked up.
  public static let mapSettleDelay = 0.5
  /// The longest city name accepted, in characters.
  public static let maxQueryLength = 100
  /// How many places the map remembers.
  public static let maxMarkers = 20
  /// The map grid before a front end sets its size.
  public static let defaultMapSize = (columns: 36, rows: 13)
  /// The map's zoom level at start (1…6).
  public static let defaultZoom = 4

  /// Back-off after the n-th failed attempt: n seconds.
  static func backOff(afterAttempt attempt: Int) -> Double { Double(attempt) }

  /// The wait before the next attempt: the server's `Retry-After` when a 429 gave one, else
  /// the back-off.
  static func retryDelay(after error: WeatherError, attempt: Int) -> Double {
    if case .rateLimited(let wait?) = error { return max(wait, backOff(afterAttempt: attempt)) }
    return backOff(afterAttempt: attempt)
  }

  static let tooLong = "City name is too long (max 100 characters)"
  static let emptyKey = "API key must not be empty"
  static let mapHidden = "The map is hidden"
  static let noAccurateFix = "No accurate location fix (need under 100 m)"

  // MARK: Outputs

  /// True from an accepted search until its display arrives.
  public let isLoading: Driver<Bool>
  /// True before the first display; afterwards the same as `isLoading`.
  public let labelsHidden: Driver<Bool>
  /// `London`; `51.50, -0.12` for a nameless place; `No data` for the placeholder.
  public let cityName: Driver<String>
  /// `12°C`, `54°F` (ASCII `12C`); `--` for the placeholder.
  public let temperature: Driver<String>
  /// `81%`; `--` for the placeholder.
  public let humidity: Driver<String>
  /// The condition's glyph; `?` for the placeholder.
  public let icon: Driver<String>
  /// `Broken clouds`.
  public let conditions: Driver<String>
  /// `(cached)` when the display came from the cache.
  public let dataNote: Driver<String>
  /// `°C` or `°F` (ASCII `C`, `F`).
  public let units: Driver<String>
  /// `not set`, or the key masked: `****1234`.
  public let apiKeyStatus: Driver<String>
  /// True while a search waits for a key after the service refused the key.
  public let needsApiKey: Driver<Bool>
  /// True while the key prompt is open.
  public let keyPromptVisible: Driver<Bool>
  /// Whether the map is shown.
  public let mapVisible: Driver<Bool>
  /// `52.37,4.89 z4`: the map's centre and zoom.
  public let mapCaption: Driver<String>
  /// The map grid, one string per row; empty while hidden.
  public let mapRows: Driver<[String]>
  /// Recently shown places, newest first, at most 20.
  public let markers: Driver<[MapMarker]>
  /// `Loading forecast…`, `Forecast unavailable`, `No forecast`, or "".
  public let forecastStatus: Driver<String>
  /// One bar per forecast step.
  public let forecastTrend: Driver<String>
  /// One row per day.
  public let forecast: Driver<[ForecastRow]>
  /// Failures and refusals, as toasts.
  public let toast: Signal<String>
  /// False while a query, a retry or settle timer, a fix wait or a forecast call is pending.
  public let isSettled: Driver<Bool>

  // MARK: State

  private let service: any WeatherService
  private let location: any LocationProvider
  private let cache: any WeatherCache
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let format: WeatherFormat
  private let state: BehaviorRelay<WeatherState>
  private let toasts = PublishRelay<String>()
  /// Everything the current query has running; cancelled when another query starts.
  private var running = Set<AnyCancellable>()
  /// The forecast call of the current display.
  private var forecastWork = Set<AnyCancellable>()
  /// Resumes the current query once a key is entered.
  private var resumeOnKey: (() -> Void)?
  private var lastQuery: QueryKind?
  private var generation = 0

  /// What started a query: it decides caching, re-centring and the fallback.
  enum QueryKind: Equatable {
    case text(String)
    case location
    case map(Coordinate)

    /// Text and location results move the map to the place; map results leave it (no loop).
    var recentresTheMap: Bool {
      if case .map = self { return false }
      return true
    }
  }

  public init(
    service: any WeatherService, location: any LocationProvider, cache: any WeatherCache,
    apiKey: String, initialMapCenter: Coordinate, symbols: SymbolSet = .unicode,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.service = service
    self.location = location
    self.cache = cache
    self.scheduler = scheduler
    let format = WeatherFormat(symbols: symbols)
    self.format = format
    let state = BehaviorRelay(
      value: WeatherState(
        apiKey: apiKey.trimmingCharacters(in: .whitespacesAndNewlines),
        mapCenter: initialMapCenter))
    self.state = state

    func output<T: Equatable>(_ transform: @escaping (WeatherState) -> T) -> Driver<T> {
      state.map(transform).removeDuplicates().asDriver(scheduler: scheduler)
    }
    isLoading = output(\.isLoading)
    labelsHidden = output { $0.display == nil || $0.isLoading }
    cityName = output { state in
      switch state.display {
      case nil: ""
      case .placeholder: "No data"
      case .live(let weather), .cached(let weather): format.cityName(weather)
      }
    }
    temperature = output { state in
      switch state.display {
      case nil: ""
      case .placeholder: "--"
      case .live(let weather), .cached(let weather):
        format.temperature(weather.temperatureC, unit: state.units)
      }
    }
    humidity = output { state in
      switch state.display {
      case nil: ""
      case .placeholder: "--"
      case .live(let weather), .cached(let weather): format.humidity(weather.humidity)
      }
    }
    icon = output { state in
      switch state.display {
      case nil: ""
      case .placeholder: "?"
      case .live(let weather), .cached(let weather): format.icon(weather.iconCode)
      }
    }
    conditions = output { state in
      state.display?.weather.map { format.conditions($0.description) } ?? ""
    }
    dataNote = output { state in
      if case .cached = state.display { return "(cached)" }
      return ""
    }
    units = output { format.unitText($0.units) }
    apiKeyStatus = output { Self.maskedKey($0.apiKey) }
    needsApiKey = output(\.needsApiKey)
    keyPromptVisible = output(\.keyPromptVisible)
    mapVisible = output(\.mapVisible)
    mapCaption = output { format.caption($0.mapCenter, zoom: $0.zoom) }
    mapRows = output { state in
      guard state.mapVisible else { return [] }
      return MapGrid.rows(
        center: state.mapCenter, zoom: state.zoom, columns: state.mapColumns,
        rows: state.mapRows, markers: state.markers.map { Self.marker($0, state.units, format) })
    }
    markers = output { state in state.markers.map { Self.marker($0, state.units, format) } }
    forecastStatus = output { state in
      switch state.forecast {
      case .none, .loaded: ""
      case .loading: format.loadingForecast
      case .unavailable: "Forecast unavailable"
      case .empty: "No forecast"
      }
    }
    forecastTrend = output { state in
      guard case .loaded(let forecast) = state.forecast else { return "" }
      return ForecastChart(format: format).trend(forecast)
    }
    forecast = output { state in
      guard case .loaded(let forecast) = state.forecast else { return [] }
      return ForecastChart(format: format).rows(forecast, unit: state.units)
    }
    isSettled = output { !$0.pending.any }
    toast = toasts.asSignal(scheduler: scheduler)
  }

  deinit {
    running.forEach { $0.cancel() }
    forecastWork.forEach { $0.cancel() }
  }

  /// Whether a query, a retry or settle timer, a fix wait or a forecast call is pending now
  /// (the synchronous form of `isSettled`).
  public var isBusy: Bool { state.value.pending.any }

  // MARK: Inputs

  private var queryText = ""

  /// The search field's text changed; nothing is requested.
  public func setQuery(_ text: String) { queryText = text }

  /// Searches for the current query text. Blank text is ignored.
  @discardableResult
  public func submit() -> InputResult {
    let cleaned = CityKey.clean(queryText)
    guard !cleaned.isEmpty else { return .accepted }
    guard cleaned.count <= Self.maxQueryLength else {
      toasts.accept(Self.tooLong)
      return .rejected(Self.tooLong)
    }
    start(.text(cleaned))
    return .accepted
  }

  /// Takes one accurate location fix and shows the weather there.
  public func useMyLocation() { start(.location) }

  /// Runs the last accepted query again; nothing before the first one.
  public func refresh() {
    guard let lastQuery else { return }
    start(lastQuery)
  }

  /// Switches between °C and °F; nothing is fetched.
  public func toggleUnits() { setUnits(state.value.units == .celsius ? .fahrenheit : .celsius) }

  /// Shows temperatures in `unit`; nothing is fetched.
  public func setUnits(_ unit: TemperatureUnit) { update { $0.units = unit } }

  /// A key entered by the user (kept for this session only): ends a wait for a key.
  @discardableResult
  public func setApiKey(_ key: String) -> InputResult {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      toasts.accept(Self.emptyKey)
      return .rejected(Self.emptyKey)
    }
    update {
      $0.apiKey = trimmed
      $0.keyPromptVisible = false
      $0.needsApiKey = false
    }
    if let resume = resumeOnKey {
      resumeOnKey = nil
      resume()
    }
    return .accepted
  }

  /// Opens the key prompt.
  public func openKeyPrompt() { update { $0.keyPromptVisible = true } }

  /// Closes the key prompt; a query waiting for a key keeps waiting.
  public func dismissKeyPrompt() { update { $0.keyPromptVisible = false } }

  /// Shows or hides the map.
  public func toggleMap() { update { $0.mapVisible.toggle() } }

  /// Moves the map's centre; the weather there is fetched once the panning stops.
  @discardableResult
  public func pan(_ direction: PanDirection) -> InputResult {
    guard state.value.mapVisible else { return .rejected(Self.mapHidden) }
    let center = MapGrid.pan(state.value.mapCenter, direction, zoom: state.value.zoom)
    update { $0.mapCenter = center }
    beginQuery()
    lastQuery = .map(center)
    update { $0.pending.settleTimer = true }
    after(Self.mapSettleDelay) { [unowned self] in
      update { $0.pending.settleTimer = false }
      attempt(.coordinate(center), kind: .map(center), number: 1)
    }
    return .accepted
  }

  /// One zoom level closer (at most 6).
  @discardableResult
  public func zoomIn() -> InputResult { zoom(by: 1) }

  /// One zoom level further (at least 1).
  @discardableResult
  public func zoomOut() -> InputResult { zoom(by: -1) }

  /// The map's size in cells, kept within 5…200 × 3…100.
  public func setMapSize(columns: Int, rows: Int) {
    update {
      $0.mapColumns = min(200, max(5, columns))
      $0.mapRows = min(100, max(3, rows))
    }
  }

  // MARK: Queries

  private func zoom(by step: Int) -> InputResult {
    guard state.value.mapVisible else { return .rejected(Self.mapHidden) }
    update { $0.zoom = min(6, max(1, $0.zoom + step)) }
    return .accepted
  }

  /// Cancels what the previous query still had running and marks the new one loading.
  private func beginQuery() {
    generation += 1
    running.forEach { $0.cancel() }
    running = []
    forecastWork.forEach { $0.cancel() }
    forecastWork = []
    resumeOnKey = nil
    update {
      $0.isLoading = true
      $0.needsApiKey = false
      $0.forecast = .none
      $0.pending = WeatherState.Pending()
    }
  }

  private func start(_ kind: QueryKind) {
    beginQuery()
    lastQuery = kind
    switch kind {
    case .text(let text): attempt(.city(text), kind: kind, number: 1)
    case .map(let center): attempt(.coordinate(center), kind: kind, number: 1)
    case .location: waitForFix()
    }
  }

  /// Attempt `number` of a query; failures retry after a back-off, wait for a key, or fall
  /// back.
  private func attempt(_ query: WeatherQuery, kind: QueryKind, number: Int) {
    let current = generation
    update { $0.pending.attempt = true }
    var finished = false
    let call = service.currentWeather(for: query, apiKey: state.value.apiKey)
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          guard let self, case .failure(let error) = completion, !finished,
            current == generation
          else { return }
          finished = true
          failed(error, query: query, kind: kind, number: number)
        },
        receiveValue: { [weak self] weather in
          guard let self, !finished, current == generation else { return }
          finished = true
          succeeded(weather, kind: kind)
        })
    call.store(in: &running)
    after(Self.attemptTimeout) { [weak self] in
      guard let self, !finished, current == generation else { return }
      finished = true
      call.cancel()
      failed(.network, query: query, kind: kind, number: number)
    }
  }

  private func failed(_ error: WeatherError, query: WeatherQuery, kind: QueryKind, number: Int) {
    update { $0.pending.attempt = false }
    toasts.accept(error.message)
    if error == .invalidKey, number < Self.maxAttempts {
      update {
        $0.needsApiKey = true
        $0.keyPromptVisible = true
      }
      resumeOnKey = { [unowned self] in attempt(query, kind: kind, number: number + 1) }
    } else if !error.isTransient || number >= Self.maxAttempts {
      fallBack(kind)
    } else {
      update { $0.pending.retryTimer = true }
      after(Self.retryDelay(after: error, attempt: number)) { [unowned self] in
        update { $0.pending.retryTimer = false }
        attempt(query, kind: kind, number: number + 1)
      }
    }
  }

  private func succeeded(_ weather: Weather, kind: QueryKind) {
    update { $0.pending.attempt = false }
    if case .text(let text) = kind, let key = CityKey(text) {
      cache.store(weather, for: key)
    }
    show(.live(weather), kind: kind)
    loadForecast(at: weather.coordinate)
  }

  /// After the last attempt: the cached weather for a text query's city, else the placeholder.
  private func fallBack(_ kind: QueryKind) {
    if case .text(let text) = kind, let key = CityKey(text), let cached = cache.weather(for: key) {
      show(.cached(cached), kind: kind)
    } else {
      show(.placeholder, kind: kind)
    }
    update { $0.forecast = .empty }
  }

  /// Ends the query with `display`: markers, re-centring and the loading flag follow.
  private func show(_ display: WeatherState.Display, kind: QueryKind) {
    running.forEach { $0.cancel() }
    running = []
    update { state in
      state.display = display
      state.isLoading = false
      state.pending = WeatherState.Pending()
      guard let weather = display.weather else { return }
      let id = Self.markerID(weather)
      state.markers.removeAll { Self.markerID($0) == id }
      state.markers.insert(weather, at: 0)
      if state.markers.count > Self.maxMarkers { state.markers.removeLast() }
      if kind.recentresTheMap {
        state.mapCenter = Coordinate(
          latitude: min(85, max(-85, weather.coordinate.latitude)),
          longitude: weather.coordinate.longitude)
      }
    }
  }

  private func loadForecast(at coordinate: Coordinate) {
    let current = generation
    var finished = false
    update {
      $0.forecast = .loading
      $0.pending.forecast = true
    }
    let call = service.forecast(at: coordinate, apiKey: state.value.apiKey)
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          guard let self, case .failure = completion, !finished, current == generation else {
            return
          }
          finished = true
          update {
            $0.forecast = .unavailable
            $0.pending.forecast = false
          }
        },
        receiveValue: { [weak self] forecast in
          guard let self, !finished, current == generation else { return }
          finished = true
          update {
            $0.forecast = forecast.steps.isEmpty ? .empty : .loaded(forecast)
            $0.pending.forecast = false
          }
        })
    call.store(in: &forecastWork)
    let timer = AnyCancellable(
      timerCancellable(after: Self.attemptTimeout) { [weak self] in
        guard let self, !finished, current == generation else { return }
        finished = true
        call.cancel()
        update {
          $0.forecast = .unavailable
          $0.pending.forecast = false
        }
      })
    timer.store(in: &forecastWork)
  }

  /// A location query: the first acceptable fix within the time limit.
  private func waitForFix() {
    let current = generation
    var finished = false
    update { $0.pending.fix = true }
    let fixes = location.fixes().receive(on: scheduler)
    var subscription: AnyCancellable?
    subscription = fixes.sink(
      receiveCompletion: { [weak self] completion in
        guard let self, !finished, current == generation else { return }
        finished = true
        switch completion {
        case .failure(let error): fixFailed(error.message)
        case .finished: fixFailed(Self.noAccurateFix)
        }
      },
      receiveValue: { [weak self] fix in
        guard let self, !finished, current == generation,
          fix.isAcceptable(requiredAccuracy: Self.requiredAccuracy)
        else { return }
        finished = true
        subscription?.cancel()
        update { $0.pending.fix = false }
        attempt(.coordinate(fix.coordinate), kind: .location, number: 1)
      })
    subscription?.store(in: &running)
    after(Self.locationTimeout) { [weak self] in
      guard let self, !finished, current == generation else { return }
      finished = true
      subscription?.cancel()
      fixFailed(Self.noAccurateFix)
    }
  }

  /// No usable fix: the toast, then the placeholder.
  private func fixFailed(_ message: String) {
    update { $0.pending.fix = false }
    toasts.accept(message)
    fallBack(.location)
  }

  // MARK: Helpers

  private func update(_ change: (inout WeatherState) -> Void) {
    var next = state.value
    change(&next)
    if next != state.value { state.accept(next) }
  }

  /// Runs `action` after `seconds` on the scheduler, unless the current query is replaced.
  private func after(_ seconds: Double, _ action: @escaping () -> Void) {
    AnyCancellable(timerCancellable(after: seconds, action)).store(in: &running)
  }

  private func timerCancellable(after seconds: Double, _ action: @escaping () -> Void)
    -> any Cancellable
  {
    let flag = CancelFlag()
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds))) {
      if !flag.isCancelled { action() }
    }
    return flag
  }

  static func maskedKey(_ key: String) -> String {
    if key.isEmpty { return "not set" }
    return key.count < 5 ? "****" : "****" + key.suffix(4)
  }

  static func markerID(_ weather: Weather) -> String {
    CityKey(weather.cityName)?.value ?? WeatherFormat(symbols: .unicode).cityName(weather)
  }

  static func marker(_ weather: Weather, _ unit: TemperatureUnit, _ format: WeatherFormat)
    -> MapMarker
  {
    let icon = format.icon(weather.iconCode)
    return MapMarker(
      id: markerID(weather), coordinate: weather.coordinate, icon: icon,
      label:
        "\(icon) \(format.cityName(weather)) \(format.temperature(weather.temperatureC, unit: unit))"
    )
  }
}

/// A scheduled action's off switch: the scheduler has no way to take an action back, so the
/// action checks this first.
private final class CancelFlag: Cancellable {
  private(set) var isCancelled = false
  func cancel() { isCancelled = true }
}
