import CheckoutFeature

/// The checkout app in the CLI: its session's command set.
extension CheckoutSession: CLIPresentable {
  public nonisolated static var commandSet: any CLIApplication.Type { CheckoutCLI.self }
  public func makeCommandSet() -> any CLIApplication { CheckoutCLI(session: self) }
}
