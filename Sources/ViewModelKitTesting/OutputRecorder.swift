import Foundation
import ViewModelKit

/// Records what a publisher emits, each value with the virtual time it arrived at.
///
/// Attach it to any output (`driver.record(on: scheduler)`), move the scheduler, then
/// assert on `values`, `events`, `isFinished` or `failure`.
public final class OutputRecorder<Value, Failure: Error>: Subscriber, Cancellable {
  public typealias Input = Value

  /// One recorded value and the virtual time, in seconds, at which it arrived.
  public struct Event {
    public let time: TimeInterval
    public let value: Value
  }

  /// Everything recorded so far, in arrival order.
  public private(set) var events: [Event] = []
  /// How the publisher ended, if it has.
  public private(set) var completion: Subscribers.Completion<Failure>?
  /// When it ended, in seconds of virtual time.
  public private(set) var completionTime: TimeInterval?

  private let clock: () -> TimeInterval
  private let initialDemand: Subscribers.Demand
  private var subscription: (any Subscription)?

  /// A recorder stamping values with `clock`, asking for `initialDemand` values at first.
  public init(clock: @escaping () -> TimeInterval, initialDemand: Subscribers.Demand = .unlimited) {
    self.clock = clock
    self.initialDemand = initialDemand
  }

  /// The recorded values, in order.
  public var values: [Value] { events.map(\.value) }
  /// The most recent value.
  public var last: Value? { events.last?.value }
  /// The arrival times of the recorded values, in seconds of virtual time.
  public var times: [TimeInterval] { events.map(\.time) }
  /// Whether the publisher finished normally.
  public var isFinished: Bool {
    if case .finished = completion { return true }
    return false
  }
  /// The failure the publisher ended with, if any.
  public var failure: Failure? {
    if case .failure(let error) = completion { return error }
    return nil
  }

  /// Everything recorded, its end included, as timed events: one comparison states a whole
  /// stream (`#expect(out.timedEvents == [.value(0, 1), .finished(3)])`).
  public var timedEvents: [TimedEvent<Value, Failure>] {
    var result = events.map { TimedEvent<Value, Failure>.value($0.time, $0.value) }
    switch (completion, completionTime) {
    case (.finished?, let time?): result.append(.finished(time))
    case (.failure(let error)?, let time?): result.append(.failure(time, error))
    default: break
    }
    return result
  }

  /// Forgets what was recorded so far (the subscription stays).
  public func clear() { events.removeAll() }

  /// Asks for `demand` more values.
  public func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

  public func receive(subscription: any Subscription) {
    self.subscription = subscription
    if initialDemand > .none { subscription.request(initialDemand) }
  }

  public func receive(_ input: Value) -> Subscribers.Demand {
    events.append(Event(time: clock(), value: input))
    return .none
  }

  public func receive(completion: Subscribers.Completion<Failure>) {
    self.completion = completion
    completionTime = clock()
    subscription = nil
  }

  public func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}

extension Publisher {
  /// Subscribes a recorder that stamps values with `scheduler`'s virtual time.
  public func record(
    on scheduler: TestSchedulerOf<DispatchQueue>, demand: Subscribers.Demand = .unlimited
  ) -> OutputRecorder<Output, Failure> {
    let recorder = OutputRecorder<Output, Failure>(
      clock: { scheduler.elapsed }, initialDemand: demand)
    subscribe(recorder)
    return recorder
  }
}
