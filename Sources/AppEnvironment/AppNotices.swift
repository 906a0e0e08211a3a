import ViewModelKit

/// Failures that belong to no screen but must not pass unseen: a remembered choice that could
/// not be written. The front end shows each one (the TUI on its toast line, the CLI as
/// `error: …` with exit status 1).
public final class AppNotices: Sendable {
  /// Each failure's message, as it happens.
  public let failures = PublishRelay<String>()

  public init() {}
}
