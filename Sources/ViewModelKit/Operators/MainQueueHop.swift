import Foundation

extension Publishers {
  /// Hands `upstream`'s values and end on to the main queue, where the main actor runs: what
  /// arrives on the main queue goes on at once, what arrives on any other queue or thread is
  /// scheduled on `scheduler` (the UI scheduler). Order is kept: while a hop is pending,
  /// values from the main queue wait behind it.
  ///
  /// This is the door between a service, whose answers come on its own queue (a database's
  /// observation, a URL session), and a screen model, whose closures are isolated to the
  /// main actor and checked there at run time. In tests the services answer on the test's
  /// own (main-actor) context, so nothing waits for the test scheduler that did not before.
  public struct MainQueueHop<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    /// The publisher whose values are handed on.
    public let upstream: Upstream
    /// Where values that arrive off the main queue are scheduled.
    public let scheduler: AnySchedulerOf<DispatchQueue>

    public init(upstream: Upstream, scheduler: AnySchedulerOf<DispatchQueue>) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let scheduler = scheduler
      // Hops scheduled and not yet run.
      let pending = Locked(0)
      let forward: (@escaping () -> Void) -> Void = { work in
        let inline = pending.withLock { count -> Bool in
          if count == 0, MainQueue.isCurrent { return true }
          count += 1
          return false
        }
        guard !inline else { return work() }
        scheduler.schedule {
          work()
          pending.withLock { $0 -= 1 }
        }
      }
      var link: UpstreamLink<Output, Failure>?
      let downstream = BufferedSubscription(subscriber) { link?.cancel() }
      let upstreamLink = UpstreamLink<Output, Failure>(
        onValue: { value in forward { downstream.push(value) } },
        onCompletion: { completion in forward { downstream.complete(completion) } })
      link = upstreamLink
      subscriber.receive(subscription: downstream)
      if downstream.isActive { upstream.subscribe(upstreamLink) }
    }
  }
}

extension Publisher {
  /// This publisher's values and end on the main queue: at once when they arrive there, else
  /// through `scheduler` (`Publishers.MainQueueHop`). A screen model puts it where a service's
  /// publisher, answering on a queue of its own, enters its pipelines.
  public func receiveOnMainQueue(
    via scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Publishers.MainQueueHop<Self> {
    Publishers.MainQueueHop(upstream: self, scheduler: scheduler)
  }
}

/// Whether the running code is on the main queue (the main thread outside any queue counts,
/// as does a worker thread draining the main queue after `dispatchMain()`). Answered by a
/// queue-specific value set on the main queue once; `Thread.isMainThread` would say no on
/// such a worker thread.
enum MainQueue {
  private static let key: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}
