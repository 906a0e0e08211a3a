/// The one-off happening every screen model announces: a line for the toast (a refusal, a
/// failure, "Account created: ana_42"). One shape for every screen, so a front end shows the
/// events of any screen the same way (the TUI on its toast line, the CLI as `! <message>`).
public enum ScreenEvent: Equatable, Sendable {
  /// A line for the user.
  case message(String)

  /// The line the event shows.
  public var message: String {
    switch self {
    case .message(let text): text
    }
  }
}

extension ScreenEvent: Codable {
  private enum CodingKeys: String, CodingKey { case message }

  /// `{"message": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(message, forKey: .message)
  }

  /// Reads what `encode(to:)` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .message(try container.decode(String.self, forKey: .message))
  }
}
