import Foundation

/// A city name as the cache, the markers and the fixtures compare it: trimmed, inner
/// whitespace collapsed, then case and diacritics folded, as OpenWeatherMap's own search matches
/// names (`reykjavik`, `REYKJAVÍK` and `Reykjavík` are one key: `reykjavik`).
public struct CityKey: Hashable, Sendable, Codable {
  /// The folded name: `sao paulo`.
  public let value: String

  /// Nil when the cleaned text is empty.
  public init?(_ text: String) {
    let cleaned = CityKey.clean(text)
    guard !cleaned.isEmpty else { return nil }
    value = CityKey.fold(cleaned)
  }

  /// `text` without diacritics, lower-cased, independent of the user's locale.
  static func fold(_ text: String) -> String {
    text.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
      .lowercased()
  }

  /// Trims the ends and collapses each inner run of whitespace to one space; case kept.
  public static func clean(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
  }
}
