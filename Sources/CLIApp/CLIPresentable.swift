import AppEnvironment

/// A session the CLI can run: each app's CLI folder conforms its session to this, so the CLI
/// finds an app's command set through the registry's session, never by a `switch` on its name.
@MainActor
public protocol CLIPresentable: AnyObject {
  /// The command set's type, whose grammar parses the command line before any session
  /// exists (and `cli <app> --help`).
  nonisolated static var commandSet: any CLIApplication.Type { get }
  /// The command set over this session.
  func makeCommandSet() -> any CLIApplication
}

extension RegisteredApp {
  /// The app's command set type, when its session can be shown in the CLI.
  var commandSet: (any CLIApplication.Type)? {
    (sessionType as? any CLIPresentable.Type)?.commandSet
  }
}
