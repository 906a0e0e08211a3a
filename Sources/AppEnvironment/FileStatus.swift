import Foundation

/// What `stat(2)` says of a path, following symbolic links: a settings file reached through a
/// link is judged by the file it names, not by the link (whose mode is always 0777).
struct FileStatus {
  /// The permission bits.
  let mode: Int
  /// The size in bytes.
  let size: Int
  /// Whether it is a regular file (not a FIFO, a device or a folder).
  let isRegularFile: Bool

  /// The status of the file `path` names, or nil when there is none (a dangling link too).
  init?(followingLinksAt path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    mode = Int(info.st_mode & 0o7777)
    size = Int(clamping: info.st_size)
    isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
  }
}
