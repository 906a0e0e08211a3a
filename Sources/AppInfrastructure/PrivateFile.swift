import Foundation
import ViewModelKit

#if canImport(Glibc)
  import Glibc
#endif

/// The one way the apps create files: owner-only (0600 files, 0700 folders), whatever the
/// umask and whether the folder existed, and never by following a link or opening something
/// that is not a regular file (a FIFO would block, a device would be written).
public enum PrivateFile {
  /// Why a path cannot be used for a file of ours.
  public enum Problem: Error, Equatable, Sendable {
    /// A link, a FIFO, a device, a folder or a socket: left alone.
    case notARegularFile(path: String)
    /// The system refused (`reason` is its words, lower-cased).
    case refused(path: String, reason: String)

    /// The user-facing words.
    public var message: String {
      switch self {
      case .notARegularFile(let path): "\(path) is not a regular file; it was left alone"
      case .refused(let path, let reason): "\(path) cannot be opened: \(reason)"
      }
    }
  }

  /// Makes every file and folder this process creates owner-only from now on (umask 077).
  /// The executables call it first; the functions below do not rely on it.
  public static func restrictProcess() { umask(0o077) }

  /// A descriptor (read and append) on the regular file at `path`, created 0600 when missing. A link
  /// is not followed and nothing else is opened or waited on. The caller closes it.
  public static func openForAppending(_ path: String) -> Result<Int32, Problem> {
    open(path, flags: O_RDWR | O_APPEND | O_CREAT)
  }

  /// A descriptor reading the regular file at `path`; `nil` when there is none.
  public static func openForReading(_ path: String) -> Result<Int32, Problem>? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return open(path, flags: O_RDONLY)
  }

  /// Before a store opens the database at `path`: a missing file is created empty and 0600,
  /// so the logs SQLite makes beside it (`-wal`, `-shm`, `-journal`), which take its mode,
  /// are 0600 too; an existing file of ours and its logs lose any group or other bits.
  /// What cannot be done is left to the store's own open to report.
  public static func prepareStore(_ path: String) {
    if case .success(let descriptor) = open(path, flags: O_RDONLY | O_CREAT) {
      close(descriptor)
    }
    for suffix in ["-wal", "-shm", "-journal"] { tighten(path + suffix) }
  }

  /// Writes `data` to `url` whole or not at all: a 0600 file beside it, renamed over it.
  public static func write(_ data: Data, to url: URL) throws(Problem) {
    let path = url.path
    let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = Glibc.open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .refused(path: path, reason: reason()) }
    let written = writeAll(data, to: descriptor)
    let failure = written ? nil : reason()
    close(descriptor)
    guard written, rename(temporary, path) == 0 else {
      let why = failure ?? reason()
      unlink(temporary)
      throw .refused(path: path, reason: why)
    }
  }

  /// Writes every byte of `data` to `descriptor` (a short write goes on, an interrupted one
  /// is tried again); false at the first failure.
  @discardableResult
  public static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { bytes -> Bool in
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }

  /// Makes the folder at `url` and its missing parents, each 0700.
  public static func makeFolder(_ url: URL) throws {
    var missing: [String] = []
    var folder = url.standardizedFileURL.path
    var status = stat()
    while !folder.isEmpty, folder != "/", stat(folder, &status) != 0 {
      missing.insert(folder, at: 0)
      folder = (folder as NSString).deletingLastPathComponent
    }
    for path in missing where mkdir(path, 0o700) == 0 {
      chmod(path, 0o700)  // whatever the umask took away or added
    }
    guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw Problem.refused(path: url.path, reason: reason())
    }
  }

  private static func open(_ path: String, flags: Int32) -> Result<Int32, Problem> {
    let descriptor = Glibc.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return .failure(
        errno == ELOOP || errno == ENXIO
          ? .notARegularFile(path: path) : .refused(path: path, reason: reason()))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return .failure(.notARegularFile(path: path))
    }
    // Back to blocking for the reads and writes; a regular file never waits long.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    if status.st_uid == geteuid(), status.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
    return .success(descriptor)
  }

  private static func tighten(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      status.st_uid == geteuid(), status.st_mode & 0o077 != 0
    else { return }
    chmod(path, 0o600)
  }

  private static func reason() -> String { String(cString: strerror(errno)).lowercased() }
}
