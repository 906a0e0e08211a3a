import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Serialises the creation of a file-backed store between processes: two programs started
/// at once on a new data directory must not both create and migrate the same database (one
/// of them would meet `SQLITE_BUSY` mid-migration and give up).
///
/// The lock is `flock` on `<path>.lock`, held only while `body` runs; the kernel drops it if
/// the process dies. Where the lock file cannot be made (a read-only directory), `body` runs
/// unlocked, and the store's own error handling applies.
public enum CreationLock {
  public static func whileHolding<T>(lockFor path: String, _ body: () throws -> T) rethrows -> T {
    let descriptor = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return try body() }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
