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

  /// The first value at once; every later one only when `dueTime` has passed without a
  /// newer one (ReactiveCocoa's `throttle:afterAllowing:`), as a live username check wants:
  /// the first keystroke is looked up immediately, later typing once it pauses.
  public func debounceAfterFirst<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S
  ) -> AnyPublisher<Output, Failure> {
    scan((index: -1, value: Output?.none)) { state, value in (state.index + 1, value) }
      .flatMapLatest { state -> AnyPublisher<Output, Failure> in
        // `value` is set by the scan for every element.
        let value = Just(state.value!).setFailureType(to: Failure.self)
        return state.index == 0
          ? value.eraseToAnyPublisher()
          : value.delay(for: dueTime, scheduler: scheduler).eraseToAnyPublisher()
      }
  }
}

extension Publisher {
  /// This publisher as state: on a failure it continues with `fallback`'s values.
  public func asDriver(
    onErrorDriveWith fallback: Driver<Output>, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<Output> {
    asDriver(onErrorRecover: { _ in fallback }, scheduler: scheduler)
  }
}
