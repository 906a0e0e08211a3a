import Foundation

/// A value guarded by a lock: the one lock type of the project.
///
/// The value and its mutex live in one allocation, and the value is reached through a
/// pointer while the lock is held, so a locked access costs one uncontended mutex round trip
/// and nothing else (no dynamic exclusivity check, no extra object).
///
/// The closure passed to `withLock` must not call out to code that may take the same lock:
/// every operator here releases the lock before delivering.
public struct Locked<State>: @unchecked Sendable {
  // @unchecked: the state is only read or written inside `withLock`, under the mutex. A
  // Locked of a non-Sendable state can still be shared; its users hand values across threads
  // only under the lock, which is what makes that sound.
  @usableFromInline let storage: LockedStorage<State>

  /// A lock guarding `state`.
  public init(_ state: State) { storage = LockedStorage.make(state) }

  /// Runs `body` with the state while holding the lock, and answers what it answers.
  @inlinable @discardableResult
  public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try storage.withUnsafeMutablePointers { state, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&state.pointee)
    }
  }
}

/// The single allocation behind `Locked`: the state as the header, one mutex as the element.
@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, pthread_mutex_t> {
  @usableFromInline static func make(_ state: State) -> LockedStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }
    // `create` answers the dynamic type it was called on.
    return unsafeDowncast(buffer, to: LockedStorage<State>.self)
  }

  deinit {
    withUnsafeMutablePointerToElements { mutex in
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
    }
  }
}
