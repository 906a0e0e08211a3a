import Foundation

/// The one ASCII transliteration, for `--ascii` and terminals without UTF-8: what the TUI's
/// painter draws and what the features' ASCII formats print are the same text.
public enum ASCIIText {
  /// The symbols with an ASCII spelling of their own; the degree sign is dropped (`12C`).
  static let symbols: [Character: String] = [
    "…": "...", "←": "<-", "→": "->", "↑": "up", "↓": "down", "°": "", "•": "*", "·": "-",
    "×": "x", "—": "-", "–": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'", "─": "-", "━": "-",
    "│": "|", "┃": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+",
    "┴": "+", "┼": "+",
  ]

  /// `text` in ASCII: ASCII as it is, the symbols above, letters without their accents
  /// (`Reykjavík` is `Reykjavik`), `?` for anything else (`東京` is `??`). Four arrows in a row
  /// (`←↑↓→`) read `arrows`.
  public static func of(_ text: String) -> String {
    guard !text.allSatisfy(\.isASCII) else { return text }
    var out = ""
    for character in text.replacingOccurrences(of: "←↑↓→", with: "arrows") {
      if character.isASCII {
        out.append(character)
      } else if let symbol = symbols[character] {
        out += symbol
      } else {
        let folded = String(character).folding(
          options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
        out += folded.allSatisfy(\.isASCII) && !folded.isEmpty ? folded : "?"
      }
    }
    return out
  }
}
