/// What a session holds open until it ends (issue 51, item 2): whatever is made for a session
/// from outside it (the remembered choices' store, kept by the registry) registers here how it
/// is closed, and the session's `shutdown` ends the lifetime, which closes each, once. A web
/// server makes and ends a session per tab: nothing a tab held outlives it.
@MainActor
public final class SessionLifetime {
  private var endings: [() -> Void] = []
  /// Whether `end()` has run.
  public private(set) var hasEnded = false

  public nonisolated init() {}

  /// Runs `work` when the lifetime ends (at once, if it has).
  public func onEnd(_ work: @escaping () -> Void) {
    if hasEnded { work() } else { endings.append(work) }
  }

  /// Ends the lifetime: each registered ending runs once, the latest first.
  public func end() {
    guard !hasEnded else { return }
    hasEnded = true
    let endings = self.endings
    self.endings = []
    endings.reversed().forEach { $0() }
  }
}
