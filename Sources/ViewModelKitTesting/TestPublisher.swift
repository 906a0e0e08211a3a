import Foundation
import ViewModelKit

/// A publisher scripted in virtual time, RxTest-style, that logs its subscriptions.
///
/// - A **cold** one plays its script afresh for each subscriber, times counted from that
///   subscription (a request: each subscription is a new call).
/// - A **hot** one plays its script once, times counted from its creation, to whoever is
///   subscribed at the moment (a stream of user input or pushes).
///
/// `subscriptions` tells when each subscriber came and went, so a test can assert that a
/// pipeline subscribed at t = 0 and cancelled at t = 2. Values are delivered whatever the
/// subscriber's demand, as a subject does.
public final class TestPublisher<Output, Failure: Error>: Publisher {
  private let scheduler: TestSchedulerOf<DispatchQueue>
  private let script: [TimedEvent<Output, Failure>]
  private let hot: PassthroughSubject<Output, Failure>?
  /// Every subscription so far, in order.
  public private(set) var subscriptions: [SubscriptionLog] = []

  private init(
    scheduler: TestSchedulerOf<DispatchQueue>, script: [TimedEvent<Output, Failure>], hot: Bool
  ) {
    self.scheduler = scheduler
    self.script = script
    self.hot = hot ? PassthroughSubject() : nil
    if let subject = self.hot { Self.play(script, into: subject, on: scheduler, while: { true }) }
  }

  /// A cold publisher: `script` plays for each subscriber, from its subscription.
  public static func cold(
    _ script: [TimedEvent<Output, Failure>], on scheduler: TestSchedulerOf<DispatchQueue>
  ) -> TestPublisher {
    TestPublisher(scheduler: scheduler, script: script, hot: false)
  }

  /// A hot publisher: `script` plays once, from now, to whoever is subscribed.
  public static func hot(
    _ script: [TimedEvent<Output, Failure>], on scheduler: TestSchedulerOf<DispatchQueue>
  ) -> TestPublisher {
    TestPublisher(scheduler: scheduler, script: script, hot: true)
  }

  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    let index = subscriptions.count
    subscriptions.append(SubscriptionLog(scheduler.elapsed))
    let subject = hot ?? PassthroughSubject()
    let end = { [weak self] in
      guard let self, self.subscriptions[index].ended == nil else { return }
      self.subscriptions[index].ended = self.scheduler.elapsed
    }
    let logged = subject.handleEvents(
      receiveCompletion: { _ in end() }, receiveCancel: { end() })
    logged.subscribe(subscriber)
    if hot == nil {
      // This subscriber's own run of the script stops when its subscription ends.
      Self.play(script, into: subject, on: scheduler) { [weak self] in
        self?.subscriptions[index].ended == nil
      }
    }
  }

  /// Schedules each event of `script` on `scheduler`, `time` seconds from now; an event whose
  /// moment comes when `live` is false is dropped.
  private static func play(
    _ script: [TimedEvent<Output, Failure>], into subject: PassthroughSubject<Output, Failure>,
    on scheduler: TestSchedulerOf<DispatchQueue>, while live: @escaping () -> Bool
  ) {
    for event in script {
      let due = scheduler.now.advanced(by: .nanoseconds(Int((event.time * 1e9).rounded())))
      scheduler.schedule(after: due) {
        guard live() else { return }
        switch event {
        case .value(_, let value): subject.send(value)
        case .finished: subject.send(completion: .finished)
        case .failure(_, let error): subject.send(completion: .failure(error))
        }
      }
    }
  }
}
