import TodoFeature

/// The todo app in the CLI: its session's command set.
extension TodoSession: CLIPresentable {
  public nonisolated static var commandSet: any CLIApplication.Type { TodoCLI.self }
  public func makeCommandSet() -> any CLIApplication { TodoCLI(session: self) }
}
