/// Events for a front end to react to once: a toast, a route, "order placed".
///
/// A Signal never fails, delivers on the view model's scheduler and shares one upstream
/// subscription, like a `Driver`, but it does not replay: a subscriber sees only what
/// happens after it subscribes.
public struct Signal<Output>: Publisher {
  public typealias Failure = Never

  private let shared: Publishers.ShareReplay<AnyPublisher<Output, Never>>

  init<P: Publisher>(deliveredOnScheduler upstream: P)
  where P.Output == Output, P.Failure == Never {
    shared = Publishers.ShareReplay(upstream: upstream.eraseToAnyPublisher(), replay: 0)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    shared.subscribe(subscriber)
  }

  /// Calls `onEvent` for every later event; cancel the result to stop.
  public func emit(_ onEvent: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveValue: onEvent)
  }

  /// A Signal of the values of `transform`, with no further scheduling hop.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Signal<T> {
    Signal<T>(deliveredOnScheduler: shared.map(transform))
  }

  /// A Signal of the events that satisfy `isIncluded`.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Signal<Output> {
    Signal(deliveredOnScheduler: shared.filter(isIncluded))
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { shared.subscriberCount }
}

extension Publisher {
  /// This publisher as events: a failure becomes the event `fallback`, then the end.
  public func asSignal(
    onErrorJustReturn fallback: Output, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Signal<Output> {
    Signal(deliveredOnScheduler: self.catch { _ in Just(fallback) }.receive(on: scheduler))
  }
}

extension Publisher where Failure == Never {
  /// This never-failing publisher as events.
  public func asSignal(scheduler: AnySchedulerOf<DispatchQueue>) -> Signal<Output> {
    Signal(deliveredOnScheduler: receive(on: scheduler))
  }
}
