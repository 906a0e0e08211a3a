import Foundation

/// How a front end stops when it cannot start: one `error: <message>` line on standard
/// error, and exit status 1.
public enum StartupFailure {
  /// The exit status a front end uses for a start-up error.
  public static let exitStatus: Int32 = 1

  /// The line printed for `error`.
  public static func line(for error: ConfigurationError) -> String { "error: \(error.message)" }

  /// Writes the line for `error` to `stream` and returns the exit status to use.
  public static func report(_ error: ConfigurationError, to stream: inout some TextOutputStream)
    -> Int32
  {
    print(line(for: error), to: &stream)
    return exitStatus
  }
}
