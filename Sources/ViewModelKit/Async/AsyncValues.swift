/// The view model's outputs as async sequences, for code written with `async`/`await`:
///
/// ```swift
/// for await state in screen.state.values { render(state) }   // the latest first, then changes
/// for await event in screen.events.values { show(event) }
/// let answer = await screen.placeOrder().value                 // a PendingResult's answer
/// ```
///
/// Each sequence subscribes when it is made and ends when the task iterating it is cancelled
/// (or the loop is left), which cancels the subscription. Values come as the UI scheduler
/// delivers them.
extension Driver where Output: Sendable {
  /// The state now, then each change. Only the newest value not yet read is kept: a reader
  /// slower than the changes skips states, and never reads an older one after a newer.
  public var values: AsyncStream<Output> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let subscription = SendableCancellable()
      subscription.hold(drive { continuation.yield($0) })
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

extension Signal where Output: Sendable {
  /// Each event from now on, every one kept until it is read (events are not replayed, and a
  /// toast skipped is a toast lost).
  public var values: AsyncStream<Output> {
    AsyncStream(bufferingPolicy: .unbounded) { continuation in
      let subscription = SendableCancellable()
      subscription.hold(emit { continuation.yield($0) })
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

extension Publisher where Output == InputResult, Failure == Never {
  /// The answer of a `PendingResult`: its one value, as soon as it comes. A task cancelled
  /// while it waits gets `.rejected("Cancelled")`, as does an answer that ends with no value.
  nonisolated(nonsending) public var value: InputResult {
    get async {
      guard case .success(let answer) = await firstResult() else {
        return .rejected(Self.cancelled)
      }
      return answer
    }
  }

  /// What `value` answers when there is no answer to wait for.
  static var cancelled: String { "Cancelled" }
}

extension Publisher where Output: Sendable {
  /// The publisher's first value or its failure, once it comes; nil when it ends without a
  /// value or the waiting task is cancelled (which cancels the subscription).
  nonisolated(nonsending) public func firstResult() async -> Result<Output, Failure>? {
    let results = AsyncStream<Result<Output, Failure>>(bufferingPolicy: .bufferingNewest(1)) {
      continuation in
      let subscription = SendableCancellable()
      subscription.hold(
        sink(
          receiveCompletion: { completion in
            if case .failure(let error) = completion {
              continuation.yield(.failure(error))
            }
            continuation.finish()
          },
          receiveValue: { value in
            continuation.yield(.success(value))
            continuation.finish()
          }))
      continuation.onTermination = { _ in subscription.cancel() }
    }
    for await result in results { return result }
    return nil
  }
}
