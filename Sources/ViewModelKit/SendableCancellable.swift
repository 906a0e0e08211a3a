/// A cancellation handle that can be kept by a `Sendable` type.
///
/// Escape hatch: OpenCombine's `Cancellable` is not `Sendable`, so a service that must be
/// `Sendable` (it is used from its own queue) cannot hold one. This box holds it under a lock
/// and only ever calls `cancel()` on it, which OpenCombine makes safe from any thread.
public final class SendableCancellable: @unchecked Sendable {
  private let held = Locked<(any Cancellable)?>(nil)

  public init() {}

  /// Keeps `cancellable`, cancelling the one held before.
  public func hold(_ cancellable: any Cancellable) {
    let previous = held.withLock { value -> (any Cancellable)? in
      defer { value = cancellable }
      return value
    }
    previous?.cancel()
  }

  /// Cancels what is held.
  public func cancel() {
    held.withLock { value -> (any Cancellable)? in
      defer { value = nil }
      return value
    }?.cancel()
  }
}
