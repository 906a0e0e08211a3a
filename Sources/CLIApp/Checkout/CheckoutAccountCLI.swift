import CheckoutFeature
import Foundation
import ViewModelKit

/// The checkout CLI's account screen: its outputs, in the spec's order (a guest sees create's,
/// a signed-in user save's). Its commands are in `CheckoutCommands`; the password is never
/// printed back.
@MainActor
struct AccountScreen {
  let screen: CLIScreen

  init(account: AccountViewModel) {
    let state = account.state
    func status(_ name: String, _ field: KeyPath<AccountState, FieldStatus>) -> CLIOutput {
      CLIOutput(name, initial: true, driver: state) { .field($0[keyPath: field]) }
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
          .data(text: $0.usernameStatus.text, json: .encoded($0.usernameStatus))
        },
        status("emailStatus", \.emailStatus), status("passwordStatus", \.passwordStatus),
        status("confirmationStatus", \.confirmationStatus),
        forGuest(true, "createEnabled") { .flag($0.createEnabled) },
        forGuest(true, "createHint") { .text($0.createHint) },
        forGuest(false, "saveEnabled") { .flag($0.saveEnabled) },
        forGuest(false, "saveHint") { .text($0.saveHint) },
      ])
  }
}
