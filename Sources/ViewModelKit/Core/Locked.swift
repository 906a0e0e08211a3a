import Synchronization

/// A value guarded by a lock: the one lock type of the project.
///
/// The value and its lock (the standard library's `Mutex`, a futex on Linux) live in one
/// object, and the lock is taken and released inline, so a locked access costs one
/// uncontended compare-and-swap round trip and nothing else (no call into the C library, no
/// dynamic exclusivity check, no extra object).
///
/// The closure passed to `withLock` must not call out to code that may take the same lock:
/// every operator here releases the lock before delivering.
public struct Locked<State>: @unchecked Sendable {
  // @unchecked: the state is only read or written inside `withLock`, under the lock. A
  // Locked of a non-Sendable state can still be shared; its users hand values across threads
  // only under the lock, which is what makes that sound.
  @usableFromInline let storage: LockedStorage<State>

  /// A lock guarding `state`.
  public init(_ state: State) { storage = LockedStorage(state) }

  /// Runs `body` with the state while holding the lock, and answers what it answers.
  @inlinable @discardableResult
  public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try storage.mutex.withLock { _ in try body(&storage.state) }
  }
}

/// The single object behind `Locked`: the lock, and the state it guards beside it (a
/// `Mutex<State>` would hand the state to `withLock` as `sending`, which a non-Sendable state
/// and result cannot be).
@usableFromInline
final class LockedStorage<State> {
  @usableFromInline let mutex = Mutex<Void>(())
  /// Only read or written under `mutex`, hence no dynamic exclusivity check.
  @exclusivity(unchecked) @usableFromInline var state: State

  init(_ state: State) { self.state = state }
}
