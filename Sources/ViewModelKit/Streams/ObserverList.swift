import Synchronization

/// What a push-core source calls: each value, then at most one finish.
@usableFromInline
struct StreamObserver<Value> {
  @usableFromInline let receive: (Value) -> Void
  @usableFromInline let finish: () -> Void

  @inlinable
  init(receive: @escaping (Value) -> Void, finish: @escaping () -> Void) {
    self.receive = receive
    self.finish = finish
  }
}

/// Stops an observation; calling it again does nothing.
@usableFromInline typealias StreamDetach = () -> Void

/// One observer attached to a source, with the flag that stops deliveries once it is
/// detached, so no value reaches an observer after its detach returned on the same thread.
///
/// The box is also its own detach: `cancel()` clears the flag and leaves its owner's list (a
/// relay hub's or a Driver/Signal share's). A closure that captures only the box needs no
/// allocation of its own, which is why the owner is kept here rather than captured beside it;
/// the owner is a concrete type, not a protocol or a base class, so that the removal is
/// specialised with the rest of the caller's code. In a relay hub's list a box may also be a
/// share's connection (`feeds`), so that connecting a Driver to a relay takes one object.
@usableFromInline
final class ObserverBox<Value> {
  @usableFromInline let observer: StreamObserver<Value>
  @usableFromInline let attached = Atomic<Bool>(true)
  /// Position in the owning `ObserverList`; only read or written under the owner's lock,
  /// which is why the dynamic exclusivity check is skipped.
  @exclusivity(unchecked) @usableFromInline var slot = -1
  /// Whether a share counts this box among its members; only read or written under the
  /// share's lock. Cleared when the box leaves, or when the share finishes with it, so that a
  /// box cancelled after its share finished is not taken away twice.
  @exclusivity(unchecked) @usableFromInline var counted = false
  /// The locked state of the relay hub the box is attached to, held strongly until the box
  /// detaches (by `cancel` only, hence no exclusivity check). Not the hub itself: a hub that
  /// nobody holds any more empties this state (values and observers, see `RelayHub.deinit`),
  /// so an observer never keeps a relay's values alive (a view model observing a relay that
  /// holds the view model is still freed), and no weak reference is paid for per observer.
  @exclusivity(unchecked) @usableFromInline var hubState: Locked<RelayHub<Value>.State>?
  /// Strong, and dropped by whichever of `cancel` and `deliverFinish` detaches the box (only
  /// that one touches it, hence no exclusivity check). While a box is attached its share is
  /// connected, and a connected share is held by its own source (through `feeds` or a
  /// `ShareConnection`), so this reference keeps nothing alive that was not alive already;
  /// unlike a weak one it costs the share no side table. At most one of `hubState` and
  /// `share` is set.
  @exclusivity(unchecked) @usableFromInline var share: SharedStream<Value>?
  /// The share this box connects to a relay hub, when it is such a connection: values go to
  /// `feeds` tagged with `connection` instead of to `observer`. While the box is in the hub's
  /// list this holds the connected share, as a `ShareConnection` does for other sources.
  @usableFromInline let feeds: SharedStream<Value>?
  /// The number of the share's connection this box is (0 for any other box).
  @usableFromInline let connection: Int

  @inlinable init(_ observer: StreamObserver<Value>) {
    self.observer = observer
    hubState = nil
    share = nil
    feeds = nil
    connection = 0
  }

  @inlinable init(
    feeding share: SharedStream<Value>, connection: Int, hubState: Locked<RelayHub<Value>.State>
  ) {
    observer = StreamObserver(receive: { _ in }, finish: {})
    self.hubState = hubState
    self.share = nil
    feeds = share
    self.connection = connection
  }

  @inlinable init(_ observer: StreamObserver<Value>, hubState: Locked<RelayHub<Value>.State>) {
    self.observer = observer
    self.hubState = hubState
    share = nil
    feeds = nil
    connection = 0
  }

  @inlinable init(_ observer: StreamObserver<Value>, share: SharedStream<Value>) {
    self.observer = observer
    hubState = nil
    self.share = share
    feeds = nil
    connection = 0
  }

  @inlinable var isAttached: Bool { attached.load(ordering: .acquiring) }

  /// Marks the observer detached; true only for the first call.
  @inlinable func detach() -> Bool { attached.exchange(false, ordering: .acquiringAndReleasing) }

  /// Detaches and leaves the owner's list; calling it again does nothing.
  @inlinable func cancel() {
    guard detach() else { return }
    if let share {
      self.share = nil
      share.remove(self)
    } else if let hubState {
      self.hubState = nil
      let keptAside = hubState.withLock { s -> DeliveryTurn? in
        s.observers.remove(self, lent: s.turn.isLent) ? s.turn.keptAside() : nil
      }
      keptAside?.releaseRetired(hubState) { $0.observers.takeRetired() }
    }
  }

  @inlinable func deliver(_ value: Value) {
    guard isAttached else { return }
    if let feeds {
      feeds.sourceValue(value, connection: connection)
    } else {
      observer.receive(value)
    }
  }

  @inlinable func deliverFinish() {
    guard detach() else { return }
    share = nil
    if let feeds {
      feeds.sourceFinished(connection: connection)
    } else {
      observer.finish()
    }
  }
}

/// The observers of one source, in attachment order, with amortised constant-time removal:
/// a removed observer leaves an empty slot, trailing empty slots are dropped at once, and the
/// list is compacted when empty slots outnumber the observers.
///
/// A delivery reads the slots themselves, lent without a retain (`lend`): while a delivery
/// may be reading them, a removal leaves them as they are and changes a copy, keeping the lent
/// slots in `retired` until no delivery can be reading them (`DeliveryTurn.releaseRetired`).
@usableFromInline
struct ObserverList<Value> {
  /// Slot arrays that removals replaced while they were lent.
  @usableFromInline typealias Retired = [ContiguousArray<ObserverBox<Value>?>]

  @usableFromInline var slots: ContiguousArray<ObserverBox<Value>?> = []
  @usableFromInline var count = 0
  @usableFromInline var retired: Retired = []
  /// Where the slots last lent (`lend`) begin: a removal while lent keeps them aside only if
  /// they are still the list's, not a copy an earlier removal made.
  @usableFromInline var lentBase: UnsafeRawPointer?

  @inlinable init() {}

  @inlinable mutating func add(_ box: ObserverBox<Value>) {
    box.slot = slots.count
    slots.append(box)
    count += 1
  }

  /// Removes `box`. With `lent` (a delivery may be reading the slots, see `lend`), the slots
  /// last lent are kept as they are in `retired` and the removal changes a copy; answers
  /// whether it kept them.
  @inlinable @discardableResult
  mutating func remove(_ box: ObserverBox<Value>, lent: Bool) -> Bool {
    let slot = box.slot
    guard slot >= 0, slot < slots.count, slots[slot] === box else { return false }
    let keepsAside = lent && base == lentBase
    if keepsAside { retired.append(slots) }
    slots[slot] = nil
    box.slot = -1
    count -= 1
    while case .some(.none) = slots.last { slots.removeLast() }
    if slots.count > 2 * count + 8 { compact() }
    return keepsAside
  }

  /// Where the slots begin now.
  @inlinable var base: UnsafeRawPointer? {
    slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// The slots for a delivery to read after the lock is released, without a retain. They stay
  /// valid until the delivery is over: only the deliverer changes them in place, and any other
  /// change while the line's count is not 0 is made to a copy (`remove(_:lent:)`). (An
  /// escaping pointer to an array's elements: the one place the core relies on an array's
  /// storage outliving `withUnsafeBufferPointer`, which it does while the array is held.)
  @inlinable mutating func lend() -> UnsafeBufferPointer<ObserverBox<Value>?> {
    let lent = slots.withUnsafeBufferPointer { $0 }
    lentBase = UnsafeRawPointer(lent.baseAddress)
    return lent
  }

  /// Empties `retired`, answering what it held.
  @inlinable mutating func takeRetired() -> Retired {
    defer { retired = [] }
    return retired
  }

  /// Empties the list, answering what it held.
  @inlinable mutating func removeAll() -> ContiguousArray<ObserverBox<Value>?> {
    defer {
      slots = []
      count = 0
    }
    for box in slots { box?.slot = -1 }
    return slots
  }

  @usableFromInline mutating func compact() {
    var kept = ContiguousArray<ObserverBox<Value>?>()
    kept.reserveCapacity(count)
    for case let box? in slots {
      box.slot = kept.count
      kept.append(box)
    }
    slots = kept
  }
}
