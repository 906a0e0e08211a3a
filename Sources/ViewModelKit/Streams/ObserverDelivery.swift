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
  /// `first`, or when it delivers nothing, the first of the following deliveries that does
  /// (nil once `next` runs out), so an empty delivery frees its line under the same lock.
  @inlinable static func firstNonEmpty(
    _ first: ObserverDelivery?, next: () -> ObserverDelivery?
  ) -> ObserverDelivery? {
    var delivery = first
    while case .nothing? = delivery { delivery = next() }
    return delivery
  }
}
