import Foundation

/// The validation state of one form field.
public enum FieldStatus: Equatable, Sendable {
  /// Not edited yet: shows nothing.
  case pristine
  case valid
  case invalid(String)

  /// "", "valid" or the message.
  public var text: String {
    switch self {
    case .pristine: ""
    case .valid: "valid"
    case .invalid(let message): message
    }
  }

  public var isValid: Bool { self == .valid }
}

extension FieldStatus: Codable {
  private enum CodingKeys: String, CodingKey { case state, message }
  private enum Name: String, Codable { case pristine, valid, invalid }

  /// `{"state": "pristine"}`, `{"state": "valid"}` or
  /// `{"state": "invalid", "message": "Enter a valid email address"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .pristine: try container.encode(Name.pristine, forKey: .state)
    case .valid: try container.encode(Name.valid, forKey: .state)
    case .invalid(let message):
      try container.encode(Name.invalid, forKey: .state)
      try container.encode(message, forKey: .message)
    }
  }

  /// Reads what `encode(to:)` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(Name.self, forKey: .state) {
    case .pristine: self = .pristine
    case .valid: self = .valid
    case .invalid: self = .invalid(try container.decode(String.self, forKey: .message))
    }
  }
}

/// The order form's validation rules. Text is trimmed first; lengths count characters
/// (grapheme clusters).
public enum OrderFormRules {
  public static func name(_ raw: String) -> FieldStatus {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.count < 3 { return .invalid("Name needs at least 3 characters") }
    if text.count > 100 { return .invalid("Name is too long (max 100)") }
    return .valid
  }

  /// The one e-mail rule, the order form's and the account's (issue 42): at most 254
  /// characters, and an address as a shop takes one (`isEmailAddress`).
  public static func email(_ raw: String) -> FieldStatus {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.count > 254 { return .invalid("Email is too long (max 254)") }
    guard isEmailAddress(text) else { return .invalid("Enter a valid email address") }
    return .valid
  }

  /// Exactly one `@`; before it 1–64 characters with no white space or control character,
  /// not starting or ending with a dot and with no two dots together; after it a domain of at
  /// least two labels joined by single dots, each 1–63 letters (any script), digits or hyphens,
  /// not starting or ending with a hyphen. `bob@ana@example.com`, `ana @example.com` and
  /// `ana@example` are refused.
  public static func isEmailAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    let (local, domain) = (parts[0], parts[1])
    guard (1...64).contains(local.count), local.first != ".", local.last != ".",
      !local.contains(".."),
      local.unicodeScalars.allSatisfy({
        !$0.properties.isWhitespace && $0.properties.generalCategory != .control
      })
    else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2
      && labels.allSatisfy { label in
        (1...63).contains(label.count) && label.first != "-" && label.last != "-"
          && label.unicodeScalars.allSatisfy {
            $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
          }
      }
  }

  public static func address(_ raw: String) -> FieldStatus {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty { return .invalid("Address is required") }
    if text.count > 500 { return .invalid("Address is too long (max 500)") }
    return .valid
  }
}
