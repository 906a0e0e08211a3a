/// A value that follows a stream and can be read at once: what an input that must answer
/// now (accept or refuse) reads of a derived fact, such as "rates can be had" or "more rows
/// are stored", while pipelines subscribe to the same value as a stream.
///
/// It is Combine's `assign(to: &$property)` as one value: the derivation is declared where the
/// value is, the subscription to `source` lives exactly as long as the value, and nothing else
/// writes it (there is no `accept`). Subscribers first receive the current value, then each
/// later one.
public final class DerivedValue<Element>: RelayStreamConvertible {
  public typealias Output = Element
  public typealias Failure = Never

  private let current: BehaviorRelay<Element>
  private var subscription: AnyCancellable?

  /// `initial` until `source` says otherwise, then each value `source` delivers. `source` is
  /// subscribed to now, so a value it replays at once is current when `init` returns.
  public init<Source: Publisher>(_ source: Source, initial: Element)
  where Source.Output == Element, Source.Failure == Never {
    let current = BehaviorRelay(value: initial)
    self.current = current
    subscription = source.sink { current.accept($0) }
  }

  deinit { subscription?.cancel() }

  /// The value most recently derived.
  public var value: Element { current.value }

  /// The current value and every later one as a push-core stream.
  public var stream: RelayStream<Element> { current.stream }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
    current.stream.receive(subscriber: subscriber)
  }
}

// Escape hatch, as for BehaviorRelay: the value lives in the relay's lock-guarded hub, and the
// subscription is written once, in `init`.
extension DerivedValue: @unchecked Sendable where Element: Sendable {}
