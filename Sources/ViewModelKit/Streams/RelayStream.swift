/// A never-failing stream that stays inside ViewModelKit's push core.
///
/// Relays, Drivers and Signals are its sources, and `map`, `filter`, `compactMap`,
/// `removeDuplicates`, `combineLatest`, `withLatestFrom`, `merge`, `receive(on:)` and `sink`
/// on any of them answer another `RelayStream`. Between those stages a value travels as plain
/// closure calls: no demand bookkeeping, no type-erased subscriber, no lock except where
/// several sources meet. Every other Combine operator still works on it, through the
/// `Publisher` conformance, with Combine's demand rules.
///
/// Deliveries to one observer never overlap: each source delivers one value at a time, and
/// where several sources meet, the operator puts their values in one line.
public struct RelayStream<Output>: Publisher {
  public typealias Failure = Never

  @usableFromInline let attach: (StreamObserver<Output>) -> StreamDetach
  /// The relay hub this stream attaches to directly, when it is one: a Driver or Signal
  /// sharing it connects with a single box (see `SharedStream.attach`).
  @usableFromInline let hub: RelayHub<Output>?

  @inlinable init(attach: @escaping (StreamObserver<Output>) -> StreamDetach) {
    self.attach = attach
    hub = nil
  }

  @inlinable init(hub: RelayHub<Output>) {
    attach = hub.attach
    self.hub = hub
  }

  /// The values of `publisher`, which need not be a push-core source: others are subscribed
  /// to with unlimited demand.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Never {
    if let convertible = publisher as? any RelayStreamConvertible,
      let stream = convertible.erasedStream as? RelayStream<Output>
    {
      self = stream
      return
    }
    hub = nil
    attach = { observer in
      let link = UpstreamLink<Output, Never>(
        onValue: observer.receive, onCompletion: { _ in observer.finish() })
      publisher.subscribe(link)
      return link.cancel
    }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscribe(subscriber, keepsLatestOnly: false)
  }

  /// Attaches a Combine subscriber through a buffer that applies its demand; with
  /// `keepsLatestOnly`, a subscriber without demand is given only the newest value.
  func subscribe<S: Subscriber>(_ subscriber: S, keepsLatestOnly: Bool)
  where S.Input == Output, S.Failure == Never {
    let detach = DetachOnce()
    let subscription = BufferedSubscription(subscriber, keepsLatestOnly: keepsLatestOnly) {
      detach.run()
    }
    subscriber.receive(subscription: subscription)
    guard subscription.isActive else { return }
    detach.hold(
      attach(
        StreamObserver(
          receive: subscription.push, finish: { subscription.complete(.finished) })))
  }
}

/// A detach that may be asked for before it is known: it then runs as soon as it is held.
@usableFromInline
final class DetachOnce {
  @usableFromInline enum Phase {
    case waiting
    case holding(StreamDetach)
    case done
  }

  @usableFromInline let phase = Locked(Phase.waiting)

  @usableFromInline init() {}

  @inlinable func hold(_ detach: @escaping StreamDetach) {
    let runNow = phase.withLock { p -> Bool in
      guard case .waiting = p else { return true }
      p = .holding(detach)
      return false
    }
    if runNow { detach() }
  }

  @inlinable func run() {
    // Through a local, not `withLock`'s generic answer, which would wrap the closure.
    var detach: StreamDetach?
    phase.withLock { p in
      if case .holding(let held) = p { detach = held }
      p = .done
    }
    detach?()
  }
}

/// A publisher that can hand over its values as a `RelayStream`, so that the push-core
/// operators apply to it: the relays, `Driver`, `Signal` and `RelayStream` itself.
public protocol RelayStreamConvertible: Publisher where Failure == Never {
  /// This publisher's values as a push-core stream.
  var stream: RelayStream<Output> { get }
}

extension RelayStreamConvertible {
  var erasedStream: Any { stream }
}

extension RelayStream: RelayStreamConvertible {
  /// The stream itself.
  @inlinable public var stream: RelayStream<Output> { self }
}
