/// The account form's rules, one place for the view model, the live client's answers and the
/// store: what a username may be, and the password's and confirmation's messages.
public enum AccountRules {
  /// `^[a-z0-9_]{4,20}$`: lower-case ASCII letters, digits and `_`, 4 to 20 of them.
  public static func isValidUsername(_ text: String) -> Bool {
    (4...20).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      }
  }

  /// 8 to 64 characters (as the user sees them).
  public static func password(_ text: String) -> FieldStatus {
    if text.count < 8 { return .invalid("At least 8 characters") }
    if text.count > 64 { return .invalid("At most 64 characters") }
    return .valid
  }

  /// Equal to the password.
  public static func confirmation(_ text: String, password: String) -> FieldStatus {
    text == password ? .valid : .invalid("Passwords do not match")
  }

  /// An account as a server or a store gives it, if it is one this app would make: a valid
  /// username and an email of at most 254 characters.
  public static func checked(_ account: Account) -> Account? {
    guard isValidUsername(account.username), account.email.count <= 254 else { return nil }
    return account
  }
}
