import Foundation
import ViewModelKit

extension TestScheduler where SchedulerTimeType == DispatchQueue.SchedulerTimeType {
  /// The first value `publisher` sends, moving virtual time on in `step`s until it comes or
  /// `limit` seconds of virtual time have passed (nil then). Between steps it yields, so work
  /// in a task (an `AsyncFuture` that suspended) can reach the scheduler. The scheduler is left
  /// at the step the value came in.
  ///
  /// ```swift
  /// viewModel.search("London")
  /// let shown = await scheduler.next(viewModel.cityName.dropFirst(), within: 5)
  /// #expect(shown == "London")
  /// ```
  nonisolated(nonsending) public func next<P: Publisher>(
    _ publisher: P, within limit: TimeInterval, step: TimeInterval = 0.01
  ) async -> P.Output? where P.Failure == Never {
    let received = Locked<P.Output?>(nil)
    let subscription = publisher.first().sink { value in received.withLock { $0 = value } }
    defer { subscription.cancel() }
    let end = elapsed + limit
    while true {
      settle()
      if let value = received.withLock({ $0 }) { return value }
      await Task.yield()
      if let value = received.withLock({ $0 }) { return value }
      guard elapsed < end else { return nil }
      advance(seconds: min(step, end - elapsed))
    }
  }

  /// The next state of `driver` that differs from the one it holds now (its first value, the
  /// current state, is skipped), within `limit` seconds of virtual time. Ask once the screen
  /// has its current state (after `settle()`), or its first state is taken for the current.
  nonisolated(nonsending) public func nextChange<Output: Equatable>(
    of driver: Driver<Output>, within limit: TimeInterval, step: TimeInterval = 0.01
  ) async -> Output? {
    await next(driver.removeDuplicates().dropFirst(), within: limit, step: step)
  }

  /// The next event of `signal` within `limit` seconds of virtual time.
  nonisolated(nonsending) public func nextEvent<Output>(
    of signal: Signal<Output>, within limit: TimeInterval, step: TimeInterval = 0.01
  ) async -> Output? {
    await next(signal, within: limit, step: step)
  }
}
