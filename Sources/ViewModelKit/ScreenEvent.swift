/// A one-off happening a screen announces: a line for the user, and what kind of news it is,
/// so that every head shows it with the same meaning (a failure in the error colour, a warning
/// in the warning colour, a success in the success colour; issue 42, item 6).
public struct ScreenEvent: Equatable, Sendable {
  /// What kind of news a line is.
  public enum Severity: String, Codable, Equatable, Sendable {
    /// Plain news: neither good nor bad.
    case info
    /// Something the user asked for was done (`Restored "x".`).
    case success
    /// Worth noticing, but the app goes on: a retry, offline data.
    case warning
    /// Something failed (`Could not add a task.`).
    case failure
  }

  /// The line the event shows.
  public let message: String
  /// What kind of news it is.
  public let severity: Severity

  public init(_ message: String, severity: Severity) {
    self.message = message
    self.severity = severity
  }

  /// Plain news.
  public static func message(_ text: String) -> ScreenEvent { ScreenEvent(text, severity: .info) }
  /// Something done.
  public static func success(_ text: String) -> ScreenEvent {
    ScreenEvent(text, severity: .success)
  }
  /// Worth noticing; the app goes on.
  public static func warning(_ text: String) -> ScreenEvent {
    ScreenEvent(text, severity: .warning)
  }
  /// Something failed.
  public static func failure(_ text: String) -> ScreenEvent {
    ScreenEvent(text, severity: .failure)
  }
}

extension ScreenEvent: Codable {
  private enum CodingKeys: String, CodingKey { case message, severity }

  /// `{"message": "…", "severity": "failure"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
    try container.encode(severity, forKey: .severity)
  }

  /// Reads what `encode(to:)` writes; without a severity, plain news.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .message),
      severity: try container.decodeIfPresent(Severity.self, forKey: .severity) ?? .info)
  }
}
