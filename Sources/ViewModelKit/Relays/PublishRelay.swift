/// A stream of events that anyone can feed and that never completes or fails.
///
/// Subscribers receive only what is accepted after they subscribe, in acceptance order.
public final class PublishRelay<Element>: RelayStreamConvertible {
  public typealias Output = Element
  public typealias Failure = Never

  @usableFromInline let hub = RelayHub<Element>(replaying: nil)

  /// A relay with no subscribers yet.
  public init() {}

  /// Delivers `element` to every current subscriber.
  @inlinable public func accept(_ element: Element) { hub.send(element) }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { hub.subscriberCount }

  /// The accepted values as a push-core stream.
  @inlinable public var stream: RelayStream<Element> { hub.stream }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
    hub.stream.receive(subscriber: subscriber)
  }
}

// Escape hatch: OpenCombine's types are not Sendable, so the compiler cannot see that the
// relay is. Its state lives in `RelayHub`, whose every access goes through a lock, so sharing a
// relay of Sendable elements across threads is safe.
extension PublishRelay: @unchecked Sendable where Element: Sendable {}
