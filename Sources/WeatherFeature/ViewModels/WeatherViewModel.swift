import Foundation
import ViewModelKit

/// The weather screen: search by name, by location or from the map, with retries, a key
/// prompt, a per-city fallback cache, map markers and the forecast chart.
///
/// A search is not an `Action`: an Action refuses to start while it runs, and a new search
/// must replace the one in flight. Every query (text, location, map, refresh, a resume after
/// a key entry) is a request into one pipeline whose `flatMapLatest` cancels everything the
/// previous query still had running: its attempts, timeouts, back-off, fix wait and forecast
/// (`WeatherQueryPipeline.swift`).
///
/// A `ScreenModel`: everything it shows is one `WeatherState`, computed from the view model's
/// unformatted `WeatherFacts`; its toasts are `ScreenEvent`s.
public final class WeatherViewModel: ScreenModel {
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

  /// The longest a query's attempts may take together, in seconds: every attempt at its full
  /// limit with the back-offs between them (4 × 10 s + 1 + 2 + 3 = 46 s). A query never runs
  /// longer; a `Retry-After` that would take it past this ends it at once.
  public static let queryBudget =
    Double(maxAttempts) * attemptTimeout
    + (1..<maxAttempts).reduce(0) { $0 + backOff(afterAttempt: $1) }

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

  /// Everything the screen shows, in one value.
  public let state: Driver<WeatherState>
  /// The screen's one-off happenings: failures and refusals, as toasts.
  public let events: Signal<ScreenEvent>
  /// False while a query, a retry or settle timer, a fix wait or a forecast call is pending.
  public let isSettled: Driver<Bool>

  /// Each failed save of a key to the settings file, as its toast's message: a front end that
  /// must report a failed write (the CLI's exit status) listens here.
  public let keySaveFailures: Signal<String>

  // MARK: State

  let service: any WeatherService
  let location: any LocationProvider
  let cache: any WeatherCache
  let scheduler: AnySchedulerOf<DispatchQueue>
  private let format: WeatherFormat
  /// What the view model knows; `state` is its display.
  let facts: BehaviorRelay<WeatherFacts>
  let toasts = PublishRelay<String>()
  /// Each key the saver could not write (also a toast).
  let keySaveFailureRelay = PublishRelay<String>()
  /// Writes a key to the settings file when the user asks (ST-04); nil: session keys only.
  let keySaver: (any ApiKeySaver)?
  /// The queries, newest last; each replaces the one before (nil stops it).
  let requests = PublishRelay<QueryRequest?>()
  /// A query's pipeline, while it runs: attempts, back-off, settle and fix waits, forecast.
  let activity: ActivityTracker
  /// Whether the network is there; a query that ran out of attempts without it waits for it.
  let connectivity: any ConnectivityService
  /// The query to run again once the network is back (WW-07); nil ends the wait.
  let networkWaits = PublishRelay<QueryRequest?>()
  private var reconnection: AnyCancellable?
  /// The rest of a query that waits for a key entry (after a 401).
  var awaitingKey: QueryRequest?
  private var lastQuery: QueryKind?
  private var pipeline: AnyCancellable?
  private var nearbyLookups: AnyCancellable?
  private var becomingActive: AnyCancellable?
  /// When the last display (live, cached or placeholder) was shown.
  var shownAt: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  /// Why the map has no land (its mask did not load), told once, when the map is first shown.
  var landProblem: String?
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
    self.connectivity = connectivity
    self.keySaver = keySaver
    self.service = service
    self.location = location
    self.cache = cache
    self.scheduler = scheduler
    let format = WeatherFormat(symbols: symbols)
    self.format = format
    let facts = BehaviorRelay(
      value: WeatherFacts(
        apiKey: apiKey.trimmingCharacters(in: .whitespacesAndNewlines),
        keySaveOffered: keySaver != nil, mapCenter: initialMapCenter))
    self.facts = facts
    if case .failure(let problem) = land { landProblem = "No land on the map: \(problem)" }
    let mask = try? land.get()
    let state = facts.map { WeatherState($0, format: format, land: mask) }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    self.state = state
    events = toasts.map(ScreenEvent.message).asSignal(scheduler: scheduler)
    keySaveFailures = keySaveFailureRelay.asSignal(scheduler: scheduler)
    let activity = ActivityTracker(scheduler: scheduler)
    self.activity = activity
    isSettled = activity.isIdle
    pipeline = requests.flatMapLatest { [unowned self] request in
      guard let request else { return Empty<QueryStep, Never>().eraseToAnyPublisher() }
      return activity.counting(run(request))
    }
    .sink { [unowned self] in apply($0) }
    nearbyLookups = lookUpPlacesInView(facts)
    reconnection = retryWhenOnline(networkWaits)
    // AV-07: back on screen after 10 minutes or more, the shown place is looked up again;
    // a query in flight is left alone.
    becomingActive = activation.becameActive
      .sink { [unowned self] in refreshIfStale() }
  }

  deinit {
    pipeline?.cancel()
    nearbyLookups?.cancel()
    reconnection?.cancel()
    becomingActive?.cancel()
  }

  /// Seconds after a display before becoming active looks the place up again.
  public static let staleAfter = 600.0

  private func refreshIfStale() {
    guard let shownAt, !activity.isBusy,
      shownAt.distance(to: scheduler.now) >= .milliseconds(Int(Self.staleAfter * 1000))
    else { return }
    refresh()
  }

  /// Whether a query, a retry or settle timer, a fix wait or a forecast call is pending now
  /// (the synchronous form of `isSettled`).
  public var isBusy: Bool { activity.isBusy }

  // MARK: Inputs

  private var queryText = ""

  /// The search field's text changed; nothing is requested.
  public func setQuery(_ text: String) { queryText = text }

  /// Searches for the current query text. Blank text is ignored.
  @discardableResult
  public func submit() -> InputResult {
    let cleaned = CityKey.clean(queryText)
    guard !cleaned.isEmpty else { return .accepted }
    guard cleaned.count <= Self.maxQueryLength else { return toasts.refuse(Self.tooLong) }
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
  public func toggleUnits() { setUnits(facts.value.units == .celsius ? .fahrenheit : .celsius) }

  /// Shows temperatures in `unit`; nothing is fetched.
  public func setUnits(_ unit: TemperatureUnit) { update { $0.units = unit } }

  /// A key entered by the user: kept for this session, and also written to the settings file
  /// when the user chose so (`setSaveKey`, ST-04); ends a wait for a key.
  @discardableResult
  public func setApiKey(_ key: String) -> InputResult {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return toasts.refuse(Self.emptyKey) }
    update {
      $0.apiKey = trimmed
      $0.keyPromptVisible = false
      $0.needsApiKey = false
    }
    if facts.value.saveKeyChosen { saveKey(trimmed) }
    if let resume = awaitingKey {
      awaitingKey = nil
      send(resume)
    }
    return .accepted
  }

  /// Opens the key prompt.
  public func openKeyPrompt() { update { $0.keyPromptVisible = true } }

  /// Closes the key prompt (and its save choice); a query waiting for a key keeps waiting.
  public func dismissKeyPrompt() {
    update {
      $0.keyPromptVisible = false
      $0.saveKeyChosen = false
    }
  }

  // MARK: Queries

  /// Starts a query: it replaces the one in flight, whose steps are never applied again.
  func start(_ kind: QueryKind, plan: QueryRequest.Plan? = nil) {
    start(QueryRequest(kind: kind, plan: plan ?? kind.plan))
  }

  /// Starts `request`, ending any wait for a key or for the network.
  func start(_ request: QueryRequest) {
    awaitingKey = nil
    networkWaits.accept(nil)
    lastQuery = request.kind
    update {
      $0.isLoading = true
      $0.needsApiKey = false
      $0.forecast = .none
    }
    send(request)
  }

  /// Hands `request` to the pipeline. The hand-over counts as activity itself, so the old
  /// query's end and the new one's start never show as settled in between.
  private func send(_ request: QueryRequest) {
    let handover = activity.begin()
    requests.accept(request)
    handover.end()
  }

  // MARK: Helpers

  func update(_ change: (inout WeatherFacts) -> Void) {
    var next = facts.value
    change(&next)
    if next != facts.value { facts.accept(next) }
  }
}
