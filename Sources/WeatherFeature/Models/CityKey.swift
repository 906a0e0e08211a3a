import Foundation

/// A city name as the cache and the fixtures compare it: trimmed, inner whitespace collapsed,
/// lower-cased; diacritics kept.
public struct CityKey: Hashable, Sendable, Codable {
  public let value: String

  /// Nil when the cleaned text is empty.
  public init?(_ text: String) {
    let cleaned = CityKey.clean(text)
    guard !cleaned.isEmpty else { return nil }
    value = cleaned.lowercased()
  }

  /// Trims the ends and collapses each inner run of whitespace to one space; case kept.
  public static func clean(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }
}
