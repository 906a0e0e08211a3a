extension Publishers {
  /// Combines the latest value of every publisher in a collection.
  ///
  /// It stays silent until every publisher has emitted, then emits an array of the latest
  /// values (in collection order) whenever any of them emits. It finishes when all of them
  /// have finished, and fails as soon as one fails. An empty collection finishes at once.
  public struct CombineLatestCollection<Upstream: Publisher>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The combined publishers, in output order.
    public let upstreams: [Upstream]

    /// Combines `upstreams`, in that order.
    public init<C: Collection>(_ upstreams: C) where C.Element == Upstream {
      self.upstreams = Array(upstreams)
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      CombineLatestCore(upstreams: upstreams, subscriber: subscriber).start()
    }
  }
}

extension Collection where Element: Publisher {
  /// The latest values of all these publishers, as an array, once each has emitted.
  public func combineLatest() -> Publishers.CombineLatestCollection<Element> {
    Publishers.CombineLatestCollection(self)
  }
}

/// The state machine behind every combineLatest variant.
private final class CombineLatestCore<Upstream: Publisher> {
  private struct State {
    var latest: [Upstream.Output?]
    var missing: Int
    var ends: UpstreamEnds
  }

  private let upstreams: [Upstream]
  private let state: Locked<State>
  private let links = UpstreamLinks<Upstream.Output, Upstream.Failure>()
  private var downstream: BufferedSubscription<[Upstream.Output], Upstream.Failure>!

  init<S: Subscriber>(upstreams: [Upstream], subscriber: S)
  where S.Input == [Upstream.Output], S.Failure == Upstream.Failure {
    self.upstreams = upstreams
    state = Locked(
      State(
        latest: Array(repeating: nil, count: upstreams.count),
        missing: upstreams.count, ends: UpstreamEnds(upstreams: upstreams.count)))
    downstream = BufferedSubscription(subscriber, keepsLatestOnly: true) { [weak self] in
      self?.end()
    }
    subscriber.receive(subscription: downstream)
  }

  func start() {
    guard !upstreams.isEmpty else {
      downstream.complete(.finished)
      return
    }
    let links = upstreams.indices.map { index in
      UpstreamLink<Upstream.Output, Upstream.Failure>(
        onValue: { [self] value in receive(value, at: index) },
        onCompletion: { [self] completion in receive(completion) })
    }
    self.links.hold(links)
    for (upstream, link) in zip(upstreams, links) {
      guard downstream.isActive else { break }
      upstream.subscribe(link)
    }
  }

  private func receive(_ value: Upstream.Output, at index: Int) {
    let combined = state.withLock { s -> [Upstream.Output]? in
      guard !s.ends.ended else { return nil }
      if s.latest[index] == nil { s.missing -= 1 }
      s.latest[index] = value
      return s.missing == 0 ? s.latest.map { $0! } : nil
    }
    if let combined { downstream.push(combined) }
  }

  private func receive(_ completion: Subscribers.Completion<Upstream.Failure>) {
    guard state.withLock({ $0.ends.record(completion) }) else { return }
    links.cancelAll()
    downstream.complete(completion)
  }

  private func end() {
    state.withLock { $0.ends.cancel() }
    links.cancelAll()
  }
}
