import Foundation

/// Work handed to the main queue by `.userInterface` that has not run yet.
public enum UserInterfaceWork {
  static let pending = Locked(0)

  /// How many deliveries are waiting for the main queue: zero means every output has
  /// received what was sent to it.
  public static var count: Int { pending.withLock { $0 } }
}

/// State for a front end to draw.
///
/// A Driver never fails, delivers its values on the view model's scheduler, shares one
/// upstream subscription among its subscribers and replays its latest value to each new
/// one. When the last subscriber leaves it disconnects, and the next one starts afresh.
///
/// It runs on the push core (`RelayStream`): `drive`, `map`, `distinctUntilChanged` and the
/// push-core operators stay there; a Combine subscriber gets Combine's demand rules, and a
/// subscriber without demand is given only the newest value when it asks.
public struct Driver<Output>: RelayStreamConvertible {
  public typealias Failure = Never

  @usableFromInline let shared: SharedStream<Output>

  /// Wraps a stream that already delivers on the scheduler.
  @usableFromInline init(deliveredOnScheduler source: RelayStream<Output>) {
    shared = SharedStream(source: source, hop: nil, replays: true)
  }

  /// Shares `source`, whose values are handed to `scheduler` on their way in.
  @usableFromInline init(
    _ source: RelayStream<Output>, deliveringOn scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    shared = SharedStream(source: source, hop: SchedulerHop(scheduler), replays: true)
  }

  /// The values as a push-core stream: the latest value first, then every later one.
  @inlinable public var stream: RelayStream<Output> { shared.stream }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    shared.stream.subscribe(subscriber, keepsLatestOnly: true)
  }

  /// Calls `onValue` with the current value and each later one; cancel the result to stop.
  @inlinable public func drive(_ onValue: @escaping (Output) -> Void) -> AnyCancellable {
    AnyCancellable(shared.attach(StreamObserver(receive: onValue, finish: {})))
  }

  /// Feeds every value into `relay`; cancel the result to stop.
  @inlinable public func drive(_ relay: BehaviorRelay<Output>) -> AnyCancellable {
    drive(relay.accept)
  }

  /// A Driver of the values of `transform`, with no further scheduling hop.
  @inlinable public func map<T>(_ transform: @escaping (Output) -> T) -> Driver<T> {
    Driver<T>(deliveredOnScheduler: stream.map(transform))
  }

  /// A Driver that skips a value equal to the previous one.
  @inlinable public func distinctUntilChanged() -> Driver<Output> where Output: Equatable {
    Driver(deliveredOnScheduler: stream.removeDuplicates())
  }

  /// A Driver whose only value is `value`.
  public static func just(_ value: Output, scheduler: AnySchedulerOf<DispatchQueue>) -> Driver {
    Just(value).asDriver(scheduler: scheduler)
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { shared.observerCount }
}

extension Publisher {
  /// This publisher as state: on a failure it emits `fallback` and finishes.
  public func asDriver(
    onErrorJustReturn fallback: Output, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<Output> {
    Driver(
      RelayStream(self.catch { _ in Just(fallback) }), deliveringOn: scheduler)
  }

  /// This publisher as state: on a failure it continues with the Driver `recover` returns.
  public func asDriver(
    onErrorRecover recover: @escaping (Failure) -> Driver<Output>,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<Output> {
    Driver(
      RelayStream(self.catch { recover($0).eraseToAnyPublisher() }), deliveringOn: scheduler)
  }
}

extension Publisher where Failure == Never {
  /// This never-failing publisher as state.
  public func asDriver(scheduler: AnySchedulerOf<DispatchQueue>) -> Driver<Output> {
    Driver(RelayStream(self), deliveringOn: scheduler)
  }
}
