import AppInfrastructure
import Foundation
import ViewModelKit

/// The weather screen: search by name, by location or from the map, with retries, a key
/// prompt, a per-city fallback cache, map markers and the forecast chart.
///
/// A search is not an `Action`: an Action refuses to start while it runs, and a new search
/// must replace the one in flight. Every query (text, location, map, refresh, a resume after
/// a key entry) is a request into one pipeline whose `flatMapLatest` cancels everything the
/// previous query still had running: its attempts, timeouts, back-off, fix wait and forecast
/// (`WeatherQueries`, running `WeatherQueryPlan`'s steps). The screen model holds its parts,
/// each with its own state: the facts (`WeatherFactsStore`), the queries, the map
/// (`WeatherMap`) and key saving (`WeatherKeySaving`); its inputs go to them.
///
/// A `ScreenModel`: everything it shows is one `WeatherState`, computed from the view model's
/// unformatted `WeatherFacts`; its toasts are `ScreenEvent`s.
@MainActor
public final class WeatherViewModel: ScreenModel {
  // MARK: Constants

  /// Attempts per query, the first included.
  public nonisolated static let maxAttempts = 4
  /// Seconds before one attempt counts as a network failure.
  public nonisolated static let attemptTimeout = 10.0
  /// Seconds to wait for an accurate fix.
  public nonisolated static let locationTimeout = 10.0
  /// A fix must be more accurate than this, in metres.
  public nonisolated static let requiredAccuracy = 100.0
  /// Seconds after the last pan before the map's centre is looked up.
  public nonisolated static let mapSettleDelay = 0.5
  /// The longest city name accepted, in characters.
  public nonisolated static let maxQueryLength = 100
  /// How many places the map remembers.
  public nonisolated static let maxMarkers = 20
  /// The map grid before a front end sets its size.
  public nonisolated static let defaultMapSize = (columns: 36, rows: 13)
  /// The map's zoom level at start (1…6).
  public nonisolated static let defaultZoom = 4

  /// Back-off after the n-th failed attempt: n seconds.
  nonisolated static func backOff(afterAttempt attempt: Int) -> Double { Double(attempt) }

  /// The longest a query's attempts may take together, in seconds: every attempt at its full
  /// limit with the back-offs between them (4 × 10 s + 1 + 2 + 3 = 46 s). A query never runs
  /// longer; a `Retry-After` that would take it past this ends it at once.
  public nonisolated static let queryBudget =
    Double(maxAttempts) * attemptTimeout
    + (1..<maxAttempts).reduce(0) { $0 + backOff(afterAttempt: $1) }

  /// The wait before the next attempt: the server's `Retry-After` when a 429 gave one, else
  /// the back-off.
  nonisolated static func retryDelay(after error: WeatherError, attempt: Int) -> Double {
    if case .rateLimited(let wait?) = error { return max(wait, backOff(afterAttempt: attempt)) }
    return backOff(afterAttempt: attempt)
  }

  nonisolated static let tooLong = "City name is too long (max 100 characters)"
  nonisolated static let emptyKey = "API key must not be empty"
  nonisolated static let noKeyNeeded = "This weather service needs no API key"
  nonisolated static let mapHidden = "The map is hidden"
  nonisolated static let noAccurateFix = "No accurate location fix (need under 100 m)"

  // MARK: Outputs

  /// Everything the screen shows, in one value.
  public let state: Driver<WeatherState>
  /// The screen's one-off happenings: failures and refusals, as toasts.
  public let events: Signal<ScreenEvent>
  /// False while a query, a retry or settle timer, a fix wait or a forecast call is pending.
  public let isSettled: Driver<Bool>

  /// Each failed save of a key to the settings file, as its toast's message: a front end that
  /// must report a failed write (the CLI's exit status) listens here.
  public let keySaveFailures: Signal<String>

  // MARK: Parts

  /// What the screen knows and its toast line.
  private let store: WeatherFactsStore
  /// The query pipeline and what a query changes.
  private let queries: WeatherQueries
  /// The map's inputs and the places in view.
  private let map: WeatherMap
  /// Writing a typed key to the settings file.
  private let keys: WeatherKeySaving
  private var becomingActive: AnyCancellable?
  /// Whether the service fell back to its samples for want of a network (issue 30).
  private var fallingBack: AnyCancellable?
  /// Whether the screen is seen (`setActive`, `isActive`). Becoming seen refreshes a display
  /// 10 minutes old or more (AV-07).
  public let activation = Activation()

  public init(
    service: any WeatherService, location: any LocationProvider, cache: any WeatherCache,
    apiKey: String, initialMapCenter: Coordinate, symbols: SymbolSet = .unicode,
    land: Result<LandMask, LandMaskError> = LandMask.world, keySaver: (any ApiKeySaver)? = nil,
    connectivity: any ConnectivityService = AlwaysOnline(),
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    let store = WeatherFactsStore(
      WeatherFacts(
        servesSamples: service.servesSamples, usesKey: service.usesKey,
        apiKey: apiKey.trimmingCharacters(in: .whitespacesAndNewlines),
        keySaveOffered: keySaver != nil, mapCenter: initialMapCenter))
    self.store = store
    let format = WeatherFormat(symbols: symbols)
    let mask = try? land.get()
    state = store.facts.map { WeatherState($0, format: format, land: mask) }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    events = store.toasts.asSignal(scheduler: scheduler)
    keys = WeatherKeySaving(store: store, saver: keySaver)
    keySaveFailures = keys.failures.asSignal(scheduler: scheduler)
    let activity = ActivityTracker(scheduler: scheduler)
    isSettled = activity.isIdle
    let plan = WeatherQueryPlan(
      service: service, location: location, cache: cache, scheduler: scheduler,
      apiKey: { [weak store] in store?.value.apiKey ?? "" })
    queries = WeatherQueries(
      store: store, plan: plan, connectivity: connectivity, activity: activity)
    var landProblem: String?
    if case .failure(let problem) = land { landProblem = "No land on the map: \(problem)" }
    map = WeatherMap(
      store: store, queries: queries, service: service, landProblem: landProblem,
      scheduler: scheduler)
    // AV-07: back on screen after 10 minutes or more, the shown place is looked up again;
    // a query in flight is left alone.
    let queries = queries
    becomingActive = activation.becameActive.sink { queries.refreshIfStale() }
    // Issue 30: from the moment the session finds no network (a probe at start, or a
    // request) the title line says so; the first display from the samples then says it as a
    // toast too (`WeatherQueries.show`), so the CLI prints it with the answer.
    fallingBack = service.fallbackChanges?.receive(on: scheduler).sink { [store] falling in
      store.update {
        $0.fellBack = falling
        $0.servesSamples = service.servesSamples
        if !falling { $0.noNetworkTold = false }
      }
    }
  }

  /// Seconds after a display before becoming active looks the place up again.
  public nonisolated static let staleAfter = 600.0

  /// Whether a query, a retry or settle timer, a fix wait or a forecast call is pending now
  /// (the synchronous form of `isSettled`).
  public var isBusy: Bool { queries.activity.isBusy }

  // MARK: Inputs

  /// Does what `input` says. Refused: a query over 100 characters, an empty key, saving a key
  /// that cannot be saved, and map moves while the map is hidden or off its grid.
  @discardableResult
  public func send(_ input: WeatherInput) -> InputResult {
    switch input {
    case .setQuery(let text): store.queryText = text
    case .submit:
      let cleaned = CityKey.clean(store.queryText)
      guard !cleaned.isEmpty else { break }
      guard cleaned.count <= Self.maxQueryLength else { return .rejected(Self.tooLong) }
      queries.start(.text(cleaned))
    case .show(let place):
      store.replaceQuery(with: place)
      return send(.submit)
    case .useMyLocation: queries.start(.location)
    case .refresh: queries.refresh()
    case .toggleUnits:
      return send(.setUnits(store.value.units == .celsius ? .fahrenheit : .celsius))
    case .setUnits(let unit): store.update { $0.units = unit }
    case .setApiKey(let key): return enter(key: key)
    case .openKeyPrompt:
      // A service that takes no key (Open-Meteo) has no key to ask for.
      if store.value.usesKey { store.update { $0.keyPromptVisible = true } }
    case .dismissKeyPrompt:
      store.update {
        $0.keyPromptVisible = false
        $0.saveKeyChosen = false
      }
    case .setSaveKey(let save): return keys.setSaveKey(save)
    case .toggleSaveKey: return keys.setSaveKey(!store.value.saveKeyChosen)
    case .toggleMap: map.setVisible(!store.value.mapVisible)
    case .setMapVisible(let visible): map.setVisible(visible)
    case .pan(let direction): return map.pan(direction)
    case .zoomIn: return map.zoom(by: 1)
    case .zoomOut: return map.zoom(by: -1)
    case .centreMap(let column, let row): return map.centre(onColumn: column, row: row)
    case .setMapSize(let columns, let rows): map.setSize(columns: columns, rows: rows)
    case .setMapNames(let shown): store.update { $0.mapNames = shown }
    }
    return .accepted
  }

  /// A key entered by the user: kept for this session, and also written to the settings file
  /// when the user chose so (ST-04); ends a wait for a key.
  private func enter(key: String) -> InputResult {
    guard store.value.usesKey else { return .rejected(Self.noKeyNeeded) }
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return .rejected(Self.emptyKey) }
    store.update {
      $0.apiKey = trimmed
      $0.keyPromptVisible = false
      $0.needsApiKey = false
    }
    keys.keyEntered(trimmed)
    queries.keyEntered()
    return .accepted
  }

  // MARK: Remembered choices

  /// The units in use, now and after each change: a choice worth keeping between runs.
  public var unitsChoice: AnyPublisher<TemperatureUnit, Never> {
    store.facts.map(\.units).removeDuplicates().eraseToAnyPublisher()
  }

  /// The city of the weather shown (live or cached) for a place the user named, after each
  /// change: the place to show again at the next start. Nothing before the first answer,
  /// nothing for the placeholder, nothing for the sample position, a device fix or a map
  /// point (the user chose no place there).
  public var placeChoice: AnyPublisher<String, Never> {
    store.facts.compactMap(\.chosenPlace).removeDuplicates().eraseToAnyPublisher()
  }
}
