import Synchronization

/// Puts deliveries in one line: the first arrival delivers, and what arrives during its
/// delivery (from a re-entrant call or another thread) waits its turn, in order. A relay hub,
/// a share (Driver, Signal) and a junction (combineLatest, merge, withLatestFrom) all deliver
/// through it; each keeps the line in its locked state and delivers outside the lock.
///
/// The turn is kept in an atomic count beside the owner's lock: the items admitted and not yet
/// delivered, the one under way included. An item admitted when the count was 0 is delivered
/// at once by whoever admitted it; any other waits here. The deliverer gives its turn back with
/// one atomic subtraction, and only when that shows items waiting does it take the lock again
/// to fetch the next. So a value that meets no other costs its owner one lock section and one
/// atomic operation (a busy flag kept under the lock cost two lock sections).
///
/// Admitting and fetching happen under the owner's lock; the subtraction does not. Both count
/// changes order memory both ways, so each delivery happens after the one before it, whichever
/// thread makes it, and an admission that finds the count at 0 finds it so until the lock is
/// released (only admissions add to it, under that lock). The subtraction is sequentially
/// consistent, so that a deliverer giving the line up and a removal that kept lent slots aside
/// cannot both miss the other (`DeliveryTurn.releaseRetired`).
@usableFromInline
struct DeliveryLine<Item> {
  @usableFromInline var waiting: [Item] = []
  @usableFromInline var head = 0

  @inlinable init() {}
}

extension DeliveryLine {
  /// Admits `item` (under the owner's lock) with the line's turn kept in `admitted`: answers
  /// `item` if the caller is to deliver it now, or nil if it waits its turn.
  @inlinable mutating func admit(_ item: Item, counting admitted: borrowing Atomic<Int>) -> Item? {
    takeTurn(orQueue: { item }, counting: admitted) ? item : nil
  }

  /// Takes the turn (under the owner's lock) when the line is free, answering true: the caller
  /// then delivers its step itself, and no item is made for it. Otherwise queues `item()`
  /// behind the delivery under way and answers false.
  @inlinable mutating func takeTurn(
    orQueue item: () -> Item, counting admitted: borrowing Atomic<Int>
  ) -> Bool {
    guard admitted.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else {
      waiting.append(item())
      return false
    }
    return true
  }

  /// The first waiting item (under the owner's lock). Only the deliverer calls it, and only
  /// after `admitted` showed one waiting.
  @inlinable mutating func take() -> Item {
    let item = waiting[head]
    head += 1
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    }
    return item
  }

  /// Performs `first` (the step the caller was admitted to deliver), then, while `admitted`
  /// shows items waiting, each step `next` fetches under the owner's lock, one at a time, in
  /// the order they were admitted.
  @inlinable static func drain<Step>(
    from first: Step?, counting admitted: borrowing Atomic<Int>, perform: (Step) -> Void,
    next: () -> Step
  ) {
    guard var step = first else { return }
    while true {
      perform(step)
      guard handBack(counting: admitted) else { return }
      step = next()
    }
  }

  /// Gives the turn back after a step was delivered; answers true when steps were admitted
  /// meanwhile, and the turn is then still the caller's, to deliver them.
  @inlinable static func handBack(counting admitted: borrowing Atomic<Int>) -> Bool {
    admitted.wrappingSubtract(1, ordering: .sequentiallyConsistent).oldValue != 1
  }
}

/// The turn of a delivery line whose owner lends its observers' slots to the deliverer
/// (`ObserverList.lend`): the atomic count of `DeliveryLine.admit(_:counting:)`, and whether
/// a removal kept slots aside that a delivery may still be reading (`ObserverList.retired`).
/// An object of its own so that a relay hub's observers, which hold the hub's state rather than
/// the hub, reach it from that state.
@usableFromInline
final class DeliveryTurn: Sendable {
  /// Steps admitted and not yet delivered, the one under way included.
  @usableFromInline let admitted = Atomic<Int>(0)
  /// Whether `ObserverList.retired` may hold slots to release.
  @usableFromInline let hasRetired = Atomic<Bool>(false)

  @inlinable init() {}

  /// Whether a delivery may be reading lent slots now (read under the owner's lock).
  @inlinable var isLent: Bool { admitted.load(ordering: .sequentiallyConsistent) != 0 }

  /// Gives the turn back after the caller delivered the step it took the turn for
  /// (`DeliveryLine.takeTurn`); see `DeliveryLine.handBack(counting:)`.
  @inlinable func handBack() -> Bool { DeliveryLine<Never>.handBack(counting: admitted) }

  /// Notes (under the owner's lock) that a removal kept lent slots aside; answers the turn,
  /// for `releaseRetired` after the lock.
  @inlinable func keptAside() -> DeliveryTurn {
    hasRetired.store(true, ordering: .sequentiallyConsistent)
    return self
  }

  /// Releases the slots kept aside in `observers.retired` of the state `lock` guards, once no
  /// delivery can be reading them. Called by a deliverer when it gives the line up and by a
  /// removal that kept slots aside; whichever of them comes last finds the line free. The
  /// slots are released after the lock, since releasing a box may run an observer's teardown.
  @inlinable func releaseRetired<State, Value>(
    _ lock: Locked<State>, _ observers: (inout State) -> ObserverList<Value>.Retired
  ) {
    guard hasRetired.load(ordering: .sequentiallyConsistent) else { return }
    let released = lock.withLock { s -> ObserverList<Value>.Retired in
      guard !isLent else { return [] }
      hasRetired.store(false, ordering: .sequentiallyConsistent)
      return observers(&s)
    }
    _ = released
  }
}
