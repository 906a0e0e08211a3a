import CheckoutFeature
import TerminalUI
import ViewModelKit

/// The checkout tab's account overlay: four fields and the buttons, drawn from the account's
/// state. It keeps only what is the screen's own: the text fields being edited and the focus.
/// Every keystroke goes to the view model, which decides every status, hint and button.
@MainActor
struct AccountOverlay {
  enum Focus: Int, CaseIterable {
    case username, email, password, confirmation, primary, signOut
  }

  private(set) var focus = Focus.username
  private var fields: [Focus: TextField] = [:]

  /// A fresh overlay on `state` (the texts it holds; passwords start empty).
  init(state: AccountState) {
    fields = [
      .username: TextField(text: state.username), .email: TextField(text: state.email),
      .password: TextField(), .confirmation: TextField(),
    ]
  }

  /// The places Tab visits: the fields, the main button, and Sign out when signed in.
  private func stops(_ state: AccountState) -> [Focus] {
    state.isSignedIn ? Focus.allCases : Array(Focus.allCases.dropLast())
  }

  /// Handles `key` while the overlay is open: moves the focus or edits a field here, and
  /// answers the input the key means, if any, for the screen to send.
  mutating func handle(_ key: Key, state: AccountState) -> AccountInput? {
    let stops = stops(state)
    let index = stops.firstIndex(of: focus) ?? 0
    switch key {
    case .escape:
      return .close
    case .tab, .down:
      focus = stops[(index + 1) % stops.count]
    case .shiftTab, .up:
      focus = stops[(index + stops.count - 1) % stops.count]
    case .enter:
      switch focus {
      case .primary:
        return state.isSignedIn ? .save : .create
      case .signOut:
        return .signOut
      default:
        focus = stops[(index + 1) % stops.count]
      }
    default:
      guard var field = fields[focus] else { return nil }
      guard field.handle(key) else { return nil }
      fields[focus] = field
      switch focus {
      case .username: return .setUsername(text: field.text)
      case .email: return .setEmail(text: field.text)
      case .password: return .setPassword(text: field.text)
      case .confirmation: return .setConfirmation(text: field.text)
      case .primary, .signOut: break
      }
    }
    return nil
  }

  /// After a create, a rename or a sign-out the form's texts change under the fields.
  mutating func follow(_ state: AccountState) {
    if state.passwordLength == 0 { fields[.password] = TextField() }
    if state.confirmationLength == 0 { fields[.confirmation] = TextField() }
    if state.username != fields[.username]?.text {
      fields[.username] = TextField(text: state.username)
    }
    if state.email != fields[.email]?.text { fields[.email] = TextField(text: state.email) }
  }

  /// A centred box: each field with its status, then the buttons and the hint. Below 14 rows,
  /// only the focused field (or the username) with its status and the button line.
  func draw(_ painter: Painter, state: AccountState) {
    // Each status with whether it is good news (drawn green), from the typed statuses.
    let rows: [(label: String, focus: Focus, status: String, good: Bool, secret: Bool)] = [
      ("Username", .username, state.usernameStatus.text, state.usernameStatus == .available, false),
      ("Email", .email, state.emailStatus.text, state.emailStatus.isValid, false),
      ("Password", .password, state.passwordStatus.text, state.passwordStatus.isValid, true),
      (
        "Confirm", .confirmation, state.confirmationStatus.text, state.confirmationStatus.isValid,
        true
      ),
    ]
    let compact = painter.height < 14
    let shown = compact ? [rows.first { $0.focus == focus } ?? rows[0]] : rows
    let width = min(64, painter.width - 2)
    let height = shown.count + 4
    let left = max(0, (painter.width - width) / 2)
    let top = max(0, (painter.height - height) / 2)
    let title = state.isSignedIn ? "Account · \(state.signedInAs)" : "Account"
    Box(painter: painter).frame(
      title: title, left: left, width: width, top: top, bottom: top + height - 1, clear: true)
    let fieldWidth = max(8, min(24, width - 26))
    for (offset, row) in shown.enumerated() {
      let y = top + 1 + offset
      painter.fitted(" " + row.label, row: y, column: left + 1, width: 10)
      fields[row.focus]?.draw(
        painter, row: y, column: left + 11, width: fieldWidth, focused: focus == row.focus,
        secret: row.secret)
      let statusColumn = left + 12 + fieldWidth
      let style: TextStyle = row.good ? .success : .plain
      painter.fitted(
        row.status, row: y, column: statusColumn, width: max(0, left + width - 1 - statusColumn),
        style: style)
    }
    let buttonRow = top + height - 2
    var column = left + 2
    let signedIn = state.isSignedIn
    let primary = signedIn ? "Save" : "Create account"
    column =
      Button.draw(
        painter, primary, enabled: signedIn ? state.saveEnabled : state.createEnabled,
        row: buttonRow, column: column, focused: focus == .primary) + 2
    if signedIn {
      column =
        Button.draw(
          painter, "Sign out", enabled: true, row: buttonRow, column: column,
          focused: focus == .signOut) + 2
    }
    painter.fitted(
      signedIn ? state.saveHint : state.createHint, row: buttonRow, column: column,
      width: max(0, left + width - 1 - column), style: .dim)
  }
}
