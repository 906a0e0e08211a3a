import TweetsFeature

/// The tweets app in the CLI: its session's command set.
extension TweetsSession: CLIPresentable {
  public nonisolated static var commandSet: any CLIApplication.Type { TweetsCLI.self }
  public func makeCommandSet() -> any CLIApplication { TweetsCLI(session: self) }
}
