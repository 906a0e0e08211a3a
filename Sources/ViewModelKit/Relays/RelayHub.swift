import Synchronization

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
    /// The line's turn, here too so that an observer, which holds this state and not the hub,
    /// can tell whether a delivery may be reading the observers' slots.
    @usableFromInline let turn: DeliveryTurn
    @usableFromInline var observers = ObserverList<Value>()
    @usableFromInline var line = DeliveryLine<Item>()
    /// The value most recently accepted, and the one most recently handed to observers.
    @usableFromInline var accepted: Value?
    @usableFromInline var delivered: Value?
  }

  @usableFromInline let state: Locked<State>
  @usableFromInline let replays: Bool
  /// The line's turn: values and attachments admitted and not yet delivered (see
  /// `DeliveryLine.admit(_:counting:)`), and the lent slots kept aside.
  @usableFromInline let turn = DeliveryTurn()

  @usableFromInline init(replaying initial: Value?) {
    replays = initial != nil
    state = Locked(State(turn: turn, accepted: initial, delivered: initial))
  }

  @inlinable var subscriberCount: Int { state.withLock { $0.observers.count } }

  /// The value most recently accepted (replaying hubs only).
  @inlinable var latest: Value? { state.withLock { $0.accepted } }

  @inlinable var stream: RelayStream<Value> { RelayStream(hub: self) }

  @inlinable func send(_ value: Value) {
    // The common case, a value that meets no delivery under way, is delivered straight from
    // here: no line item and no `ObserverDelivery` is made for it.
    var lent: UnsafeBufferPointer<ObserverBox<Value>?>?
    state.withLock { s in
      if replays { s.accepted = value }
      guard s.line.takeTurn(orQueue: { .value(value) }, counting: turn.admitted) else { return }
      if replays { s.delivered = value }
      lent = s.observers.lend()
    }
    guard let lent else { return }
    ObserverDelivery.deliver(value, to: lent)
    if turn.handBack() {
      deliver(from: state.withLock { s in prepare(s.line.take(), &s) })
    } else {
      turn.releaseRetired(state) { $0.observers.takeRetired() }
    }
  }

  @inlinable func attach(_ observer: StreamObserver<Value>) -> StreamDetach {
    let box = ObserverBox(observer, hubState: state)
    let first = state.withLock { s -> ObserverDelivery<Value>? in
      s.line.admit(.attach(box), counting: turn.admitted).map { prepare($0, &s) }
    }
    deliver(from: first)
    return { box.cancel() }
  }

  /// Adds `box`, a share's connection (see `SharedStream.attach`), and answers the value it
  /// is owed as a replay, for the share to take in itself. With no delivery under way the box
  /// joins at once and any later value reaches it after the replay was read, so the share can
  /// tell a replay that comes late (it then drops it); with one under way the box waits its
  /// turn in the line and is handed its replay there, as any observer is, and nil is
  /// answered. A box cancelled first never joins.
  @inlinable func join(_ box: ObserverBox<Value>) -> Value? {
    var replay: Value?
    let first = state.withLock { s -> ObserverDelivery<Value>? in
      // Under the lock a count of 0 stays 0: only admissions add to it.
      guard !turn.isLent else {
        return s.line.admit(.attach(box), counting: turn.admitted).map { prepare($0, &s) }
      }
      guard box.isAttached else { return nil }
      s.observers.add(box)
      if replays { replay = s.delivered }
      return nil
    }
    deliver(from: first)
    return replay
  }

  deinit {
    // Observers hold the state, not the hub: with the hub gone, nothing can be sent, so the
    // state lets go of its values and observers. They are released after the lock, since
    // releasing a value may cancel an observer of this very state.
    let dropped = state.withLock { s in
      defer { s = State(turn: s.turn) }
      return s
    }
    _ = dropped
  }

  @inlinable func prepare(_ item: Item, _ s: inout State) -> ObserverDelivery<Value> {
    switch item {
    case .value(let value):
      if replays { s.delivered = value }
      return .value(value, s.observers.lend())
    case .attach(let box):
      return s.observers.join(box, replaying: replays ? s.delivered : nil)
    }
  }

  @inlinable func deliver(from first: ObserverDelivery<Value>?) {
    DeliveryLine<Item>.drain(
      from: first, counting: turn.admitted, perform: { $0.perform() },
      next: { state.withLock { s in self.prepare(s.line.take(), &s) } })
    turn.releaseRetired(state) { $0.observers.takeRetired() }
  }
}
