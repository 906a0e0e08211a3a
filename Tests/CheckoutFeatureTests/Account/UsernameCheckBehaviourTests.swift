import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Account: the live username check")
@MainActor
struct UsernameCheckBehaviourTests {
  @Test("AC-01 at t=0 with no account: empty, pristine, create off, no request")
  func ac01() {
    let h = AccountHarness()
    let state = h.state
    #expect(state.usernameStatus == .empty && state.usernameStatus.text == "")
    #expect(state.emailStatus == .pristine && state.passwordStatus == .pristine)
    #expect(state.confirmationStatus == .pristine)
    #expect(!state.createEnabled && state.createHint == "Choose a username")
    #expect(state.signedInAs == "" && !state.isBusy)
    #expect(h.service.checks.isEmpty)
  }

  @Test("AC-02 the first name is checked at once; later ones 0.4 s after the last change")
  func ac02() {
    let h = AccountHarness()
    h.service.latency = 0
    h.model.setUsername("ana_40")
    h.scheduler.settle()
    #expect(h.service.checks.map(\.time) == [0])
    h.at(1.0)
    h.model.setUsername("ana_41")
    h.at(1.2)
    h.model.setUsername("ana_42")
    h.at(1.3)
    h.model.setUsername("ana_43")
    h.at(3)
    #expect(h.service.checkedNames == ["ana_40", "ana_43"])
    #expect(h.service.checks.last?.time == 1.7)
  }

  @Test("AC-03 the rules' order: empty, the signed-in name, too short, invalid, then the service")
  func ac03() {
    let h = AccountHarness(stored: Account(username: "ana_42", email: "ana@example.com"))
    #expect(h.state.usernameStatus == .available && h.service.checks.isEmpty)
    for (name, expected) in [
      ("", UsernameStatus.empty), ("ana_42", .available), ("ab", .tooShort), ("AB", .tooShort),
      ("ab-cd", .invalid),
    ] {
      h.model.setUsername(name)
      h.at(h.scheduler.elapsed + 0.5)
      #expect(h.state.usernameStatus == expected, "\(name)")
    }
    h.service.failure = .network
    h.model.setUsername("free_name")
    h.at(h.scheduler.elapsed + 1)  // 0.4 s of quiet, then 0.3 s for the answer
    #expect(h.statuses().suffix(2).map(\.0) == [.checking, .failed])
    #expect(h.service.checkedNames == ["free_name"])
  }

  @Test(
    "AC-04 the examples",
    arguments: [
      ("abc", UsernameStatus.tooShort), ("Abcd", .invalid), ("ab cd", .invalid), ("abcé", .invalid),
      (String(repeating: "a", count: 21), .invalid), ("ana_42", .available), ("olegam", .taken),
    ])
  func ac04(name: String, expected: UsernameStatus) {
    let h = AccountHarness()
    h.model.setUsername(name)
    h.at(1)
    #expect(h.state.usernameStatus == expected)
    let sawChecking = h.statuses().contains { $0.0 == .checking }
    #expect(sawChecking == (expected == .available || expected == .taken))
  }

  @Test("AC-05 latest wins: a newer name cancels the older request at once")
  func ac05() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(0.1)
    h.model.setUsername("ana_43")
    h.at(2)
    #expect(h.service.cancelled.map(\.name) == ["ana_42"])
    #expect(h.service.cancelled.map(\.time) == [0.1])
    #expect(h.service.checks.map(\.name) == ["ana_42", "ana_43"])
    #expect(h.service.checks.map(\.time) == [0, 0.5])
    let statuses = h.statuses().dropFirst()  // the initial `empty`
    #expect(statuses.map(\.0) == [.checking, .available])
    #expect(statuses.map(\.1) == [0, 0.8])
  }

  @Test("AC-06 a name too short after a pending check: cancelled, checking until tooShort")
  func ac06() {
    let h = AccountHarness()
    h.model.setUsername("ana_42")
    h.at(0.1)
    h.model.setUsername("an")
    h.at(2)
    #expect(h.service.cancelled.map(\.time) == [0.1])
    let statuses = h.statuses().dropFirst()
    #expect(statuses.map(\.0) == [.checking, .tooShort])
    #expect(statuses.map(\.1) == [0, 0.5])
  }

  @Test("AC-07 failed after an error; the same text again checks again")
  func ac07() {
    let h = AccountHarness()
    h.service.failure = .server(status: 500)
    h.model.setUsername("ana_42")
    h.at(1)
    #expect(h.state.usernameStatus == .failed)
    #expect(h.state.usernameStatus.text == "Could not check the name")
    // Issue 26, item 10: create says why it is refused, not "Choose a username".
    #expect(h.state.createHint == "Could not check the username; type it again to retry")
    #expect(!h.state.createEnabled)
    h.model.setUsername("ana_42")
    h.at(2)
    #expect(h.state.usernameStatus == .available && h.service.checkedNames == ["ana_42", "ana_42"])
  }

  @Test("AC-08 one request per checked name that passes the rules; none for the own name")
  func ac08() {
    let h = AccountHarness(stored: Account(username: "ana_42", email: "ana@example.com"))
    for name in ["ab", "ana_42", "Bad!", "ben_7", "ana_42", "cara_3"] {
      h.model.setUsername(name)
      h.at(h.scheduler.elapsed + 1)
    }
    #expect(h.service.checkedNames == ["ben_7", "cara_3"])
  }
}
