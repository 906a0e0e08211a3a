import Foundation

/// A Twitter id: 64 bits, read only from a digit string (never through `Double`, which
/// would merge neighbouring ids).
public struct TwitterID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int64

  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// From 1–19 ASCII digits with no leading zero and a value up to `Int64.max`; nil otherwise.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard (1...19).contains(bytes.count), bytes.allSatisfy({ (48...57).contains($0) }),
      bytes.count == 1 || bytes[0] != 48, let value = Int64(text)
    else { return nil }
    rawValue = value
  }

  public var description: String { String(rawValue) }

  public static func < (lhs: TwitterID, rhs: TwitterID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The list the app shows.
public struct ListIdentifier: Equatable, Sendable {
  public let id: TwitterID
  public let owner: String
  public let slug: String

  public init(id: TwitterID, owner: String, slug: String) {
    self.id = id
    self.owner = owner
    self.slug = slug
  }

  /// `@owner/slug`.
  public var title: String { "@\(owner)/\(slug)" }
}

extension TwitterID: Codable {
  /// A digit string, as the API writes it: a 64-bit id read as a JavaScript number would lose
  /// its last digits.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Reads a digit string, checked as `init?(_:)` checks it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    guard let id = TwitterID(try container.decode(String.self)) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Not a 64-bit id of 1–19 digits")
    }
    self = id
  }
}
