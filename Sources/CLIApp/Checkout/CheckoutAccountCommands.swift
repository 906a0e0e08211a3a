import ArgumentParser
import CheckoutFeature

extension CheckoutGrammar {
  /// The account screen's commands, after the shop's.
  static var accountCommands: [any ParsableCommand.Type] {
    [
      Account.self, Username.self, Password.self, Confirm.self, Create.self, Save.self,
      SignOut.self,
    ]
  }

  struct Account: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "account",
      abstract: "open the account screen (sign up, rename, sign out)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.session.account.send(.open)
      return CommandOutcome()
    }
  }

  struct Username: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "username",
      abstract: "account: the username (checked as you go)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The username.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { field($0, .setUsername(text: text.joined(separator: " "))) }
    }
  }

  struct Password: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "password",
      abstract: "account: the password (never printed)")
    static let verbatimAfter: Int? = 0
    static let carriesSecret = true
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The password.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { field($0, .setPassword(text: text.joined(separator: " "))) }
    }
  }

  struct Confirm: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "confirm", abstract: "account: the password again")
    static let verbatimAfter: Int? = 0
    static let carriesSecret = true
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The password again.") var text: [String] = []
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { field($0, .setConfirmation(text: text.joined(separator: " "))) }
    }
  }

  struct Create: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "create", abstract: "account: create the account")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { CommandOutcome(later: $0.send(.create)) }
    }
  }

  struct Save: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "save",
      abstract: "account: rename the signed-in account")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { CommandOutcome(later: $0.send(.save)) }
    }
  }

  struct SignOut: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "signout", abstract: "account: forget the account on this machine")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: CheckoutCLI) -> CommandOutcome {
      cli.onAccount { CommandOutcome(later: $0.send(.signOut)) }
    }
  }

  /// Sets one of the account's text fields.
  @MainActor private static func field(_ account: AccountViewModel, _ input: AccountInput)
    -> CommandOutcome
  {
    account.send(input)
    return CommandOutcome()
  }
}
