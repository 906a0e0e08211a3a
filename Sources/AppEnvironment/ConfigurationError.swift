/// A start-up problem with flags, environment variables or the data directory.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
  /// A flag or variable has a value that cannot be used; the text says which and why.
  case invalidValue(String)
  /// `HEADLESS_NOW` is set but is not an ISO 8601 instant.
  case invalidNow(String)
  /// The data directory cannot be created or written.
  case unusableDataDirectory(path: String, reason: String)
  /// An app cannot start (its store cannot be opened); the text is the app's own message.
  case appCannotStart(String)

  /// The one line a front end prints, after `error: `, before exiting with status 1.
  public var message: String {
    switch self {
    case .invalidValue(let text): text
    case .invalidNow(let value):
      "HEADLESS_NOW is not an ISO 8601 instant: \(value)"
    case .unusableDataDirectory(let path, let reason):
      "data directory \(path) is not usable: \(reason)"
    case .appCannotStart(let message): message
    }
  }

  public var description: String { message }
}
