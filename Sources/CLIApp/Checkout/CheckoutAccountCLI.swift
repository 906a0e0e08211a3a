import CheckoutFeature
import Foundation
import ViewModelKit

/// The checkout CLI's account screen: its outputs (the spec's order; a guest sees create's,
/// a signed-in user save's) and the words that drive `AccountViewModel`. The password words
/// are taken whole and never printed back.
@MainActor
struct AccountCommands {
  let screen: CLIScreen
  private let account: AccountViewModel

  init(account: AccountViewModel) {
    self.account = account
    let state = account.state
    func status(_ name: String, _ field: KeyPath<AccountState, FieldStatus>) -> CLIOutput {
      CLIOutput(name, initial: true, driver: state) { .text($0[keyPath: field].text) }
    }
    /// A create field for a guest, a save field for a signed-in user; hidden otherwise.
    func forGuest(_ guest: Bool, _ name: String, _ value: @escaping (AccountState) -> CLIValue)
      -> CLIOutput
    {
      CLIOutput(name, initial: true, driver: state) { state in
        (state.isSignedIn != guest) ? value(state) : .hidden
      }
    }
    screen = CLIScreen(
      name: "account",
      outputs: [
        .text("signedInAs", initial: true, state, \.signedInAs),
        CLIOutput("usernameStatus", initial: true, driver: state) {
          .text($0.usernameStatus.text)
        },
        status("emailStatus", \.emailStatus), status("passwordStatus", \.passwordStatus),
        status("confirmationStatus", \.confirmationStatus),
        forGuest(true, "createEnabled") { .flag($0.createEnabled) },
        forGuest(true, "createHint") { .text($0.createHint) },
        forGuest(false, "saveEnabled") { .flag($0.saveEnabled) },
        forGuest(false, "saveHint") { .text($0.saveHint) },
      ])
  }

  static let help: [(command: String, meaning: String)] = [
    ("account", "open the account screen (sign up, rename, sign out)"),
    ("username <text>", "account: the username (checked as you go)"),
    ("email <text>", "account: the email (elsewhere: the order's)"),
    ("password <text>", "account: the password (never printed)"),
    ("confirm <text>", "account: the password again"),
    ("create", "account: create the account"),
    ("save", "account: rename the signed-in account"),
    ("signout", "account: forget the account on this machine"),
  ]

  static let restOfLine: Set<String> = ["username", "password", "confirm"]

  /// A word of the account screen, or nil when it is not one.
  func perform(_ word: String, rest: String) -> CommandOutcome? {
    switch word {
    case "username": account.setUsername(rest)
    case "email": account.setEmail(rest)
    case "password": account.setPassword(rest)
    case "confirm": account.setConfirmation(rest)
    case "create": return CommandOutcome(later: account.create())
    case "save": return CommandOutcome(later: account.save())
    case "signout": return CommandOutcome(later: account.signOut())
    case "back", "catalog": account.close()
    default: return nil
    }
    return CommandOutcome()
  }
}
