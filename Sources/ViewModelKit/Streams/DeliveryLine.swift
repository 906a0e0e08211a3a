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
/// released (only admissions add to it, under that lock).
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
    guard admitted.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else {
      waiting.append(item)
      return nil
    }
    return item
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
      guard admitted.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue != 1 else {
        return
      }
      step = next()
    }
  }
}
