/// A current value that never completes or fails: each subscriber first receives the
/// current value, then every later one.
public final class BehaviorRelay<Element>: RelayStreamConvertible {
  public typealias Output = Element
  public typealias Failure = Never

  @usableFromInline let hub: RelayHub<Element>

  /// A relay whose current value is `value`.
  public init(value: Element) {
    hub = RelayHub(replaying: value)
  }

  /// The value most recently accepted.
  @inlinable public var value: Element { hub.latest! }

  /// Makes `element` the current value and delivers it to every subscriber.
  @inlinable public func accept(_ element: Element) {
    hub.send(element)
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { hub.subscriberCount }

  /// The current value and every later one as a push-core stream.
  @inlinable public var stream: RelayStream<Element> { hub.stream }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
    hub.stream.receive(subscriber: subscriber)
  }
}

// Escape hatch, as for PublishRelay: the current value lives in the lock-guarded hub.
extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}
