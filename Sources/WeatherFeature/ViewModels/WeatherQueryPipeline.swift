import Foundation
import ViewModelKit

// The weather screen's queries as one pipeline: each request (text, location, map, refresh,
// a resume after a key entry) becomes a publisher of the steps it takes, and the view model's
// `flatMapLatest` keeps only the newest. A query is built from operators: `timeout` for a
// silent attempt, `delay` for the back-off and the map's settle wait, `first(where:)` for the
// location fix, `catch` for what a failure leads to. Nothing counts generations or keeps
// "finished" flags: a replaced query is cancelled, and its steps never arrive.

extension WeatherViewModel {
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

    /// How a query of this kind runs when started at once.
    var plan: QueryRequest.Plan {
      switch self {
      case .text(let text): .fetch(.city(text), firstAttempt: 1)
      case .location: .locate
      case .map(let center): .fetch(.coordinate(center), firstAttempt: 1)
      }
    }
  }

  /// One query as the pipeline runs it.
  struct QueryRequest {
    enum Plan {
      /// Attempts from `firstAttempt` on (a resume after a key entry starts past 1).
      case fetch(WeatherQuery, firstAttempt: Int)
      /// The map's centre, looked up once the panning has stopped for the settle delay.
      case settleThenFetch(Coordinate)
      /// The first accurate location fix, then the weather there.
      case locate
    }

    let kind: QueryKind
    let plan: Plan
    /// Whether a last attempt that fails for want of a network waits for it to come back and
    /// runs the query once more (WW-07); false for that second run.
    var retriesWhenOnline = true
  }

  /// What a running query changes, in order.
  enum QueryStep {
    case toast(String)
    /// A 401: the query stops until a key is entered, then goes on with `resume`.
    case waitForKey(resume: QueryRequest)
    /// The last attempt found no network: once it is back, `resume` runs (WW-07).
    case waitForNetwork(resume: QueryRequest)
    /// The end of the query: live weather, the cached entry, or the placeholder.
    case shown(WeatherFacts.Display, QueryKind)
    case forecast(WeatherFacts.ForecastState)
  }

  /// Why a location query found no place to look up.
  enum FixFailure: Error {
    case location(LocationError)
    case noAccurateFix

    var message: String {
      switch self {
      case .location(let error): error.message
      case .noAccurateFix: WeatherViewModel.noAccurateFix
      }
    }
  }

  func run(_ request: QueryRequest) -> AnyPublisher<QueryStep, Never> {
    switch request.plan {
    case .fetch(let query, let first):
      return attempts(query, from: first, request: request)
    case .settleThenFetch(let center):
      return Just(()).delay(for: .seconds(Self.mapSettleDelay), scheduler: scheduler)
        .flatMap { [unowned self] in attempts(.coordinate(center), from: 1, request: request) }
        .eraseToAnyPublisher()
    case .locate:
      return locate(request)
    }
  }

  /// Attempts `number`… of `query`, as `attempts(upTo:)` runs them: each reads the key when
  /// it starts, counts 10 s of silence as `network` and shows its failure's toast; a transient
  /// failure waits its back-off before the next. The attempts share one total, `queryBudget`
  /// from the first attempt's start: a wait (a server's `Retry-After`) after which the next
  /// attempt could end past it is no wait but the end. After the last failure: a 401 waits for
  /// a key and goes on with the attempts left; the network waits for the network (once); any
  /// other falls back to the cache or the placeholder.
  func attempts(_ query: WeatherQuery, from number: Int, request: QueryRequest)
    -> AnyPublisher<QueryStep, Never>
  {
    let kind = request.kind
    return Deferred { [unowned self] in
      let start = scheduler.now
      return Deferred { [unowned self] in
        service.currentWeather(for: query, apiKey: facts.value.apiKey)
      }
      .receive(on: scheduler)
      .timeout(.seconds(Self.attemptTimeout), scheduler: scheduler, customError: { .network })
      .flatMap { [unowned self] weather in
        shown(.live(weather), kind: kind).setFailureType(to: WeatherError.self)
      }
      .catch { error in
        Just(QueryStep.toast(error.message)).setFailureType(to: WeatherError.self)
          .append(Fail(error: error))
      }
      .attempts(upTo: Self.maxAttempts, startingAt: number, scheduler: scheduler) {
        [unowned self] attempt, error in
        let backOff = Self.retryDelay(after: error, attempt: attempt)
        guard error.isTransient, fitsTheBudget(waiting: backOff, since: start) else { return nil }
        return .seconds(backOff)
      }
      .catch { [unowned self] failure -> AnyPublisher<QueryStep, Never> in
        if failure.error == .invalidKey, failure.attempt < Self.maxAttempts {
          var rest = QueryRequest(
            kind: kind, plan: .fetch(query, firstAttempt: failure.attempt + 1))
          rest.retriesWhenOnline = request.retriesWhenOnline
          return Just(.waitForKey(resume: rest)).eraseToAnyPublisher()
        }
        guard failure.error == .network, request.retriesWhenOnline else {
          return fallBack(kind)
        }
        var again = QueryRequest(kind: kind, plan: .fetch(query, firstAttempt: 1))
        again.retriesWhenOnline = false
        return fallBack(kind).append(.waitForNetwork(resume: again)).eraseToAnyPublisher()
      }
    }
    .eraseToAnyPublisher()
  }

  /// Whether an attempt started after `wait` seconds could still end within `queryBudget` of
  /// `start`.
  private func fitsTheBudget(
    waiting wait: Double, since start: AnySchedulerOf<DispatchQueue>.SchedulerTimeType
  ) -> Bool {
    let elapsed = Double(start.distance(to: scheduler.now).magnitude) / 1_000_000_000
    return elapsed + wait + Self.attemptTimeout <= Self.queryBudget + 0.001
  }

  /// A location query: the first acceptable fix within the time limit (the fix stream is
  /// cancelled as soon as it comes), then the weather there.
  func locate(_ request: QueryRequest) -> AnyPublisher<QueryStep, Never> {
    location.fixes()
      .receive(on: scheduler)
      .mapError(FixFailure.location)
      .first { $0.isAcceptable(requiredAccuracy: Self.requiredAccuracy) }
      .timeout(
        .seconds(Self.locationTimeout), scheduler: scheduler, customError: { .noAccurateFix }
      )
      .map(Optional.some)
      .replaceEmpty(with: nil)
      .flatMap { [unowned self] fix -> AnyPublisher<QueryStep, FixFailure> in
        guard let fix else { return Fail(error: .noAccurateFix).eraseToAnyPublisher() }
        return attempts(.coordinate(fix.coordinate), from: 1, request: request)
          .setFailureType(to: FixFailure.self).eraseToAnyPublisher()
      }
      .catch { [unowned self] failure in
        Just(QueryStep.toast(failure.message)).append(fallBack(.location))
      }
      .eraseToAnyPublisher()
  }

  /// The display, then (for live weather) the forecast for its place.
  func shown(_ display: WeatherFacts.Display, kind: QueryKind) -> AnyPublisher<QueryStep, Never> {
    let shown = Just(QueryStep.shown(display, kind))
    guard case .live(let weather) = display else { return shown.eraseToAnyPublisher() }
    return shown.append(forecast(at: weather.coordinate)).eraseToAnyPublisher()
  }

  /// After the last attempt: the cached weather for a text query's city, else the
  /// placeholder; either way, no forecast.
  func fallBack(_ kind: QueryKind) -> AnyPublisher<QueryStep, Never> {
    var display = WeatherFacts.Display.placeholder
    if case .text(let text) = kind, let key = CityKey(text), let cached = cache.weather(for: key) {
      display = .cached(cached)
    }
    return shown(display, kind: kind).append(.forecast(.empty)).eraseToAnyPublisher()
  }

  /// The forecast: loading, then the steps, none, or unavailable (a failure or 10 s of
  /// silence).
  func forecast(at coordinate: Coordinate) -> AnyPublisher<QueryStep, Never> {
    Just(QueryStep.forecast(.loading)).append(
      Deferred { [unowned self] in service.forecast(at: coordinate, apiKey: facts.value.apiKey) }
        .receive(on: scheduler)
        .timeout(.seconds(Self.attemptTimeout), scheduler: scheduler, customError: { .network })
        .map { QueryStep.forecast($0.steps.isEmpty ? .empty : .loaded($0)) }
        .catch { _ in Just(QueryStep.forecast(.unavailable)) }
    )
    .eraseToAnyPublisher()
  }

  /// Applies one step of the current query.
  func apply(_ step: QueryStep) {
    switch step {
    case .toast(let message):
      toasts.accept(message)
    case .waitForKey(let resume):
      awaitingKey = resume
      update {
        $0.needsApiKey = true
        $0.keyPromptVisible = true
      }
    case .shown(let display, let kind):
      if case .live(let weather) = display, case .text(let text) = kind, let key = CityKey(text) {
        cache.store(weather, for: key)
      }
      show(display, kind: kind)
    case .forecast(let forecast):
      update { $0.forecast = forecast }
    case .waitForNetwork(let resume):
      networkWaits.accept(resume)
    }
  }

  /// Ends the query with `display`: markers, re-centring and the loading flag follow.
  private func show(_ display: WeatherFacts.Display, kind: QueryKind) {
    shownAt = scheduler.now
    update { state in
      state.display = display
      state.isLoading = false
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
}
