import Foundation

/// The timeline filter (extension E3): every word of the filter must occur in the tweet's
/// text or its author's name or username, ignoring case and diacritics.
public struct TweetFilter: Equatable, Sendable {
  private let words: [String]

  public init(_ text: String) {
    words = text.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }
  }

  /// Whether the filter keeps everything.
  public var isEmpty: Bool { words.isEmpty }

  public func matches(_ row: TweetRow) -> Bool {
    guard !words.isEmpty else { return true }
    let haystack = Self.fold("\(row.text) \(row.authorName) \(row.authorUsername)")
    return words.allSatisfy { haystack.contains($0) }
  }

  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
  }
}
