/// One delivery that a relay hub or a share hands out, prepared under its lock and performed
/// after releasing it.
@usableFromInline
enum ObserverDelivery<Value> {
  /// A value for the observers' slots, lent by their list (`ObserverList.lend`).
  case value(Value, UnsafeBufferPointer<ObserverBox<Value>?>)
  case finish(ContiguousArray<ObserverBox<Value>?>)
  case replay(Value, ObserverBox<Value>)
  case nothing

  @inlinable func perform() {
    switch self {
    case .value(let value, let boxes):
      Self.deliver(value, to: boxes)
    case .finish(let observers):
      for box in observers { box?.deliverFinish() }
    case .replay(let value, let box):
      box.deliver(value)
    case .nothing:
      break
    }
  }
}

extension ObserverDelivery {
  /// Hands `value` to each box of `boxes`, slots lent by their list (`ObserverList.lend`).
  @inlinable static func deliver(_ value: Value, to boxes: UnsafeBufferPointer<ObserverBox<Value>?>)
  {
    // The lent slots hold every box until the delivery is over, so each is read and called
    // without a retain of its own: as `Unmanaged` (an optional class reference and an
    // optional `Unmanaged` of it are laid out alike) and through a guaranteed borrow.
    guard let base = boxes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    for index in boxes.indices {
      let unretained = raw.load(
        fromByteOffset: index &* MemoryLayout<ObserverBox<Value>?>.stride,
        as: Unmanaged<ObserverBox<Value>>?.self)
      unretained?._withUnsafeGuaranteedRef { $0.deliver(value) }
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
