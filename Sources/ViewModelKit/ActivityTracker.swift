/// Counts the work in flight that a screen's "settled" state depends on: requests, timers,
/// pending saves. Front ends wait on `isIdle` instead of guessing with delays.
public final class ActivityTracker {
  private let count = Locked(0)
  private let active = BehaviorRelay(value: 0)
  private let scheduler: AnySchedulerOf<DispatchQueue>

  /// True while nothing is in flight.
  public let isIdle: Driver<Bool>

  public init(scheduler: AnySchedulerOf<DispatchQueue>) {
    self.scheduler = scheduler
    isIdle = active.map { $0 == 0 }.removeDuplicates().asDriver(scheduler: scheduler)
  }

  /// Whether anything is in flight now.
  public var isBusy: Bool { count.withLock { $0 } > 0 }

  /// Marks one piece of work as started; call `end()` on the result when it stops.
  public func begin() -> Activity {
    change(by: 1)
    return Activity { [weak self] in self?.change(by: -1) }
  }

  private func change(by delta: Int) {

    active.accept(
      count.withLock { value in
        value += delta
        return value
      })
  }

  /// `publisher`, delivered on the scheduler and counted as in flight from subscription
  /// until its end has been delivered there (or it is cancelled).
  public func track<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, P.Failure> {
    counting(publisher.receive(on: scheduler))
  }

  /// `publisher` as it is, delivered where it delivers, counted as in flight from
  /// subscription until it ends or is cancelled (for a pipeline already on the scheduler).
  public func counting<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, P.Failure> {
    Deferred { [self] () -> Publishers.HandleEvents<P> in
      let activity = begin()
      return publisher.handleEvents(
        receiveCompletion: { _ in activity.end() }, receiveCancel: { activity.end() })
    }
    .eraseToAnyPublisher()
  }
}

/// One piece of tracked work. Ending it more than once counts once.
public final class Activity {
  private var onEnd: (() -> Void)?

  init(onEnd: @escaping () -> Void) { self.onEnd = onEnd }

  /// Marks the work as stopped.
  public func end() {
    let action = onEnd
    onEnd = nil
    action?()
  }

  /// Whether `end()` has not been called yet.
  public var isActive: Bool { onEnd != nil }
}
