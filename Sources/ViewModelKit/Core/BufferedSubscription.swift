/// The subscription every ViewModelKit publisher hands to its subscriber.
///
/// It queues values until the subscriber has demand and delivers them one at a time,
/// in order: a value pushed while a delivery is under way (re-entrancy, or another thread)
/// is queued and delivered after it, never nested inside it. With `keepsLatestOnly`, values
/// that arrive while there is no demand replace each other, which is what state wants.
final class BufferedSubscription<Output, Failure: Error>: Subscription {
  /// The subscriber's two entry points. Not `AnySubscriber`: its initialiser asks each new
  /// subscriber type whether it is `CustomStringConvertible`, `CustomReflectable` and so on,
  /// and each of those first questions scans every protocol conformance in the binary (about
  /// 0.5 ms of a 20 ms `cli todo add`).
  private struct Downstream {
    let receive: (Output) -> Subscribers.Demand
    let complete: (Subscribers.Completion<Failure>) -> Void
  }

  private struct State {
    var downstream: Downstream?
    var queue: [Output] = []
    var head = 0
    var demand: Subscribers.Demand = .none
    var completion: Subscribers.Completion<Failure>?
    var delivering = false
    /// Nothing is delivered while held (until `start()`): the subscriber has not been given
    /// the subscription yet.
    var held = false
    var pending: Int { queue.count - head }
  }

  private let state: Locked<State>
  private let keepsLatestOnly: Bool
  private let onCancel: (() -> Void)?

  /// With `held`, values and the end are queued but not delivered until `start()`.
  init<S: Subscriber>(
    _ subscriber: S, keepsLatestOnly: Bool = false, held: Bool = false,
    onCancel: (() -> Void)? = nil
  ) where S.Input == Output, S.Failure == Failure {
    let downstream = Downstream(
      receive: { subscriber.receive($0) }, complete: { subscriber.receive(completion: $0) })
    state = Locked(State(downstream: downstream, held: held))
    self.keepsLatestOnly = keepsLatestOnly
    self.onCancel = onCancel
  }

  /// Whether the subscriber is still attached (not cancelled, not completed).
  var isActive: Bool { state.withLock { $0.downstream != nil && $0.completion == nil } }

  func push(_ value: Output) {
    let accepted = state.withLock { s -> Bool in
      guard s.downstream != nil, s.completion == nil else { return false }
      if keepsLatestOnly && s.demand == .none && !s.delivering {
        s.queue.removeAll(keepingCapacity: true)
        s.head = 0
      }
      s.queue.append(value)
      return true
    }
    if accepted { drain() }
  }

  /// Ends the stream. `.finished` waits for queued values; a failure drops them.
  func complete(_ completion: Subscribers.Completion<Failure>) {
    let accepted = state.withLock { s -> Bool in
      guard s.downstream != nil, s.completion == nil else { return false }
      if case .failure = completion {
        s.queue.removeAll()
        s.head = 0
      }
      s.completion = completion
      return true
    }
    if accepted { drain() }
  }

  /// Lets a held subscription deliver (after `receive(subscription:)`).
  func start() {
    state.withLock { $0.held = false }
    drain()
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > .none else { return }
    state.withLock { $0.demand += demand }
    drain()
  }

  func cancel() {
    let wasActive = state.withLock { s -> Bool in
      let active = s.downstream != nil
      s.downstream = nil
      s.queue.removeAll()
      s.head = 0
      return active
    }
    if wasActive { onCancel?() }
  }

  private enum Step {
    case value(Downstream, Output)
    case completion(Downstream, Subscribers.Completion<Failure>)
    case idle
  }

  private func drain() {
    while true {
      let step = state.withLock { s -> Step in
        guard !s.delivering, !s.held, let downstream = s.downstream else { return .idle }
        if s.pending > 0, s.demand > .none {
          let value = s.queue[s.head]
          s.head += 1
          if s.head == s.queue.count {
            s.queue.removeAll(keepingCapacity: true)
            s.head = 0
          }
          s.demand -= 1
          s.delivering = true
          return .value(downstream, value)
        }
        if s.pending == 0, let completion = s.completion {
          s.downstream = nil
          return .completion(downstream, completion)
        }
        return .idle
      }
      switch step {
      case .idle:
        return
      case .completion(let downstream, let completion):
        downstream.complete(completion)
        return
      case .value(let downstream, let value):
        let more = downstream.receive(value)
        state.withLock {
          $0.demand += more
          $0.delivering = false
        }
      }
    }
  }
}
