import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Account: the form, create, save and sign out")
@MainActor
struct AccountFormBehaviourTests {
  @Test("AC-09 email as the order form's, password 8–64, confirmation re-checked with the password")
  func ac09() {
    let h = AccountHarness()
    h.model.setEmail("ana@")
    h.model.setPassword("short")
    h.scheduler.settle()
    #expect(h.state.emailStatus == .invalid("Enter a valid email address"))
    #expect(h.state.passwordStatus == .invalid("At least 8 characters"))
    h.model.setPassword(String(repeating: "p", count: 65))
    h.model.setConfirmation("hunter2hunter2")
    h.scheduler.settle()
    #expect(h.state.passwordStatus == .invalid("At most 64 characters"))
    #expect(h.state.confirmationStatus == .invalid("Passwords do not match"))
    h.model.setPassword("hunter2hunter2")
    h.scheduler.settle()
    #expect(h.state.passwordStatus == .valid && h.state.confirmationStatus == .valid)
    h.model.setEmail("ana@example.com")
    h.scheduler.settle()
    #expect(h.state.emailStatus == .valid)
  }

  @Test("AC-09 the password's bounds: 7 and 65 characters are refused, 8 and 64 taken")
  func ac09Bounds() {
    let h = AccountHarness()
    for (length, status) in [
      (7, FieldStatus.invalid("At least 8 characters")), (8, .valid), (64, .valid),
      (65, .invalid("At most 64 characters")),
    ] {
      h.model.setPassword(String(repeating: "é", count: length))  // characters, not bytes
      h.scheduler.settle()
      #expect(h.state.passwordStatus == status, "\(length) characters")
    }
  }

  @Test("AC-09 a matching confirmation stops matching when the password changes after it")
  func ac09ConfirmationFollowsThePassword() {
    let h = AccountHarness()
    h.model.setPassword("hunter2hunter2")
    h.model.setConfirmation("hunter2hunter2")
    h.scheduler.settle()
    #expect(h.state.confirmationStatus == .valid)
    h.model.setPassword("hunter3hunter3")
    h.scheduler.settle()
    #expect(h.state.confirmationStatus == .invalid("Passwords do not match"))
  }

  @Test("AC-09 the email rule and messages are the order form's, for every kind of input")
  func ac09EmailIsTheOrderForms() {
    for email in [
      "", "   ", "ana", "ana@", "@example.com", "ana@example", "ana@example.com",
      " ana@example.com ", String(repeating: "a", count: 250) + "@b.co", "ana@exa mple.com",
    ] {
      let h = AccountHarness()
      h.model.setEmail(email)
      h.scheduler.settle()
      #expect(h.state.emailStatus == OrderFormRules.email(email), "\(email.debugDescription)")
    }
    // And the messages themselves (CO-53's), so a change to both is seen too.
    #expect(OrderFormRules.email("ana@") == .invalid("Enter a valid email address"))
    #expect(
      OrderFormRules.email(String(repeating: "a", count: 250) + "@b.co")
        == .invalid("Email is too long (max 254)"))
    #expect(OrderFormRules.email(" ana@example.com ") == .valid)
  }

  @Test("AC-10 a field leaves pristine on its first edit, each on its own")
  func ac10() {
    let h = AccountHarness()
    #expect(h.state.emailStatus == .pristine && h.state.passwordStatus == .pristine)
    #expect(h.state.confirmationStatus == .pristine)
    h.model.setPassword("x")
    h.scheduler.settle()
    #expect(h.state.passwordStatus == .invalid("At least 8 characters"))
    #expect(h.state.confirmationStatus == .pristine && h.state.emailStatus == .pristine)
    h.model.setConfirmation("")  // an edit, even to nothing, leaves pristine
    h.scheduler.settle()
    #expect(h.state.confirmationStatus == .invalid("Passwords do not match"))
    #expect(h.state.emailStatus == .pristine)
    h.model.setEmail("")
    h.scheduler.settle()
    #expect(h.state.emailStatus == OrderFormRules.email("") && h.state.emailStatus != .pristine)
  }

  @Test("AC-11 the other fields' statuses change at once, with no throttle")
  func ac11() {
    let h = AccountHarness()
    h.model.setEmail("ana@example.com")
    h.scheduler.advance()
    #expect(h.state.emailStatus == .valid && h.scheduler.elapsed == 0)
  }

  @Test("AC-12 create is enabled only when all of it holds; save only when signed in and changed")
  func ac12() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(1)
    #expect(!h.state.createEnabled && h.state.createHint == "Complete your details")
    h.fillDetails()
    #expect(h.state.createEnabled && h.state.createHint == "Ready")
    #expect(!h.state.saveEnabled && h.state.saveHint == "Not signed in")
    h.model.setUsername("olegam")
    h.at(2)
    #expect(!h.state.createEnabled && h.state.createHint == "Username is taken")

    #expect(!h.state.isSignedIn)

    let signedIn = AccountHarness(stored: Account(username: "ana_42", email: "ana@example.com"))
    // Issue 27, item 4: the front ends decide on this flag, not on `signedInAs` being empty.
    #expect(signedIn.state.isSignedIn && signedIn.state.signedInAs == "ana_42")
    #expect(!signedIn.state.createEnabled && signedIn.state.createHint == "Already signed in")
    #expect(!signedIn.state.saveEnabled && signedIn.state.saveHint == "Choose a username")
    signedIn.model.setUsername("ana_43")
    signedIn.model.setPassword("hunter2hunter2")
    signedIn.scheduler.advance()
    #expect(signedIn.state.saveHint == "Checking username…")
    signedIn.at(1)
    #expect(signedIn.state.saveEnabled && signedIn.state.saveHint == "Ready")
  }

  @Test("AC-13 create while not enabled is refused with the hint and asks nothing")
  func ac13() {
    let h = AccountHarness()
    let answer = h.model.create().record(on: h.scheduler)
    h.scheduler.settle()
    #expect(answer.values == [.rejected("Choose a username")])
    #expect(h.service.creates.isEmpty)
  }

  @Test("AC-14 create: busy until the answer, then stored, announced, passwords cleared")
  func ac14() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(1)
    h.fillDetails()
    let answer = h.model.create().record(on: h.scheduler)
    h.scheduler.settle()
    #expect(h.state.isBusy && h.state.createHint == "Creating account…" && answer.values.isEmpty)
    h.at(2)
    #expect(answer.values == [.accepted])
    #expect(h.stored() == Account(username: "ana_42", email: "ana@example.com"))
    #expect(h.state.signedInAs == "ana_42" && !h.state.isBusy)
    #expect(h.messages == ["Account created: ana_42"])
    #expect(h.state.passwordStatus == .pristine && h.state.confirmationStatus == .pristine)
    #expect(h.state.passwordLength == 0 && h.state.usernameStatus == .available)
  }

  @Test("AC-15 a name taken meanwhile: status taken, announced, nothing stored, refused")
  func ac15() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(1)
    h.fillDetails()
    h.service.taken.insert("ana_42")  // someone else, meanwhile
    let answer = h.model.create().record(on: h.scheduler)
    h.at(2)
    #expect(answer.values == [.rejected("Username was taken meanwhile")])
    #expect(h.state.usernameStatus == .taken && h.stored() == nil)
    #expect(h.messages == ["Username was taken meanwhile"])
  }

  @Test("AC-16 any other failure: announced, fields kept, nothing stored, create enabled again")
  func ac16() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(1)
    h.fillDetails()
    h.service.failure = .server(status: 503)
    let answer = h.model.create().record(on: h.scheduler)
    h.at(2)
    #expect(answer.values == [.rejected("Could not create the account")])
    #expect(h.messages == ["Could not create the account"] && h.stored() == nil)
    #expect(h.state.createEnabled && h.state.username == "ana_42" && h.state.passwordLength == 14)
  }

  @Test("AC-17 signed in: the form starts filled; save renames to a free name")
  func ac17() {
    let h = AccountHarness(stored: Account(username: "ana_42", email: "ana@example.com"))
    #expect(h.state.username == "ana_42" && h.state.email == "ana@example.com")
    #expect(h.state.usernameStatus == .available && h.service.checks.isEmpty)
    #expect(h.state.signedInAs == "ana_42")
    h.model.setUsername("ana_43")
    h.model.setPassword("hunter2hunter2")
    h.at(1)
    let answer = h.model.save().record(on: h.scheduler)
    h.at(2)
    #expect(answer.values == [.accepted])
    #expect(
      h.service.renames.map(\.from) == ["ana_42"] && h.service.renames.map(\.to) == ["ana_43"])
    #expect(h.stored()?.username == "ana_43" && h.state.signedInAs == "ana_43")
    #expect(h.messages == ["Account renamed: ana_43"])
  }

  @Test("AC-18 sign out forgets the account, clears the form to its t=0 state, announces it")
  func ac18() {
    let h = AccountHarness(stored: Account(username: "ana_42", email: "ana@example.com"))
    let answer = h.model.signOut().record(on: h.scheduler)
    h.scheduler.settle()
    #expect(answer.values == [.accepted] && h.stored() == nil)
    let fresh = AccountHarness().state
    #expect(h.state == fresh)
    #expect(h.messages == ["Signed out"])
    #expect(h.model.signOut().immediateAnswer == .rejected("Not signed in"))
  }

  @Test("AC-20 the password is in no state, event or stored account")
  func ac20() {
    let h = AccountHarness()
    let password = "correct-horse-9"
    h.model.setUsername("ana_42")
    h.at(1)
    h.fillDetails(password: password)
    h.model.create()
    h.at(2)
    let everything =
      h.states.values.map { String(describing: $0) } + h.messages
      + [String(describing: h.stored())]
    #expect(!everything.contains { $0.contains(password) })
    #expect(h.service.creates.map(\.password) == [password])  // the request body has it
  }
}
