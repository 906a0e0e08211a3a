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
      .field(
        name, initial: true, state, text: { $0[keyPath: field].text }, data: { $0[keyPath: field] })
    }
    /// A create field for a guest, a save field for a signed-in user; hidden otherwise.
    let guest = { (state: AccountState) in !state.isSignedIn }
    let member = { (state: AccountState) in state.isSignedIn }
    screen = CLIScreen(
      name: "account",
      outputs: [
        .text("signedInAs", initial: true, state, \.signedInAs),
        .field(
          "usernameStatus", initial: true, state, text: \.usernameStatus.text,
          data: \.usernameStatus),
        status("emailStatus", \.emailStatus), status("passwordStatus", \.passwordStatus),
        status("confirmationStatus", \.confirmationStatus),
        .flag("createEnabled", initial: true, state, shown: guest) { $0.createEnabled },
        .text("createHint", initial: true, state, shown: guest) { $0.createHint },
        .flag("saveEnabled", initial: true, state, shown: member) { $0.saveEnabled },
        .text("saveHint", initial: true, state, shown: member) { $0.saveHint },
      ])
  }
}
