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

  /// Subscribes again after a failure, at most `attempts` subscriptions in all (the first
  /// included, so `retry(4, …)` makes at most 4, unlike Combine's `retry(3)` which is also
  /// 4), waiting `delay(n, error)` on `scheduler` before attempt n + 1. A failure for which
  /// `shouldRetry` is false ends the pipeline at once; the last failure is passed on.
  ///
  /// The upstream must be cold (each subscription a new attempt), as a request is.
  public func retry<S: Scheduler>(
    _ attempts: Int, delay: @escaping (_ failedAttempt: Int, Failure) -> S.SchedulerTimeType.Stride,
    scheduler: S, if shouldRetry: @escaping (Failure) -> Bool = { _ in true }
  ) -> AnyPublisher<Output, Failure> {
    func attempt(_ number: Int) -> AnyPublisher<Output, Failure> {
      self.catch { error -> AnyPublisher<Output, Failure> in
        guard number < attempts, shouldRetry(error) else {
          return Fail(error: error).eraseToAnyPublisher()
        }
        return Just(())
          .delay(for: delay(number, error), scheduler: scheduler)
          .setFailureType(to: Failure.self)
          .flatMap { attempt(number + 1) }
          .eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
    }
    return attempt(1)
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
