/// The subscriber list behind both relays.
///
/// Values are delivered one at a time, in the order they were accepted: a value accepted
/// while another is being delivered (from inside a subscriber, or from another thread) waits
/// for that delivery to finish. So no subscriber ever sees two values out of order, and
/// accepting from inside a subscriber never deadlocks.
final class RelayHub<Output> {
  private typealias Subscription = BufferedSubscription<Output, Never>

  private struct State {
    var subscribers: [(id: ObjectIdentifier, subscription: Subscription)] = []
    var inbox: [Output] = []
    var delivering = false
    /// The value most recently handed to subscribers, replayed to new ones when asked.
    var delivered: Output?
  }

  private let state = Locked(State())
  private let replaysLatest: Bool

  init(replaying initial: Output?) {
    replaysLatest = initial != nil
    state.withLock { $0.delivered = initial }
  }

  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  func send(_ value: Output) {
    let leads = state.withLock { s -> Bool in
      s.inbox.append(value)
      guard !s.delivering else { return false }
      s.delivering = true
      return true
    }
    guard leads else { return }
    while let (value, targets) = nextDelivery() {
      targets.forEach { $0.push(value) }
    }
  }

  private func nextDelivery() -> (Output, [Subscription])? {
    state.withLock { s in
      guard !s.inbox.isEmpty else {
        s.delivering = false
        return nil
      }
      let value = s.inbox.removeFirst()
      if replaysLatest { s.delivered = value }
      return (value, s.subscribers.map { $0.subscription })
    }
  }

  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Never {
    var id: ObjectIdentifier!
    let subscription = Subscription(subscriber) { [weak self] in
      self?.state.withLock { $0.subscribers.removeAll { $0.id == id } }
    }
    id = ObjectIdentifier(subscription)
    let replay = state.withLock { s -> Output? in
      s.subscribers.append((id, subscription))
      return replaysLatest ? s.delivered : nil
    }
    subscriber.receive(subscription: subscription)
    if let replay { subscription.push(replay) }
  }
}
