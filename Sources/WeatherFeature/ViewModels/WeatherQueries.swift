import AppInfrastructure
import Foundation
import ViewModelKit

/// The weather screen's queries: every request (text, location, map, refresh, a resume after a
/// key entry or after the network came back) goes into one pipeline whose `flatMapLatest`
/// cancels everything the query before it still had running, and the steps of the newest are
/// applied to the facts. Nothing counts generations or keeps "finished" flags: a replaced query
/// is cancelled, and its steps never arrive.
///
/// WW-07: a query whose last attempt failed for want of a network shows its fallback, then
/// waits, as a pipeline, for the connectivity service's first "online" after an "offline", and
/// runs once more from its first attempt, with a toast. A newer query ends the wait; the wait
/// is not activity, so the CLI does not stay for it, as it does not for a key.
final class WeatherQueries {
  typealias VM = WeatherViewModel

  /// Every query's pipeline while it runs (attempts, back-off, settle and fix waits,
  /// forecast), and the map's lookups: what `isSettled` follows.
  let activity: ActivityTracker
  private let store: WeatherFactsStore
  private let plan: WeatherQueryPlan
  private let scheduler: AnySchedulerOf<DispatchQueue>
  /// The queries, newest last; each replaces the one before (nil stops it).
  private let requests = PublishRelay<VM.QueryRequest?>()
  /// The query to run again once the network is back; nil ends the wait.
  private let networkWaits = PublishRelay<VM.QueryRequest?>()
  /// The rest of a query that waits for a key entry (after a 401).
  private var awaitingKey: VM.QueryRequest?
  private var lastQuery: VM.QueryKind?
  /// When the last display (live, cached or placeholder) was shown.
  private var shownAt: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var subscriptions = Set<AnyCancellable>()

  init(
    store: WeatherFactsStore, plan: WeatherQueryPlan, connectivity: any ConnectivityService,
    activity: ActivityTracker
  ) {
    self.store = store
    self.plan = plan
    self.activity = activity
    let scheduler = plan.scheduler
    self.scheduler = scheduler
    requests.flatMapLatest { request in
      guard let request else { return Empty<VM.QueryStep, Never>().eraseToAnyPublisher() }
      return activity.counting(plan.run(request))
    }
    .sink { [unowned self] in apply($0) }
    .store(in: &subscriptions)
    networkWaits.flatMapLatest { request -> AnyPublisher<VM.QueryRequest, Never> in
      guard let request else { return Empty().eraseToAnyPublisher() }
      return connectivity.isOnline
        .drop(while: { $0 })
        .first(where: { $0 })
        .map { _ in request }
        .receive(on: scheduler)
        .eraseToAnyPublisher()
    }
    .sink { [unowned self] request in
      store.toasts.accept(.success(VM.backOnline))
      start(request)
    }
    .store(in: &subscriptions)
  }

  /// Starts a query of `kind`: it replaces the one in flight, whose steps are never applied.
  /// A location or map query empties the search field, whose text no longer names the place.
  func start(_ kind: VM.QueryKind, plan: VM.QueryRequest.Plan? = nil) {
    if case .text = kind {} else { store.replaceQuery(with: "") }
    start(VM.QueryRequest(kind: kind, plan: plan ?? kind.plan))
  }

  /// Runs the last query again; nothing before the first one. After falling back to the
  /// samples for want of a network, the live service is tried again.
  func refresh() {
    guard let lastQuery else { return }
    if plan.service.fellBackToSamples { plan.service.resumeLive() }
    start(lastQuery)
  }

  /// AV-07: the shown place looked up again when it was shown `staleAfter` or more ago and no
  /// query runs.
  func refreshIfStale() {
    guard let shownAt, !activity.isBusy,
      shownAt.distance(to: scheduler.now) >= .milliseconds(Int(VM.staleAfter * 1000))
    else { return }
    refresh()
  }

  /// A key was entered: a query waiting for one goes on with its attempts left.
  func keyEntered() {
    guard let resume = awaitingKey else { return }
    awaitingKey = nil
    send(resume)
  }

  /// Starts `request`, ending any wait for a key or for the network.
  private func start(_ request: VM.QueryRequest) {
    awaitingKey = nil
    networkWaits.accept(nil)
    lastQuery = request.kind
    store.update {
      $0.isLoading = true
      $0.attempt = nil
      $0.needsApiKey = false
      $0.forecast = .none
    }
    send(request)
  }

  /// Hands `request` to the pipeline. The hand-over counts as activity itself, so the old
  /// query's end and the new one's start never show as settled in between.
  private func send(_ request: VM.QueryRequest) {
    let handover = activity.begin()
    requests.accept(request)
    handover.end()
  }

  /// Applies one step of the current query.
  private func apply(_ step: VM.QueryStep) {
    switch step {
    case .attempt(let number):
      store.update { $0.attempt = number > 1 ? number : nil }
    case .toast(let message):
      store.toasts.accept(.failure(message))
    case .waitForKey(let resume):
      awaitingKey = resume
      store.update {
        $0.attempt = nil
        $0.needsApiKey = true
        $0.keyPromptVisible = true
      }
    case .shown(let display, let kind, let asked):
      if case .live(let weather) = display, case .text(let text) = kind, let key = CityKey(text) {
        plan.cache.store(weather, for: key)
      }
      show(display, kind: kind, asked: asked)
    case .forecast(let forecast):
      store.update { $0.forecast = forecast }
    case .waitForNetwork(let resume):
      networkWaits.accept(resume)
    }
  }

  /// Ends the query with `display`: markers, re-centring and the loading flag follow.
  private func show(_ display: WeatherFacts.Display, kind: VM.QueryKind, asked: Coordinate?) {
    shownAt = scheduler.now
    // Issue 30: a live service may have fallen back to the samples for want of a network
    // while answering: the display says so, and the first such display as a toast too.
    let service = plan.service
    if service.fellBackToSamples && !store.value.noNetworkTold {
      store.toasts.accept(.warning(VM.noNetworkNote))
    }
    store.update { state in
      if service.fellBackToSamples { state.noNetworkTold = true }
      state.servesSamples = service.servesSamples
      state.fellBack = service.fellBackToSamples
      state.attribution = display.weather == nil ? "" : service.attribution
      state.display = display
      state.isLoading = false
      state.attempt = nil
      state.asked = asked
      state.atSamplePosition = kind == .location && plan.location.isSample
      // Only a place the user named is remembered for the next start: not the sample
      // position, a device fix or a map point.
      if case .text = kind {
        state.chosenPlace = display.weather?.cityName
      } else {
        state.chosenPlace = nil
      }
      guard let weather = display.weather else { return }
      let id = VM.markerID(weather)
      state.markers.removeAll { VM.markerID($0) == id }
      state.markers.insert(weather, at: 0)
      if state.markers.count > VM.maxMarkers { state.markers.removeLast() }
      if kind.recentresTheMap {
        state.mapCenter = Coordinate(
          latitude: min(85, max(-85, weather.coordinate.latitude)),
          longitude: weather.coordinate.longitude)
      }
    }
  }
}

extension WeatherViewModel {
  /// The toast when the network is back and the query runs again.
  public nonisolated static let backOnline = "Back online: retrying"
  /// What the screen says after "my location" used the bundled sample position.
  /// The toast and the sample note when a live service found no network.
  public nonisolated static let noNetworkNote = "No network: showing sample data"
  /// What the screen says after "my location" used the bundled sample position.
  public nonisolated static let samplePositionNote = "Sample position: set --location or --gpsd"
}
