extension Publisher {
  /// Shares one subscription to this publisher among all subscribers, and replays the
  /// latest `replay` values (0 or 1 are the useful ones) to each new subscriber.
  ///
  /// The sharing lasts while connected: the first subscriber connects, the last one to
  /// cancel disconnects, and the next subscriber starts afresh with an empty replay. When the
  /// upstream ends, current subscribers receive the end and the next subscriber starts afresh.
  public func share(replay: Int) -> Publishers.ShareReplay<Self> {
    Publishers.ShareReplay(upstream: self, replay: replay)
  }
}

extension Publishers {
  /// The publisher returned by `share(replay:)`. It is a class: copies share one connection.
  public final class ShareReplay<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    private typealias Subscription = BufferedSubscription<Output, Failure>

    private enum Event {
      case value(Output)
      case completion(Subscribers.Completion<Failure>)
    }

    private struct State {
      var subscribers: [(id: ObjectIdentifier, subscription: Subscription)] = []
      var buffer: [Output] = []
      var link: UpstreamLink<Output, Failure>?
      var generation = 0
      // Upstream events wait here while an earlier one is being fanned out, so that every
      // subscriber sees them in one order even when a subscriber makes the upstream emit.
      var inbox: [(generation: Int, event: Event)] = []
      var fanningOut = false
    }

    private let upstream: Upstream
    private let replay: Int
    private let keepsLatestOnly: Bool
    private let state = Locked(State())

    /// Shares `upstream`, replaying its latest `replay` values. With `keepsLatestOnly`, a
    /// subscriber without demand is given only the newest value when it asks.
    public init(upstream: Upstream, replay: Int, keepsLatestOnly: Bool = false) {
      self.upstream = upstream
      self.replay = Swift.max(0, replay)
      self.keepsLatestOnly = keepsLatestOnly
    }

    /// How many subscribers are attached now.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var id: ObjectIdentifier!
      let subscription = Subscription(subscriber, keepsLatestOnly: keepsLatestOnly) {
        [weak self] in self?.remove(id)
      }
      id = ObjectIdentifier(subscription)
      let (replayed, link) = state.withLock { s -> ([Output], UpstreamLink<Output, Failure>?) in
        s.subscribers.append((id, subscription))
        guard s.link == nil else { return (s.buffer, nil) }
        s.generation += 1
        s.buffer = []
        let generation = s.generation
        // The link holds the share strongly: while connected, the subscribers keep it alive
        // even if nobody else holds it. Disconnecting drops the link and ends the cycle.
        let link = UpstreamLink<Output, Failure>(
          onValue: { [self] in receive(.value($0), generation: generation) },
          onCompletion: { [self] in receive(.completion($0), generation: generation) })
        s.link = link
        return ([], link)
      }
      subscriber.receive(subscription: subscription)
      replayed.forEach(subscription.push)
      if let link { upstream.subscribe(link) }
    }

    private func remove(_ id: ObjectIdentifier) {
      let link = state.withLock { s -> UpstreamLink<Output, Failure>? in
        s.subscribers.removeAll { $0.id == id }
        guard s.subscribers.isEmpty else { return nil }
        defer {
          s.link = nil
          s.buffer = []
        }
        return s.link
      }
      link?.cancel()
    }

    private func receive(_ event: Event, generation: Int) {
      let leads = state.withLock { s -> Bool in
        s.inbox.append((generation, event))
        guard !s.fanningOut else { return false }
        s.fanningOut = true
        return true
      }
      guard leads else { return }
      while let targets = nextDelivery() {
        switch targets.event {
        case .value(let value): targets.subscribers.forEach { $0.push(value) }
        case .completion(let completion): targets.subscribers.forEach { $0.complete(completion) }
        }
      }
    }

    /// Takes the next inbox event that belongs to the current connection, updates the
    /// replay buffer, and says whom to deliver it to; nil when the inbox is empty.
    private func nextDelivery() -> (event: Event, subscribers: [Subscription])? {
      state.withLock { s in
        while !s.inbox.isEmpty {
          let (generation, event) = s.inbox.removeFirst()
          guard generation == s.generation, s.link != nil else { continue }
          let targets = s.subscribers.map { $0.subscription }
          switch event {
          case .value(let value):
            if replay > 0 {
              s.buffer.append(value)
              if s.buffer.count > replay { s.buffer.removeFirst(s.buffer.count - replay) }
            }
          case .completion:
            s.subscribers = []
            s.buffer = []
            s.link = nil
          }
          return (event, targets)
        }
        s.fanningOut = false
        return nil
      }
    }
  }
}
