/// Where the username stands, with the exact text the form shows beside it.
public enum UsernameStatus: String, Equatable, Sendable {
  case empty, checking, available, taken, tooShort, invalid, failed

  /// "", "Checking…", "Available", "Taken", "At least 4 characters",
  /// "Letters, digits and _ only (4–20)", "Could not check the name".
  public var text: String {
    switch self {
    case .empty: ""
    case .checking: "Checking…"
    case .available: "Available"
    case .taken: "Taken"
    case .tooShort: "At least 4 characters"
    case .invalid: "Letters, digits and _ only (4–20)"
    case .failed: "Could not check the name"
    }
  }
}

extension UsernameStatus: Codable {
  private enum CodingKeys: String, CodingKey { case state, message }

  /// `{"state": "checking", "message": "Checking…"}` (no message when empty).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rawValue, forKey: .state)
    if !text.isEmpty { try container.encode(text, forKey: .message) }
  }

  /// Reads the state; the message follows from it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .state)
    guard let status = UsernameStatus(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .state, in: container, debugDescription: "No username status \(name.prefix(20))")
    }
    self = status
  }
}

/// Everything the account form shows, display-ready, in one value (the account spec's
/// outputs, by their names). The password is never in it: only its status.
public struct AccountState: Equatable, Sendable, Codable {
  /// Whether an account is kept on this machine: the front ends decide on this flag, never
  /// on `signedInAs` being empty.
  public var isSignedIn: Bool
  /// "", or the stored username (for display).
  public var signedInAs: String
  /// The username as typed.
  public var username: String
  /// The email as typed.
  public var email: String
  public var usernameStatus: UsernameStatus
  /// As the order form's: pristine, valid, or the message.
  public var emailStatus: FieldStatus
  /// 8 to 64 characters.
  public var passwordStatus: FieldStatus
  /// Equal to the password.
  public var confirmationStatus: FieldStatus
  /// Whether `create()` would run now.
  public var createEnabled: Bool
  /// Why not, or "Ready".
  public var createHint: String
  /// Whether `save()` would run now.
  public var saveEnabled: Bool
  /// Why not, or "Ready".
  public var saveHint: String
  /// True while a create or a rename runs.
  public var isBusy: Bool
  /// How many characters the password and its confirmation hold (for drawing them masked).
  public var passwordLength: Int
  /// As `passwordLength`, for the confirmation.
  public var confirmationLength: Int
}

extension AccountState {
  /// What a screen shows before the view model's first value: a blank form.
  public static let empty = AccountState(
    isSignedIn: false, signedInAs: "", username: "", email: "", usernameStatus: .empty,
    emailStatus: .pristine,
    passwordStatus: .pristine, confirmationStatus: .pristine, createEnabled: false,
    createHint: "", saveEnabled: false, saveHint: "", isBusy: false, passwordLength: 0,
    confirmationLength: 0)
}
