import Foundation

/// Why a title cannot be saved.
public enum TitleError: Error, Equatable, Sendable {
  case blank
  case tooLong(Int)

  /// What the user reads.
  public var message: String {
    switch self {
    case .blank: "Enter a title."
    case .tooLong(let count): "Title is too long (\(count)/500 characters)."
    }
  }
}

/// Title cleanup and validation, the same everywhere.
public enum TaskTitle {
  public static let maximumLength = 500

  /// Each control character becomes a space; then whitespace and newlines are trimmed.
  public static func clean(_ raw: String) -> String {
    // Printable ASCII with no space at either end is clean already (most titles): no
    // scalar-by-scalar rebuild and no Foundation trimming for each row of a long listing.
    let bytes = raw.utf8
    if let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
      bytes.allSatisfy({ (0x20...0x7E).contains($0) })
    {
      return raw
    }
    let spaced = String(
      String.UnicodeScalarView(
        raw.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    return spaced.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The cleaned title, or why it cannot be saved. Length counts characters (grapheme clusters).
  public static func validate(_ raw: String) -> Result<String, TitleError> {
    let cleaned = clean(raw)
    if cleaned.isEmpty { return .failure(.blank) }
    if cleaned.count > maximumLength { return .failure(.tooLong(cleaned.count)) }
    return .success(cleaned)
  }
}
