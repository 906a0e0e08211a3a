/// Splits a command line into words the way a shell does: spaces separate words, single
/// quotes keep text as it is, double quotes keep spaces (with `\"` and `\\` escapes), and a
/// backslash outside quotes keeps the next character.
public enum LineTokenizer {
  /// Why a line could not be split.
  public struct Failure: Error, Equatable {
    public let message: String
  }

  public static func words(_ line: String) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          current.append(next)
        }
        if !closed { throw Failure(message: "unterminated quote") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\", let escaped = iterator.next() {
            if escaped != "\"" && escaped != "\\" { current.append("\\") }
            current.append(escaped)
          } else {
            current.append(next)
          }
        }
        if !closed { throw Failure(message: "unterminated quote") }
      case "\\":
        inWord = true
        if let next = iterator.next() { current.append(next) }
      default:
        inWord = true
        current.append(character)
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// Everything after the command word and one space, verbatim: "address 4 O'Brien St"
  /// gives "4 O'Brien St".
  public static func rest(of line: String) -> String {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return "" }
    return String(trimmed[trimmed.index(after: space)...])
  }
}
