import Foundation

/// A value guarded by a lock. The closure passed to `withLock` must not call out to
/// subscribers: every operator here releases the lock before delivering.
final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is only read or written while `lock` is held.
  private let lock = NSLock()
  private var state: State

  init(_ state: State) { self.state = state }

  @discardableResult
  func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
