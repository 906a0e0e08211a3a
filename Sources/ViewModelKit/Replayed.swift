/// A hot publisher that records everything it is given and replays all of it, end
/// included, to every subscriber, whenever it subscribes.
///
/// It is how asynchronous inputs answer: the work starts when the input is called, and the
/// answer reaches a subscriber however late it subscribes.
public final class Replayed<Output, Failure: Error>: Publisher {
  private struct State {
    var values: [Output] = []
    var completion: Subscribers.Completion<Failure>?
    var subscribers: [BufferedSubscription<Output, Failure>] = []
  }

  private let state = Locked(State())

  /// An empty recording, still open.
  public init() {}

  /// A recording that holds just `value` and has finished.
  public convenience init(just value: Output) {
    self.init()
    send(value)
    send(completion: .finished)
  }

  /// Records `value` and passes it to current subscribers; ignored after the end.
  public func send(_ value: Output) {
    let targets = state.withLock { s -> [BufferedSubscription<Output, Failure>] in
      guard s.completion == nil else { return [] }
      s.values.append(value)
      return s.subscribers
    }
    targets.forEach { $0.push(value) }
  }

  /// Records the end and passes it on; only the first end counts.
  public func send(completion: Subscribers.Completion<Failure>) {
    let targets = state.withLock { s -> [BufferedSubscription<Output, Failure>] in
      guard s.completion == nil else { return [] }
      s.completion = completion
      defer { s.subscribers = [] }
      return s.subscribers
    }
    targets.forEach { $0.complete(completion) }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    // The recording is queued into the subscription, and the subscription registered for
    // what comes next, in one step under the lock: a value or end sent meanwhile from another
    // thread (work finishing on its queue) lands after the recording, never before or
    // instead of it. Held, nothing reaches the subscriber before its subscription does.
    let subscription = BufferedSubscription(subscriber, held: true)
    state.withLock { s in
      s.values.forEach(subscription.push)
      if let completion = s.completion {
        subscription.complete(completion)
      } else {
        s.subscribers.append(subscription)
      }
    }
    subscriber.receive(subscription: subscription)
    subscription.start()
  }
}

extension Replayed where Output == InputResult, Failure == Never {
  /// An input's answer that is already known.
  public static func answered(_ result: InputResult) -> AnyPublisher<InputResult, Never> {
    Replayed(just: result).eraseToAnyPublisher()
  }
}

// Escape hatch: a recording is filled from whichever thread the work finishes on (a URLSession
// callback, a storage queue) and read on the main queue. Its state is lock-guarded (`Locked`)
// and delivery goes through `BufferedSubscription`, which is lock-guarded too.
extension Replayed: @unchecked Sendable where Output: Sendable {}
