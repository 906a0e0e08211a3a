/// A subscriber that an operator attaches to one of its upstreams.
///
/// It asks for unlimited values (operators apply the downstream's demand through
/// `BufferedSubscription`), forwards what it receives to closures, and can be cancelled
/// before or after its subscription arrives.
final class UpstreamLink<Input, Failure: Error>: Subscriber, Cancellable {
  private enum Phase {
    case waiting
    case subscribed(any Subscription)
    case done
  }

  private let phase = Locked(Phase.waiting)
  private let onValue: (Input) -> Void
  private let onCompletion: (Subscribers.Completion<Failure>) -> Void

  init(
    onValue: @escaping (Input) -> Void,
    onCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.onValue = onValue
    self.onCompletion = onCompletion
  }

  func receive(subscription: any Subscription) {
    let accepted = phase.withLock { p -> Bool in
      guard case .waiting = p else { return false }
      p = .subscribed(subscription)
      return true
    }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let live = phase.withLock { p -> Bool in
      if case .done = p { return false }
      return true
    }
    if live { onValue(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let live = phase.withLock { p -> Bool in
      if case .done = p { return false }
      p = .done
      return true
    }
    if live { onCompletion(completion) }
  }

  func cancel() {
    let subscription = phase.withLock { p -> (any Subscription)? in
      defer { p = .done }
      if case .subscribed(let s) = p { return s }
      return nil
    }
    subscription?.cancel()
  }
}

/// The links an operator has attached to its upstreams, cancelled together.
final class UpstreamLinks<Input, Failure: Error> {
  private let links = Locked<[UpstreamLink<Input, Failure>]>([])

  /// Starts holding `newLinks`.
  func hold(_ newLinks: [UpstreamLink<Input, Failure>]) { links.withLock { $0 = newLinks } }

  /// Cancels every link still held, and lets go of them.
  func cancelAll() {
    let held = links.withLock { held -> [UpstreamLink<Input, Failure>] in
      defer { held = [] }
      return held
    }
    held.forEach { $0.cancel() }
  }
}

/// Counts the upstreams of a many-to-one operator that are still going, and says when the
/// operator as a whole ends: at the first failure, or when the last upstream finishes.
struct UpstreamEnds {
  private(set) var unfinished: Int
  private(set) var ended = false

  init(upstreams: Int) { unfinished = upstreams }

  /// Records one upstream's end; true if the operator ends with it (only once).
  mutating func record<Failure>(_ completion: Subscribers.Completion<Failure>) -> Bool {
    guard !ended else { return false }
    if case .finished = completion {
      unfinished -= 1
      guard unfinished == 0 else { return false }
    }
    ended = true
    return true
  }

  /// Ends the operator early (the downstream cancelled).
  mutating func cancel() { ended = true }
}
