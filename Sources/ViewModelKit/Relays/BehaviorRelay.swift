/// A current value that never completes or fails: each subscriber first receives the
/// current value, then every later one.
public final class BehaviorRelay<Element>: Publisher {
  public typealias Output = Element
  public typealias Failure = Never

  private let hub: RelayHub<Element>
  private let current: Locked<Element>

  /// A relay whose current value is `value`.
  public init(value: Element) {
    hub = RelayHub(replaying: value)
    current = Locked(value)
  }

  /// The value most recently accepted.
  public var value: Element { current.withLock { $0 } }

  /// Makes `element` the current value and delivers it to every subscriber.
  public func accept(_ element: Element) {
    current.withLock { $0 = element }
    hub.send(element)
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { hub.subscriberCount }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
    hub.attach(subscriber)
  }
}

// Escape hatch, as for PublishRelay: the current value and the hub are both lock-guarded.
extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}
