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

  public static func email(_ raw: String) -> FieldStatus {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.count > 254 { return .invalid("Email is too long (max 254)") }
    guard text.wholeMatch(of: /\S+@\S+\.\S+/) != nil else {
      return .invalid("Enter a valid email address")
    }
    return .valid
  }

  public static func address(_ raw: String) -> FieldStatus {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty { return .invalid("Address is required") }
    if text.count > 500 { return .invalid("Address is too long (max 500)") }
    return .valid
  }
}
