/// Events for a front end to react to once: a toast, a route, "order placed".
///
/// A Signal never fails, delivers on the view model's scheduler and shares one upstream
/// subscription, like a `Driver`, but it does not replay: a subscriber sees only what
/// happens after it subscribes. It runs on the push core, as `Driver` does.
public struct Signal<Output>: RelayStreamConvertible {
  public typealias Failure = Never

  @usableFromInline let shared: SharedStream<Output>

  @usableFromInline init(deliveredOnScheduler source: RelayStream<Output>) {
    shared = SharedStream(source: source, hop: nil, replays: false)
  }

  /// Shares `source`, whose values are handed to `scheduler` on their way in.
  @usableFromInline init(
    _ source: RelayStream<Output>, deliveringOn scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    shared = SharedStream(source: source, hop: SchedulerHop(scheduler), replays: false)
  }

  /// The later events as a push-core stream.
  @inlinable public var stream: RelayStream<Output> { shared.stream }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    shared.stream.receive(subscriber: subscriber)
  }

  /// Calls `onEvent` for every later event; cancel the result to stop.
  @inlinable public func emit(_ onEvent: @escaping (Output) -> Void) -> AnyCancellable {
    AnyCancellable(shared.attach(StreamObserver(receive: onEvent, finish: {})))
  }

  /// A Signal of the values of `transform`, with no further scheduling hop.
  @inlinable public func map<T>(_ transform: @escaping (Output) -> T) -> Signal<T> {
    Signal<T>(deliveredOnScheduler: stream.map(transform))
  }

  /// A Signal of the events that satisfy `isIncluded`.
  @inlinable public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Signal<Output> {
    Signal(deliveredOnScheduler: stream.filter(isIncluded))
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { shared.observerCount }
}

extension Publisher {
  /// This publisher as events: a failure becomes the event `fallback`, then the end.
  public func asSignal(
    onErrorJustReturn fallback: Output, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Signal<Output> {
    Signal(
      RelayStream(self.catch { _ in Just(fallback) }), deliveringOn: scheduler)
  }
}

extension Publisher where Failure == Never {
  /// This never-failing publisher as events.
  public func asSignal(scheduler: AnySchedulerOf<DispatchQueue>) -> Signal<Output> {
    Signal(RelayStream(self), deliveringOn: scheduler)
  }
}
