import Foundation
import ViewModelKit

/// Lines a running app writes about what it decided (a poll started, a tick skipped, the gate
/// closed), so an end-to-end test waits for the decision itself instead of a stretch of wall
/// time. Off unless a front end was started with `HEADLESS_TRACE=<file>`; when off, no line is
/// even built.
public struct Trace: Sendable {
  private let write: (@Sendable (String) -> Void)?

  /// A trace that hands each line to `write`.
  public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

  private init() { write = nil }

  /// No trace: lines are not built.
  public static let off = Trace()

  /// Whether lines are written.
  public var isOn: Bool { write != nil }

  /// Writes `line` when the trace is on.
  public func callAsFunction(_ line: @autoclosure () -> String) { write?(line()) }

  /// A trace appending each line to the file at `path` (created, mode 0600), or `off` when
  /// it cannot be opened.
  public static func appending(to path: String) -> Trace {
    (try? appendingFile(path)) ?? .off
  }

  /// A trace appending each line to the regular file at `path` (created, mode 0600); a link,
  /// a FIFO or a device there is refused, never followed, written or waited on. Each line is
  /// one `write(2)` on an `O_APPEND` descriptor, so lines from several threads do not
  /// interleave.
  public static func appendingFile(_ path: String) throws(PrivateFile.Problem) -> Trace {
    let descriptor = try PrivateFile.openForAppending(path).get()
    return Trace { line in
      let bytes = Array((line + "\n").utf8)
      _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    }
  }
}
