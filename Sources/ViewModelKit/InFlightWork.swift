/// Subscriptions to one-shot work (the answer to an input, a save, a fetch), each kept only
/// until its work finishes.
///
/// A view model or a screen that starts work per input and stores each subscription in a
/// `Set<AnyCancellable>` keeps one more subscription per input for its whole life. Here a
/// finished subscription is dropped at once; what is still running is cancelled when the
/// holder goes away (or on `cancelAll()`).
public final class InFlightWork: Sendable {
  private struct State {
    var running: [Int: AnyCancellable] = [:]
    /// Keys whose work finished while it was being subscribed, before it could be kept.
    var finishedEarly: Set<Int> = []
    var nextKey = 0
  }

  private let state = Locked(State())

  /// An empty holder.
  public init() {}

  /// How many subscriptions are still running.
  public var count: Int { state.withLock { $0.running.count } }

  /// Subscribes to `publisher` and keeps the subscription until it finishes either way.
  public func sink<P: Publisher>(
    _ publisher: P,
    receiveCompletion: @escaping (Subscribers.Completion<P.Failure>) -> Void = { _ in },
    receiveValue: @escaping (P.Output) -> Void = { _ in }
  ) {
    let key = state.withLock { s -> Int in
      defer { s.nextKey &+= 1 }
      return s.nextKey
    }
    let cancellable = publisher.sink(
      receiveCompletion: { [weak self] completion in
        receiveCompletion(completion)
        self?.finish(key)
      }, receiveValue: receiveValue)
    state.withLock { s in
      if s.finishedEarly.remove(key) == nil { s.running[key] = cancellable }
    }
  }

  /// Cancels every subscription still running.
  public func cancelAll() {
    let running = state.withLock { s -> [AnyCancellable] in
      defer { s.running = [:] }
      return Array(s.running.values)
    }
    running.forEach { $0.cancel() }
  }

  private func finish(_ key: Int) {
    let finished = state.withLock { s -> AnyCancellable? in
      if let kept = s.running.removeValue(forKey: key) { return kept }
      s.finishedEarly.insert(key)
      return nil
    }
    // Released outside the lock: its release may run other code.
    withExtendedLifetime(finished) {}
  }
}

extension InFlightWork {
  /// The answer to an input whose work is `execution` (an `Action`'s): `.accepted` at its
  /// first value, or at its end if it gives none, and `failure(error)` when it fails. The
  /// subscription is kept here until then; the answer is replayed to any subscriber.
  public func answer<Output>(
    _ execution: AnyPublisher<Output, ActionError>,
    failure: @escaping (ActionError) -> InputResult
  ) -> PendingResult {
    let answer = Replayed<InputResult, Never>()
    var answered = false
    let send = { (result: InputResult) in
      guard !answered else { return }
      answered = true
      answer.send(result)
      answer.send(completion: .finished)
    }
    sink(
      execution,
      receiveCompletion: { completion in
        switch completion {
        case .finished: send(.accepted)
        case .failure(let error): send(failure(error))
        }
      },
      receiveValue: { _ in send(.accepted) })
    return answer.eraseToAnyPublisher()
  }
}
