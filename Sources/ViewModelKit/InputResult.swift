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

extension PublishRelay where Element == String {
  /// Refuses an input in one place: announces `message` once on this relay (a screen's
  /// messages, its toast line) and answers it as `.rejected(message)`, so the two never drift.
  public func refuse(_ message: String) -> InputResult {
    accept(message)
    return .rejected(message)
  }
}
