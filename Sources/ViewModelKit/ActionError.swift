/// Why an `Action` execution produced no result.
public enum ActionError: Error, CustomStringConvertible {
  /// The action was not enabled (its condition was false, or it was already executing);
  /// no work was started.
  case notEnabled
  /// The work ran and failed with this error.
  case underlying(any Error)

  /// Whether this is `.notEnabled`.
  public var isNotEnabled: Bool {
    if case .notEnabled = self { return true }
    return false
  }

  /// The work's error, for `.underlying`.
  public var underlyingError: (any Error)? {
    if case .underlying(let error) = self { return error }
    return nil
  }

  public var description: String {
    switch self {
    case .notEnabled: "not enabled"
    case .underlying(let error): "failed: \(error)"
    }
  }
}
