import Foundation
import ViewModelKit

/// How one query runs, as a publisher of the steps it takes: `timeout` for a silent attempt,
/// `attempts(upTo:)` for the four attempts and their back-off, `delay` for the map's settle
/// wait, `first(where:)` for the location fix, `catch` for what a failure leads to. It keeps
/// no state: `WeatherQueries` runs the newest request's steps and applies them.
struct WeatherQueryPlan {
  typealias VM = WeatherViewModel

  let service: any WeatherService
  let location: any LocationProvider
  /// Read for a text query's fallback (the queries write it).
  let cache: any WeatherCache
  let scheduler: AnySchedulerOf<DispatchQueue>
  /// The key in force when an attempt starts.
  let apiKey: () -> String

  /// The steps `request` takes, in order; cancelling the subscription cancels them all.
  func run(_ request: VM.QueryRequest) -> AnyPublisher<VM.QueryStep, Never> {
    switch request.plan {
    case .fetch(let query, let first):
      return attempts(query, from: first, request: request)
    case .settleThenFetch(let center):
      return Just(()).delay(for: .seconds(VM.mapSettleDelay), scheduler: scheduler)
        .flatMap { attempts(.coordinate(center), from: 1, request: request) }
        .eraseToAnyPublisher()
    case .locate:
      return locate(request)
    }
  }

  /// Attempts `number`… of `query`, as `attempts(upTo:)` runs them: each says its number
  /// first (the status line's "attempt 2 of 4"), reads the key when it starts, counts 10 s of silence as `network` and shows its failure's toast; a transient
  /// failure waits its back-off before the next. The attempts share one total, `queryBudget`
  /// from the first attempt's start: a wait (a server's `Retry-After`) after which the next
  /// attempt could end past it is no wait but the end. After the last failure: a 401 waits for
  /// a key and goes on with the attempts left; the network waits for the network (once); any
  /// other falls back to the cache or the placeholder.
  private func attempts(_ query: WeatherQuery, from number: Int, request: VM.QueryRequest)
    -> AnyPublisher<VM.QueryStep, Never>
  {
    let kind = request.kind
    return Deferred {
      let start = scheduler.now
      return Publishers.attempts(
        upTo: VM.maxAttempts, startingAt: number, scheduler: scheduler,
        backOff: { attempt, error in
          let backOff = VM.retryDelay(after: error, attempt: attempt)
          guard error.isTransient, fitsTheBudget(waiting: backOff, since: start) else {
            return nil
          }
          return .seconds(backOff)
        },
        attempt: { attempt in
          Just(VM.QueryStep.attempt(attempt)).setFailureType(to: WeatherError.self)
            .append(fetch(query, kind: kind))
        }
      )
      .catch { failure -> AnyPublisher<VM.QueryStep, Never> in
        if failure.error == .invalidKey, failure.attempt < VM.maxAttempts {
          var rest = VM.QueryRequest(
            kind: kind, plan: .fetch(query, firstAttempt: failure.attempt + 1))
          rest.retriesWhenOnline = request.retriesWhenOnline
          return Just(.waitForKey(resume: rest)).eraseToAnyPublisher()
        }
        guard failure.error == .network, request.retriesWhenOnline else {
          return fallBack(kind)
        }
        var again = VM.QueryRequest(kind: kind, plan: .fetch(query, firstAttempt: 1))
        again.retriesWhenOnline = false
        return fallBack(kind).append(.waitForNetwork(resume: again)).eraseToAnyPublisher()
      }
    }
    .eraseToAnyPublisher()
  }

  /// One attempt at `query`: the weather shown (and its forecast), or the failure's toast and
  /// the failure; 10 s of silence is `network`.
  private func fetch(_ query: WeatherQuery, kind: VM.QueryKind)
    -> AnyPublisher<VM.QueryStep, WeatherError>
  {
    Deferred {
      service.currentWeather(for: query, apiKey: apiKey())
    }
    .receive(on: scheduler)
    .timeout(.seconds(VM.attemptTimeout), scheduler: scheduler, customError: { .network })
    .flatMap { weather in
      shown(.live(weather), kind: kind, asked: query.position)
        .setFailureType(to: WeatherError.self)
    }
    .catch { error in
      Just(VM.QueryStep.toast(error.message)).setFailureType(to: WeatherError.self)
        .append(Fail(error: error))
    }
    .eraseToAnyPublisher()
  }

  /// Whether an attempt started after `wait` seconds could still end within `queryBudget` of
  /// `start`.
  private func fitsTheBudget(
    waiting wait: Double, since start: AnySchedulerOf<DispatchQueue>.SchedulerTimeType
  ) -> Bool {
    let elapsed = Double(start.distance(to: scheduler.now).magnitude) / 1_000_000_000
    return elapsed + wait + VM.attemptTimeout <= VM.queryBudget + 0.001
  }

  /// A location query: the first acceptable fix within the time limit (the fix stream is
  /// cancelled as soon as it comes), then the weather there.
  private func locate(_ request: VM.QueryRequest) -> AnyPublisher<VM.QueryStep, Never> {
    location.fixes()
      .receive(on: scheduler)
      .mapError(VM.FixFailure.location)
      .first { $0.isAcceptable(requiredAccuracy: VM.requiredAccuracy) }
      .timeout(
        .seconds(VM.locationTimeout), scheduler: scheduler, customError: { .noAccurateFix }
      )
      .map(Optional.some)
      .replaceEmpty(with: nil)
      .flatMap { fix -> AnyPublisher<VM.QueryStep, VM.FixFailure> in
        guard let fix else { return Fail(error: .noAccurateFix).eraseToAnyPublisher() }
        return attempts(.coordinate(fix.coordinate), from: 1, request: request)
          .setFailureType(to: VM.FixFailure.self).eraseToAnyPublisher()
      }
      .catch { failure in
        Just(VM.QueryStep.toast(failure.message)).append(fallBack(.location))
      }
      .eraseToAnyPublisher()
  }

  /// The display, then (for live weather) the forecast for its place.
  private func shown(
    _ display: WeatherFacts.Display, kind: VM.QueryKind, asked: Coordinate? = nil
  ) -> AnyPublisher<VM.QueryStep, Never> {
    var asked = asked
    if case .map(let point) = kind { asked = point }
    let shown = Just(VM.QueryStep.shown(display, kind, asked: asked))
    guard case .live(let weather) = display else { return shown.eraseToAnyPublisher() }
    return shown.append(forecast(at: weather.coordinate)).eraseToAnyPublisher()
  }

  /// After the last attempt: the cached weather for a text query's city, else the
  /// placeholder; either way, no forecast.
  private func fallBack(_ kind: VM.QueryKind) -> AnyPublisher<VM.QueryStep, Never> {
    var display = WeatherFacts.Display.placeholder
    if case .text(let text) = kind, let key = CityKey(text), let cached = cache.weather(for: key) {
      display = .cached(cached)
    }
    return shown(display, kind: kind).append(.forecast(.empty)).eraseToAnyPublisher()
  }

  /// The forecast: loading, then the steps, none, or unavailable (a failure or 10 s of
  /// silence).
  private func forecast(at coordinate: Coordinate) -> AnyPublisher<VM.QueryStep, Never> {
    Just(VM.QueryStep.forecast(.loading)).append(
      Deferred { service.forecast(at: coordinate, apiKey: apiKey()) }
        .receive(on: scheduler)
        .timeout(.seconds(VM.attemptTimeout), scheduler: scheduler, customError: { .network })
        .map { VM.QueryStep.forecast($0.steps.isEmpty ? .empty : .loaded($0)) }
        .catch { _ in Just(VM.QueryStep.forecast(.unavailable)) }
    )
    .eraseToAnyPublisher()
  }
}
