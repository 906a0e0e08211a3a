/// The operators that turn "what a request should do" into one pipeline: the newest request
/// wins, failed attempts are retried after a back-off, silence becomes a failure, and typed
/// input is looked up at once and then after a quiet interval. Each is built from Combine's
/// own operators, so the same code compiles against Apple's Combine.
extension Publisher {
  /// Maps each value to a publisher and follows only the newest: a new value cancels the
  /// publisher of the previous one (`map` then `switchToLatest`).
  public func flatMapLatest<P: Publisher>(_ transform: @escaping (Output) -> P)
    -> AnyPublisher<P.Output, Failure>
  where P.Failure == Failure {
    map(transform).switchToLatest().eraseToAnyPublisher()
  }

  /// Attempts numbered `first`, `first + 1`, … up to `last`, each a new subscription to this
  /// (cold) publisher: after attempt n fails, `backOff(n, error)` says how long to wait before
  /// attempt n + 1, or nil for no more attempts (a failure not worth retrying, a wait past a
  /// budget). Every attempt's values are passed on (an attempt may announce its failure before
  /// it fails), and the first attempt that finishes ends the pipeline. When no attempt is left
  /// it fails with the last failure and its attempt number, so what follows can tell "a 401 at
  /// attempt 2" from "the network, at the last attempt". Combine's `retry(3)` makes 4 attempts;
  /// `attempts(upTo: 4, …)` makes at most 4.
  public func attempts<S: Scheduler>(
    upTo last: Int, startingAt first: Int = 1, scheduler: S,
    backOff: @escaping (_ failedAttempt: Int, Failure) -> S.SchedulerTimeType.Stride?
  ) -> AnyPublisher<Output, AttemptFailure<Failure>> {
    Publishers.attempts(upTo: last, startingAt: first, scheduler: scheduler, backOff: backOff) {
      _ in self
    }
  }

  /// Each value as a publisher of that one value: the first sends it at once, every later
  /// one after `interval` on `scheduler`. Mapped to work and followed by `switchToLatest`, a
  /// newer value cancels an older one's wait and its work together, so the wait belongs to the
  /// work: a live username check looks the first name up at once and later ones when typing
  /// pauses (ReactiveCocoa's `throttle:afterAllowing:`), an older name's answer can never land
  /// during a newer name's wait, and tracking the inner publisher counts the wait as pending.
  public func delayedAfterFirst<S: Scheduler>(by interval: S.SchedulerTimeType.Stride, scheduler: S)
    -> AnyPublisher<AnyPublisher<Output, Failure>, Failure>
  {
    scan((isFirst: true, value: Output?.none)) { state, value in (state.value == nil, value) }
      .compactMap { state -> AnyPublisher<Output, Failure>? in
        guard let value = state.value else { return nil }
        let now = Just(value).setFailureType(to: Failure.self)
        return state.isFirst
          ? now.eraseToAnyPublisher()
          : now.delay(for: interval, scheduler: scheduler).eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }

  /// The first value at once, then none until `interval` has passed on `scheduler`: values
  /// in between are dropped, not delivered later (RxJava's `throttleFirst`; Combine's
  /// `throttle` would deliver one at the end of the interval). For an input a double press
  /// must not repeat, such as opening a screen.
  public func throttleFirst<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S)
    -> AnyPublisher<Output, Failure>
  {
    scan((closedUntil: S.SchedulerTimeType?.none, passed: Output?.none)) { state, value in
      let now = scheduler.now
      if let until = state.closedUntil, now < until { return (until, nil) }
      return (now.advanced(by: interval), value)
    }
    .compactMap(\.passed)
    .eraseToAnyPublisher()
  }
}

/// How a run of `attempts(upTo:startingAt:scheduler:backOff:)` ended in failure: the last
/// attempt's number and its failure.
public struct AttemptFailure<Failure: Error>: Error {
  /// The number of the attempt that failed last.
  public let attempt: Int
  /// Its failure.
  public let error: Failure

  public init(attempt: Int, error: Failure) {
    self.attempt = attempt
    self.error = error
  }
}

extension Publishers {
  /// `attempts(upTo:startingAt:scheduler:backOff:)` for work that needs its attempt's number:
  /// `attempt(n)` is subscribed to for attempt n, so an attempt can say which it is (a
  /// status line's "attempt 2 of 4") before it runs.
  public static func attempts<P: Publisher, S: Scheduler>(
    upTo last: Int, startingAt first: Int = 1, scheduler: S,
    backOff: @escaping (_ failedAttempt: Int, P.Failure) -> S.SchedulerTimeType.Stride?,
    attempt: @escaping (_ number: Int) -> P
  ) -> AnyPublisher<P.Output, AttemptFailure<P.Failure>> {
    func run(_ number: Int) -> AnyPublisher<P.Output, AttemptFailure<P.Failure>> {
      Deferred { attempt(number) }
        .catch { error -> AnyPublisher<P.Output, AttemptFailure<P.Failure>> in
          guard number < last, let wait = backOff(number, error) else {
            return Fail(error: AttemptFailure(attempt: number, error: error))
              .eraseToAnyPublisher()
          }
          return Just(())
            .delay(for: wait, scheduler: scheduler)
            .setFailureType(to: AttemptFailure<P.Failure>.self)
            .flatMap { run(number + 1) }
            .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
    return run(first)
  }
}

extension AttemptFailure: Equatable where Failure: Equatable {}
