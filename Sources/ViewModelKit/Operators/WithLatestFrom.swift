extension Publishers {
  /// On each value of `upstream` (the trigger), emits it combined with the latest value of
  /// `other`. Triggers that arrive before `other` has emitted are dropped.
  ///
  /// It finishes when the trigger finishes (the end of `other` only freezes its last
  /// value), and fails when either fails.
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let other: Other
    public let resultSelector: (Upstream.Output, Other.Output) -> Output

    public init(
      upstream: Upstream, other: Other,
      resultSelector: @escaping (Upstream.Output, Other.Output) -> Output
    ) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let latest = Locked<Other.Output?>(nil)
      var links: [any Cancellable] = []
      let downstream = BufferedSubscription(subscriber) { links.forEach { $0.cancel() } }
      let end: (Subscribers.Completion<Failure>) -> Void = { completion in
        links.forEach { $0.cancel() }
        downstream.complete(completion)
      }
      let otherLink = UpstreamLink<Other.Output, Failure>(
        onValue: { value in latest.withLock { $0 = value } },
        onCompletion: { completion in
          if case .failure = completion { end(completion) }
        })
      let triggerLink = UpstreamLink<Upstream.Output, Failure>(
        onValue: { [resultSelector] trigger in
          if let value = latest.withLock({ $0 }) { downstream.push(resultSelector(trigger, value)) }
        },
        onCompletion: end)
      links = [otherLink, triggerLink]
      subscriber.receive(subscription: downstream)
      // The data side first, so that a value it has at once is there for the first trigger.
      other.subscribe(otherLink)
      if downstream.isActive { upstream.subscribe(triggerLink) }
    }
  }
}

extension Publisher {
  /// Each value of this publisher paired, by `resultSelector`, with the latest value of `other`.
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }

  /// The latest value of `other` at each value of this publisher.
  public func withLatestFrom<Other: Publisher>(
    _ other: Other
  ) -> Publishers.WithLatestFrom<Self, Other, Other.Output> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other) { _, latest in latest }
  }
}
