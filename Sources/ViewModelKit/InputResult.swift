/// The answer to an input that can be refused.
///
/// `.rejected` carries the exact text to show the user. A refused input did no work.
/// `.accepted` only means "not refused".
public enum InputResult: Equatable, Sendable {
  case accepted
  case rejected(String)

  /// The refusal's message, or nil when accepted.
  public var message: String? {
    if case .rejected(let message) = self { return message }
    return nil
  }

  /// Whether the input was accepted.
  public var isAccepted: Bool { self == .accepted }
}
