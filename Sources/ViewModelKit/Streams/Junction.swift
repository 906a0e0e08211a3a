import Synchronization

/// Where several push-core sources meet: it keeps what the operator remembers about them
/// (`Memory`), puts the values it makes from them in one line for its observer, and finishes
/// when every source has finished.
///
/// Remembering and queueing happen under one lock, so values leave in the order the sources'
/// values arrived, even from several threads.
@usableFromInline
final class Junction<Output, Memory> {
  @usableFromInline enum Event {
    case value(Output)
    case finish
    /// One that waited while the observer detached: delivered as nothing.
    case dropped
  }

  @usableFromInline struct State {
    @usableFromInline var memory: Memory
    @usableFromInline var line = DeliveryLine<Event>()
    @usableFromInline var unfinished: Int
    @usableFromInline var finishing = false
    @usableFromInline var detached = false
  }

  @usableFromInline let observer: StreamObserver<Output>
  @usableFromInline let state: Locked<State>
  /// The line's turn: events admitted and not yet delivered (see
  /// `DeliveryLine.admit(_:counting:)`).
  @usableFromInline let admitted = Atomic<Int>(0)

  @usableFromInline init(observer: StreamObserver<Output>, memory: Memory, sources: Int) {
    self.observer = observer
    state = Locked(State(memory: memory, unfinished: sources))
  }

  /// Updates the memory with a source's value; `update` answers the value to send, if any.
  @inlinable func offer(_ update: (inout Memory) -> Output?) {
    // A value that meets no delivery under way goes straight to the observer from here, with
    // no line item made for it.
    var now: Output?
    state.withLock { s in
      guard !s.detached, !s.finishing, let value = update(&s.memory) else { return }
      if s.line.takeTurn(orQueue: { .value(value) }, counting: admitted) { now = value }
    }
    guard let now else { return }
    observer.receive(now)
    // The turn is still this caller's: give it back, or deliver what waited meanwhile.
    if DeliveryLine<Event>.handBack(counting: admitted) { deliver(from: next()) }
  }

  /// Records that one source finished; the last one finishes the observer.
  @inlinable func finishOne() {
    let first = state.withLock { s -> Event? in
      guard !s.detached, !s.finishing else { return nil }
      s.unfinished -= 1
      guard s.unfinished <= 0 else { return nil }
      s.finishing = true
      return s.line.admit(.finish, counting: admitted)
    }
    deliver(from: first)
  }

  /// Stops every delivery that has not started.
  @inlinable func detach() { state.withLock { $0.detached = true } }

  @inlinable func deliver(from first: Event?) {
    DeliveryLine<Event>.drain(
      from: first, counting: admitted,
      perform: { event in
        switch event {
        case .value(let value): observer.receive(value)
        case .finish: observer.finish()
        case .dropped: break
        }
      },
      next: next)
  }

  /// The next waiting event, taken under the lock (nothing, once the observer detached).
  @inlinable func next() -> Event {
    state.withLock { s -> Event in
      let event = s.line.take()
      return s.detached ? .dropped : event
    }
  }
}
