import AppInfrastructure
import Foundation
import ViewModelKit

#if canImport(Glibc)
  import Glibc
#endif

/// A person's past lines for one app, kept in a file of the data directory: each line is
/// appended as it is entered (so two sessions at once both keep theirs), and the file is cut
/// back to its last `limit` lines under an exclusive lock. The file is 0600, never reached
/// through a link, and anything but a regular file there is left alone with a warning.
struct HistoryFile {
  /// The most bytes of history read at start (the newest are kept).
  static let readLimit = 1 << 20

  let path: String
  let limit: Int

  /// The lines kept, oldest first, or why the file is not used. A file written by libedit
  /// (its `_HiStOrY_V2_` form, with octal escapes) is read too.
  func load() -> Result<[String], PrivateFile.Problem> {
    guard let opened = PrivateFile.openForReading(path) else { return .success([]) }
    let descriptor: Int32
    switch opened {
    case .failure(let problem): return .failure(problem)
    case .success(let value): descriptor = value
    }
    defer { close(descriptor) }
    let data = Self.tail(of: descriptor, bytes: Self.readLimit)
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    if lines.first == "_HiStOrY_V2_" { lines = lines.dropFirst().map(Self.unescaped) }
    return .success(Array(lines.suffix(limit)))
  }

  /// Adds `line` at the end, then cuts the file back to `limit` lines when it has more.
  @discardableResult
  func append(_ line: String) -> PrivateFile.Problem? {
    let descriptor: Int32
    switch PrivateFile.openForAppending(path) {
    case .failure(let problem): return problem
    case .success(let value): descriptor = value
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 { guard errno == EINTR else { break } }
    defer { flock(descriptor, LOCK_UN) }
    PrivateFile.writeAll(Data((line + "\n").utf8), to: descriptor)
    trim(descriptor)
    return nil
  }

  /// Rewrites the file in place with its last `limit` lines when it holds more, or when
  /// libedit wrote it (in place, so a session waiting on the lock still appends to the same
  /// file). It reads at most `readLimit` bytes: a person's typing, not a hot path.
  private func trim(_ descriptor: Int32) {
    lseek(descriptor, 0, SEEK_SET)
    let data = Self.tail(of: descriptor, bytes: Self.readLimit)
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    let isLibedit = lines.first == "_HiStOrY_V2_"
    guard lines.count > limit || isLibedit else { return }
    if isLibedit { lines = lines.dropFirst().map(Self.unescaped) }
    let kept = lines.suffix(limit).joined(separator: "\n") + "\n"
    // O_APPEND writes at the end whatever the offset: truncate first, then write it all.
    guard ftruncate(descriptor, 0) == 0 else { return }
    PrivateFile.writeAll(Data(kept.utf8), to: descriptor)
  }

  private static func size(of descriptor: Int32) -> Int {
    var status = stat()
    return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
  }

  /// The last `bytes` bytes of the file, from a line's start.
  private static func tail(of descriptor: Int32, bytes: Int) -> Data {
    let size = size(of: descriptor)
    let start = max(0, size - bytes)
    lseek(descriptor, off_t(start), SEEK_SET)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while data.count < bytes {
      let count = read(descriptor, &buffer, min(buffer.count, bytes - data.count))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    if start > 0, let newline = data.firstIndex(of: 0x0A) {
      data = data[data.index(after: newline)...]
    }
    return data
  }

  /// libedit's escapes undone: `\ooo` (three octal digits) and `\\`.
  static func unescaped(_ line: String) -> String {
    var bytes: [UInt8] = []
    let source = Array(line.utf8)
    var index = 0
    while index < source.count {
      let byte = source[index]
      if byte == UInt8(ascii: "\\"), index + 3 < source.count,
        source[(index + 1)...(index + 3)].allSatisfy({ (0x30...0x37).contains($0) })
      {
        let value = source[(index + 1)...(index + 3)].reduce(0) { $0 * 8 + Int($1 - 0x30) }
        bytes.append(UInt8(truncatingIfNeeded: value))
        index += 4
      } else if byte == UInt8(ascii: "\\"), index + 1 < source.count,
        source[index + 1] == UInt8(ascii: "\\")
      {
        bytes.append(byte)
        index += 2
      } else {
        bytes.append(byte)
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
