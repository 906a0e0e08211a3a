import CheckoutFeature

/// The checkout app in the CLI: its session's command set.
extension CheckoutSession: CLIPresentable {
  public static var commandSet: any CLIApplication.Type { CheckoutCLI.self }
  public func makeCommandSet() -> any CLIApplication { CheckoutCLI(session: self) }
}
