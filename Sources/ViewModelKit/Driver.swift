import Foundation

/// The scheduler a view model delivers its outputs on, and measures its time with.
///
/// Live code passes `.userInterface`; tests pass a `TestScheduler` and move time by hand.
public typealias UIDeliveryScheduler = AnySchedulerOf<DispatchQueue>

extension AnySchedulerOf<DispatchQueue> {
  /// The main queue, running work at once when called on the main thread.
  ///
  /// (combine-schedulers' `UIScheduler` decides "already on main" with
  /// `DispatchQueue.getSpecific`, which on Linux also answers yes on other queues, so work from
  /// a background queue would run there. The main thread is a safe test: after `dispatchMain()`
  /// Linux may run main-queue work on another thread, which only costs a hop.)
  public static var userInterface: AnySchedulerOf<DispatchQueue> {
    let main = DispatchQueue.main
    return AnySchedulerOf<DispatchQueue>(
      minimumTolerance: { main.minimumTolerance },
      now: { main.now },
      scheduleImmediately: { _, action in
        if Thread.isMainThread {
          action()
        } else {
          UserInterfaceWork.pending.withLock { $0 += 1 }
          main.schedule {
            action()
            UserInterfaceWork.pending.withLock { $0 -= 1 }
          }
        }
      },
      delayed: { date, tolerance, _, action in
        main.schedule(after: date, tolerance: tolerance, action)
      },
      interval: { date, interval, tolerance, _, action in
        main.schedule(after: date, interval: interval, tolerance: tolerance, action)
      })
  }
}

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
public struct Driver<Output>: Publisher {
  public typealias Failure = Never

  private let shared: Publishers.ShareReplay<AnyPublisher<Output, Never>>

  /// Wraps a publisher that already delivers on the scheduler.
  init<P: Publisher>(deliveredOnScheduler upstream: P)
  where P.Output == Output, P.Failure == Never {
    shared = Publishers.ShareReplay(
      upstream: upstream.eraseToAnyPublisher(), replay: 1, keepsLatestOnly: true)
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    shared.subscribe(subscriber)
  }

  /// Calls `onValue` with the current value and each later one; cancel the result to stop.
  public func drive(_ onValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveValue: onValue)
  }

  /// Feeds every value into `relay`; cancel the result to stop.
  public func drive(_ relay: BehaviorRelay<Output>) -> AnyCancellable {
    sink(receiveValue: relay.accept)
  }

  /// A Driver of the values of `transform`, with no further scheduling hop.
  public func map<T>(_ transform: @escaping (Output) -> T) -> Driver<T> {
    Driver<T>(deliveredOnScheduler: shared.map(transform))
  }

  /// A Driver that skips a value equal to the previous one.
  public func distinctUntilChanged() -> Driver<Output> where Output: Equatable {
    Driver(deliveredOnScheduler: shared.removeDuplicates())
  }

  /// A Driver whose only value is `value`.
  public static func just(_ value: Output, scheduler: AnySchedulerOf<DispatchQueue>) -> Driver {
    Just(value).asDriver(scheduler: scheduler)
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { shared.subscriberCount }
}

extension Publisher {
  /// This publisher as state: on a failure it emits `fallback` and finishes.
  public func asDriver(
    onErrorJustReturn fallback: Output, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<Output> {
    Driver(
      deliveredOnScheduler: self.catch { _ in Just(fallback) }.receive(on: scheduler))
  }

  /// This publisher as state: on a failure it continues with the Driver `recover` returns.
  public func asDriver(
    onErrorRecover recover: @escaping (Failure) -> Driver<Output>,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<Output> {
    Driver(
      deliveredOnScheduler: self.catch { recover($0).eraseToAnyPublisher() }
        .receive(on: scheduler))
  }
}

extension Publisher where Failure == Never {
  /// This never-failing publisher as state.
  public func asDriver(scheduler: AnySchedulerOf<DispatchQueue>) -> Driver<Output> {
    Driver(deliveredOnScheduler: receive(on: scheduler))
  }
}
