/// How many terminal cells text takes: 2 for East Asian wide characters and emoji, 0 for
/// combining marks, 1 otherwise. Measured per grapheme cluster, so "👩‍🔬" is 2 cells.
///
/// The one measure of the project: the terminal toolkit lays text out with it, and the
/// weather map fits its labels with it. It is kept out of the reactive core (issue 53).
public enum TextWidth {
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
    // Most text is Latin: no property lookup for one scalar below U+0300 (the first combining
    // mark), where only the soft hyphen takes no cell, and no emoji below U+231A.
    if single, first.value < 0x300 {
      return first.value == 0 || first.value == 0xAD ? 0 : 1
    }
    if !single, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
      return 2
    }
    if first.value >= 0x231A, first.properties.isEmojiPresentation { return 2 }
    return scalarWidth(first)
  }

  public static func of(_ text: String) -> Int {
    // ASCII text, byte by byte: a cell per byte but NUL, and a CR before LF is one character.
    var cells = 0
    var previous: UInt8 = 0
    for byte in text.utf8 {
      guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
      if byte != 0, !(byte == 0x0A && previous == 0x0D) { cells += 1 }
      previous = byte
    }
    return cells
  }

  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 { return 0 }
    if v < 0x20 || (0x7F..<0xA0).contains(v) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v)
      || (0x3041...0x33FF).contains(v)
      || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
      || (0xA000...0xA4CF).contains(v)
      || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
      || (0xFE30...0xFE4F).contains(v)
      || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
      || (0x1F300...0x1F64F).contains(v)
      || (0x1F900...0x1F9FF).contains(v) || (0x1F680...0x1F6FF).contains(v)
      || (0x20000...0x3FFFD).contains(v)
    {
      return 2
    }
    return 1
  }

  /// `text` cut to at most `width` cells, ending with `ellipsis` when it was cut.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    let room = width - of(ellipsis)
    guard room >= 0 else { return String(ellipsis.prefix(width)) }
    var out = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > room { break }
      out.append(character)
      used += w
    }
    return out + ellipsis
  }

  /// `text` padded with spaces (or cut) to exactly `width` cells.
  public static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    let cut = truncate(text, to: width, ellipsis: ellipsis)
    return cut + String(repeating: " ", count: max(0, width - of(cut)))
  }
}
