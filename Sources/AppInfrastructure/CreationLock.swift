import Foundation
import ViewModelKit

#if canImport(Glibc)
  import Glibc
#endif

/// Serialises the creation of a file-backed store between processes: two programs started
/// at once on a new data directory must not both create and migrate the same database (one
/// of them would meet `SQLITE_BUSY` mid-migration and give up).
///
/// The lock is `flock` on the store's directory, held only while `body` runs; the kernel
/// drops it if the process dies, and no lock file is left behind. Where the directory cannot
/// be opened, `body` runs unlocked, and the store's own error handling applies.
public enum CreationLock {
  public static func whileHolding<T>(lockFor path: String, _ body: () throws -> T) rethrows -> T {
    let directory = (path as NSString).deletingLastPathComponent
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return try body() }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
