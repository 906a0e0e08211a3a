/// The observer list behind both relays.
///
/// Values are delivered one at a time, in the order they were accepted: a value accepted
/// while another is being delivered (from inside an observer, or from another thread) waits
/// for that delivery to finish. So no observer ever sees two values out of order, and
/// accepting from inside an observer never deadlocks. An observer that attaches during a
/// delivery joins after it, and a replaying hub then hands it the value just delivered.
@usableFromInline
final class RelayHub<Value> {
  @usableFromInline enum Item {
    case value(Value)
    case attach(ObserverBox<Value>)
  }

  @usableFromInline struct State {
    @usableFromInline var observers = ObserverList<Value>()
    @usableFromInline var line = DeliveryLine<Item>()
    /// The value most recently accepted, and the one most recently handed to observers.
    @usableFromInline var accepted: Value?
    @usableFromInline var delivered: Value?
  }

  @usableFromInline let state: Locked<State>
  @usableFromInline let replays: Bool

  @usableFromInline init(replaying initial: Value?) {
    replays = initial != nil
    state = Locked(State(accepted: initial, delivered: initial))
  }

  @inlinable var subscriberCount: Int { state.withLock { $0.observers.count } }

  /// The value most recently accepted (replaying hubs only).
  @inlinable var latest: Value? { state.withLock { $0.accepted } }

  @inlinable var stream: RelayStream<Value> { RelayStream(attach: attach) }

  @inlinable func send(_ value: Value) {
    let first = state.withLock { s -> ObserverDelivery<Value>? in
      if replays { s.accepted = value }
      return s.line.admit(.value(value)).map { prepare($0, &s) }
    }
    deliver(from: first)
  }

  @inlinable func attach(_ observer: StreamObserver<Value>) -> StreamDetach {
    let box = ObserverBox(observer)
    let first = state.withLock { s -> ObserverDelivery<Value>? in
      s.line.admit(.attach(box)).map { prepare($0, &s) }
    }
    deliver(from: first)
    // Weak: an observer's owner must not keep the hub's latest value alive (a view model
    // observing a relay that holds the view model would never be freed).
    return { [weak self] in
      guard box.detach() else { return }
      self?.state.withLock { $0.observers.remove(box) }
    }
  }

  @inlinable func prepare(_ item: Item, _ s: inout State) -> ObserverDelivery<Value> {
    switch item {
    case .value(let value):
      if replays { s.delivered = value }
      return .value(value, s.observers.slots)
    case .attach(let box):
      return s.observers.join(box, replaying: replays ? s.delivered : nil)
    }
  }

  @inlinable func deliver(from first: ObserverDelivery<Value>?) {
    var delivery = first
    while let current = delivery {
      current.perform()
      delivery = state.withLock { s in s.line.next().map { prepare($0, &s) } }
    }
  }
}
