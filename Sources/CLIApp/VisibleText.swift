/// Text made safe to write to a terminal: control characters (C0, DEL and C1, tab
/// included) and the bidirectional embedding, override and isolate controls (U+202A–U+202E,
/// U+2066–U+2069, which reorder what follows on the line) are written as `\u{1B}`-style
/// escapes, so a typed or served escape sequence is shown, never obeyed by the terminal.
enum VisibleText {
  static func of(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
