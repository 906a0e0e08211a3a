/// The core of `Driver` and `Signal`: one connection to a source shared by every observer,
/// with the latest value replayed to each new one when asked.
///
/// The first observer connects; the last one to detach disconnects, and the next observer
/// starts afresh with nothing to replay. When the source finishes, the current observers
/// finish and the next observer connects again. Deliveries go one at a time, in order, as in
/// `RelayHub`; an observer attaching during a delivery joins after it.
@usableFromInline
final class SharedStream<Value> {
  @usableFromInline enum Item {
    case value(Value, connection: Int)
    case finish(connection: Int)
    case attach(ObserverBox<Value>)
  }

  @usableFromInline struct State {
    @usableFromInline var observers = ObserverList<Value>()
    /// Observers attached and neither detached nor finished, including those still waiting to
    /// join (each such box is `counted`).
    @usableFromInline var members = 0
    @usableFromInline var line = DeliveryLine<Item>()
    @usableFromInline var latest: Value?
    @usableFromInline var connection = 0
    @usableFromInline var connected = false
    @usableFromInline var disconnect: StreamDetach?
  }

  @usableFromInline let source: RelayStream<Value>
  /// The scheduler the source's values and finish are handed to on their way in; nil when
  /// the source already delivers there.
  @usableFromInline let hop: SchedulerHop?
  @usableFromInline let replays: Bool
  @usableFromInline let state = Locked(State())

  @usableFromInline init(source: RelayStream<Value>, hop: SchedulerHop?, replays: Bool) {
    self.source = source
    self.hop = hop
    self.replays = replays
  }

  @inlinable var observerCount: Int { state.withLock { $0.members } }

  @inlinable var stream: RelayStream<Value> { RelayStream(attach: attach) }

  @inlinable func attach(_ observer: StreamObserver<Value>) -> StreamDetach {
    let box = ObserverBox(observer, share: self)
    let (connection, first) = state.withLock { s -> (Int?, ObserverDelivery<Value>?) in
      s.members += 1
      box.counted = true
      var connection: Int?
      if !s.connected {
        s.connected = true
        s.connection += 1
        s.latest = nil
        connection = s.connection
      }
      // Nothing to replay and no delivery under way: the observer joins at once.
      if connection != nil, !s.line.isBusy {
        s.observers.add(box)
        return (connection, nil)
      }
      return (connection, delivery(for: s.line.admit(.attach(box)), &s))
    }
    deliver(from: first)
    if let connection { connect(connection) }
    return { box.cancel() }
  }

  @inlinable func connect(_ connection: Int) {
    // While connected, the source holds this share: its observers keep it alive.
    let link = ShareConnection(self, number: connection)
    let disconnect = source.attach(
      StreamObserver(receive: { link.receive($0) }, finish: { link.finish() }))
    let stale = state.withLock { s -> Bool in
      guard s.connected, s.connection == connection else { return true }
      s.disconnect = disconnect
      return false
    }
    if stale { disconnect() }
  }

  @inlinable func remove(_ box: ObserverBox<Value>) {
    let disconnect = state.withLock { s -> StreamDetach? in
      s.observers.remove(box)
      guard box.counted else { return nil }
      box.counted = false
      s.members -= 1
      guard s.members == 0, s.connected else { return nil }
      s.connected = false
      s.latest = nil
      defer { s.disconnect = nil }
      return s.disconnect
    }
    disconnect?()
  }

  @inlinable func receive(_ item: Item) {
    deliver(from: state.withLock { s in delivery(for: s.line.admit(item), &s) })
  }

  @inlinable func prepare(_ item: Item, _ s: inout State) -> ObserverDelivery<Value> {
    switch item {
    case .value(let value, let connection):
      guard s.connected, connection == s.connection else { return .nothing }
      if replays { s.latest = value }
      return .value(value, s.observers.slots)
    case .finish(let connection):
      guard s.connected, connection == s.connection else { return .nothing }
      s.connected = false
      s.disconnect = nil
      s.latest = nil
      // The finished observers stop counting; one still waiting to join counts on.
      let finished = s.observers.removeAll()
      for case let box? in finished where box.counted {
        box.counted = false
        s.members -= 1
      }
      return .finish(finished)
    case .attach(let box):
      return s.observers.join(box, replaying: s.latest)
    }
  }

  /// What to deliver for `item` (nil when none was admitted), passing over items that
  /// deliver nothing.
  @inlinable func delivery(for item: Item?, _ s: inout State) -> ObserverDelivery<Value>? {
    .firstNonEmpty(item.map { prepare($0, &s) }) { s.line.next().map { prepare($0, &s) } }
  }

  @inlinable func deliver(from first: ObserverDelivery<Value>?) {
    var delivery = first
    while let current = delivery {
      current.perform()
      delivery = state.withLock { s in self.delivery(for: s.line.next(), &s) }
    }
  }
}

/// One connection of a share to its source: what the source's observer calls. One object, so
/// that the two closures capturing it need no allocation of their own.
@usableFromInline
final class ShareConnection<Value> {
  @usableFromInline let share: SharedStream<Value>
  @usableFromInline let number: Int

  @inlinable init(_ share: SharedStream<Value>, number: Int) {
    self.share = share
    self.number = number
  }

  @inlinable func receive(_ value: Value) {
    if let hop = share.hop {
      hop.scheduler.schedule { [self] in share.receive(.value(value, connection: number)) }
    } else {
      share.receive(.value(value, connection: number))
    }
  }

  @inlinable func finish() {
    if let hop = share.hop {
      hop.scheduler.schedule { [self] in share.receive(.finish(connection: number)) }
    } else {
      share.receive(.finish(connection: number))
    }
  }
}
