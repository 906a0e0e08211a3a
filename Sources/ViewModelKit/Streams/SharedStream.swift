import Synchronization

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
    /// A relay hub's replay to a new connection, taken in only if no value of that connection
    /// came first (see `RelayHub.join`).
    case replay(Value, connection: Int)
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
    /// Whether a value of the current connection has been taken in.
    @usableFromInline var heard = false
    @usableFromInline var disconnect: StreamDetach?
  }

  @usableFromInline let source: RelayStream<Value>
  /// The source's relay hub when the source is one (`source.hub`), kept apart so that
  /// connecting reaches it without another look.
  @usableFromInline let sourceHub: RelayHub<Value>?
  /// The scheduler the source's values and finish are handed to on their way in; nil when
  /// the source already delivers there.
  @usableFromInline let hop: SchedulerHop?
  @usableFromInline let replays: Bool
  @usableFromInline let state = Locked(State())
  /// The line's turn: items admitted and not yet delivered (see
  /// `DeliveryLine.admit(_:counting:)`), and the lent slots kept aside.
  @usableFromInline let turn = DeliveryTurn()

  @usableFromInline init(source: RelayStream<Value>, hop: SchedulerHop?, replays: Bool) {
    self.source = source
    sourceHub = source.hub
    self.hop = hop
    self.replays = replays
  }

  @inlinable var observerCount: Int { state.withLock { $0.members } }

  @inlinable var stream: RelayStream<Value> { RelayStream(attach: attach) }

  @inlinable func attach(_ observer: StreamObserver<Value>) -> StreamDetach {
    let box = ObserverBox(observer, share: self)
    var connection: Int?
    var hubLink: ObserverBox<Value>?
    let first = state.withLock { s -> ObserverDelivery<Value>? in
      s.members += 1
      box.counted = true
      if !s.connected {
        s.connected = true
        s.connection += 1
        s.latest = nil
        s.heard = false
        connection = s.connection
        if let sourceHub {
          // A relay hub takes the share as one box, made and kept here under the lock: a
          // disconnect that comes before the box joins the hub cancels it, and it never joins.
          let link = ObserverBox(feeding: self, connection: s.connection, hubState: sourceHub.state)
          s.disconnect = { link.cancel() }
          hubLink = link
        }
        // Nothing to replay and no delivery under way: the observer joins at once. (Under
        // the lock a count of 0 stays 0: only admissions add to it.)
        if !turn.isLent {
          s.observers.add(box)
          return nil
        }
      }
      return s.line.admit(.attach(box), counting: turn.admitted).map { prepare($0, &s) }
    }
    deliver(from: first)
    if let hubLink, let connection {
      if let replay = sourceHub?.join(hubLink) { arrive(.replay(replay, connection: connection)) }
    } else if let connection {
      connect(connection)
    }
    return { box.cancel() }
  }

  /// Connects to a source other than a relay hub. While connected, the source holds this
  /// share: its observers keep it alive.
  @inlinable func connect(_ connection: Int) {
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
    // Handed out through a local rather than as `withLock`'s answer: a closure answered
    // through its generic result would be wrapped in a thunk, an allocation per disconnect.
    var disconnect: StreamDetach?
    var keptAside = false
    state.withLock { s in
      keptAside = s.observers.remove(box, lent: turn.isLent)
      if keptAside { _ = turn.keptAside() }
      guard box.counted else { return }
      box.counted = false
      s.members -= 1
      guard s.members == 0, s.connected else { return }
      s.connected = false
      s.latest = nil
      disconnect = s.disconnect
      s.disconnect = nil
    }
    if keptAside { turn.releaseRetired(state) { $0.observers.takeRetired() } }
    disconnect?()
  }

  /// A value of the source's connection number `connection`, on its way in.
  @inlinable func sourceValue(_ value: Value, connection: Int) {
    arrive(.value(value, connection: connection))
  }

  /// The finish of the source's connection number `connection`, on its way in.
  @inlinable func sourceFinished(connection: Int) {
    arrive(.finish(connection: connection))
  }

  /// Takes in `item` from the source: through the scheduler when there is a hop.
  @inlinable func arrive(_ item: Item) {
    if let hop {
      hop.scheduler.schedule { [self] in receive(item) }
    } else {
      receive(item)
    }
  }

  @inlinable func receive(_ item: Item) {
    guard case .value(let value, let connection) = item else {
      deliver(
        from: state.withLock { s in
          s.line.admit(item, counting: turn.admitted).map { prepare($0, &s) }
        })
      return
    }
    // The common case, a value that meets no delivery under way, is delivered straight from
    // here: no `ObserverDelivery` is made for it.
    var tookTurn = false
    var lent: UnsafeBufferPointer<ObserverBox<Value>?>?
    state.withLock { s in
      guard s.line.takeTurn(orQueue: { item }, counting: turn.admitted) else { return }
      tookTurn = true
      lent = take(value, connection: connection, &s)
    }
    guard tookTurn else { return }
    if let lent { ObserverDelivery.deliver(value, to: lent) }
    if turn.handBack() {
      deliver(from: state.withLock { s in prepare(s.line.take(), &s) })
    } else {
      turn.releaseRetired(state) { $0.observers.takeRetired() }
    }
  }

  /// Takes in a value of connection number `connection` (under the lock): the observers'
  /// slots to hand it to, or nil when the connection is no longer current.
  @inlinable func take(
    _ value: Value, connection: Int, _ s: inout State
  ) -> UnsafeBufferPointer<ObserverBox<Value>?>? {
    guard s.connected, connection == s.connection else { return nil }
    s.heard = true
    if replays { s.latest = value }
    return s.observers.lend()
  }

  @inlinable func prepare(_ item: Item, _ s: inout State) -> ObserverDelivery<Value> {
    switch item {
    case .value(let value, let connection):
      return take(value, connection: connection, &s).map { .value(value, $0) } ?? .nothing
    case .replay(let value, let connection):
      guard s.connected, connection == s.connection, !s.heard else { return .nothing }
      s.heard = true
      if replays { s.latest = value }
      return .value(value, s.observers.lend())
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

  @inlinable func deliver(from first: ObserverDelivery<Value>?) {
    DeliveryLine<Item>.drain(
      from: first, counting: turn.admitted, perform: { $0.perform() },
      next: { state.withLock { s in self.prepare(s.line.take(), &s) } })
    turn.releaseRetired(state) { $0.observers.takeRetired() }
  }
}

/// One connection of a share to a source other than a relay hub: what the source's observer
/// calls. One object, so that the two closures capturing it need no allocation of their own.
@usableFromInline
final class ShareConnection<Value> {
  @usableFromInline let share: SharedStream<Value>
  @usableFromInline let number: Int

  @inlinable init(_ share: SharedStream<Value>, number: Int) {
    self.share = share
    self.number = number
  }

  @inlinable func receive(_ value: Value) { share.sourceValue(value, connection: number) }

  @inlinable func finish() { share.sourceFinished(connection: number) }
}
