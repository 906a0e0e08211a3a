/// One delivery that a relay hub or a share hands out, prepared under its lock and performed
/// after releasing it.
@usableFromInline
enum ObserverDelivery<Value> {
  case value(Value, ContiguousArray<ObserverBox<Value>?>)
  case finish(ContiguousArray<ObserverBox<Value>?>)
  case replay(Value, ObserverBox<Value>)
  case nothing

  @inlinable func perform() {
    switch self {
    case .value(let value, let observers):
      // Through the buffer: the snapshot keeps every box alive, so none is retained here.
      observers.withUnsafeBufferPointer { boxes in
        for index in boxes.indices { boxes[index]?.deliver(value) }
      }
    case .finish(let observers):
      for box in observers { box?.deliverFinish() }
    case .replay(let value, let box):
      box.deliver(value)
    case .nothing:
      break
    }
  }
}

extension ObserverList {
  /// Adds `box` unless it detached while waiting to join, and answers the replay of `latest`
  /// that it is owed (nothing when `latest` is nil).
  @inlinable mutating func join(
    _ box: ObserverBox<Value>, replaying latest: Value?
  ) -> ObserverDelivery<Value> {
    guard box.isAttached else { return .nothing }
    add(box)
    guard let latest else { return .nothing }
    return .replay(latest, box)
  }
}

extension ObserverDelivery {
  /// The delivery `prepare` makes of `item`, or when that delivers nothing, of the next item
  /// `next` hands out, and so on (nil once `next` runs out): an empty delivery frees its line
  /// under the same lock.
  @inlinable static func first<Item>(
    of item: Item?, _ prepare: (Item) -> ObserverDelivery, next: () -> Item?
  ) -> ObserverDelivery? {
    var item = item
    while let current = item {
      let delivery = prepare(current)
      guard case .nothing = delivery else { return delivery }
      item = next()
    }
    return nil
  }
}
