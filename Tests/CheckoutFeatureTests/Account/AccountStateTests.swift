import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// The account screen asserted exhaustively: every state change, every event, and no work left
/// pending (issue 27, item 7: every screen model has at least one exhaustive test).
@Suite("Account: the one state, exhaustively")
@MainActor
struct AccountStateTests {
  @Test("a name checked and found free, the details filled, the account created")
  func createAccount() throws {
    let h = AccountHarness()
    let state = StateRecorder(
      h.model.state, events: h.model.events, settled: h.model.isSettled, on: h.scheduler)
    h.model.setUsername("ana_42")
    h.scheduler.settle()
    // The text first, then the check's status (its own pipeline): two states.
    state.expect { $0.username = "ana_42" }
    state.expect {
      $0.usernameStatus = .checking
      $0.createHint = "Checking username…"
    }
    h.at(1)
    state.expect {
      $0.usernameStatus = .available
      $0.createHint = "Complete your details"
    }
    h.fillDetails()
    h.scheduler.settle()
    state.expect {
      $0.email = "ana@example.com"
      $0.emailStatus = .valid
    }
    state.expect {
      $0.passwordStatus = .valid
      $0.passwordLength = 14
    }
    state.expect {
      $0.confirmationStatus = .valid
      $0.confirmationLength = 14
      $0.createEnabled = true
      $0.createHint = "Ready"
    }
    _ = h.model.create()
    h.at(5)
    state.expect {
      $0.createEnabled = false
      $0.createHint = "Creating account…"
      $0.isBusy = true
    }
    state.expect {
      $0.isSignedIn = true
      $0.signedInAs = "ana_42"
      $0.createHint = "Already signed in"
      $0.saveHint = "Choose a username"
    }
    state.expect {  // the passwords are cleared once the account is kept
      $0.passwordStatus = .pristine
      $0.confirmationStatus = .pristine
      $0.passwordLength = 0
      $0.confirmationLength = 0
    }
    state.expect { $0.isBusy = false }
    state.expectEvent(ScreenEvent.success("Account created: ana_42"))
    state.finish()
  }
}
