/// A bracketed paste on its way in: what the terminal sends between `ESC [200~` and
/// `ESC [201~` (with mode 2004 on) is pasted text, never keys, so a pasted `q` or `/` does not
/// quit or search and a paste is one edit. Fields are one line, so line breaks and tabs become
/// spaces and other control characters are dropped.
struct BracketedPaste {
  static let startMarker = Array("\u{1B}[200~".utf8)
  static let endMarker = Array("\u{1B}[201~".utf8)
  /// A paste longer than this is handed on in pieces of this size (a field keeps 20,000
  /// characters at most anyway).
  static let pieceLimit = 1 << 20

  private var bytes: [UInt8] = []
  private(set) var isOpen = false

  mutating func open() {
    isOpen = true
    bytes = []
  }

  /// Takes `data` into the paste. Returns the pasted text when the end marker came (or a piece
  /// of a very long paste), and the bytes after the end marker (nil: the paste is still open,
  /// and keeps the bytes, a possible start of the end marker included).
  mutating func take(_ data: [UInt8]) -> (text: String?, rest: [UInt8]?) {
    bytes += data
    if let end = Self.firstRange(of: Self.endMarker, in: bytes) {
      let rest = Array(bytes[end.upperBound...])
      let text = Self.text(bytes[..<end.lowerBound])
      bytes = []
      isOpen = false
      return (text, rest)
    }
    guard bytes.count > Self.pieceLimit + Self.endMarker.count else { return (nil, nil) }
    // Hand on all but the tail, which may hold the start of the end marker.
    let cut = bytes.count - Self.endMarker.count
    let piece = Self.text(bytes[..<cut])
    bytes = Array(bytes[cut...])
    return (piece, nil)
  }

  /// Where the start marker is in `data`; a range past the end when `data` ends with a part
  /// of it (`ESC [2`, `ESC [20`…: wait for the rest), nil when there is none.
  static func start(in data: [UInt8]) -> Range<Int>? {
    if let range = firstRange(of: startMarker, in: data) { return range }
    for length in stride(from: startMarker.count - 1, through: 3, by: -1)
    where data.count >= length && Array(data.suffix(length)) == Array(startMarker.prefix(length)) {
      let start = data.count - length
      return start..<(start + startMarker.count)
    }
    return nil
  }

  private static func firstRange(of marker: [UInt8], in data: [UInt8]) -> Range<Int>? {
    guard data.count >= marker.count else { return nil }
    var index = 0
    while index <= data.count - marker.count {
      if data[index] == marker[0], Array(data[index..<(index + marker.count)]) == marker {
        return index..<(index + marker.count)
      }
      index += 1
    }
    return nil
  }

  /// The pasted bytes as field text: CR LF, CR, LF and tab as a space each, other control
  /// characters dropped; invalid UTF-8 repaired.
  private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
    let decoded = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
      of: "\r\n", with: "\n")
    let cleaned = String(
      String.UnicodeScalarView(
        decoded.unicodeScalars.compactMap { scalar in
          switch scalar.value {
          case 0x09, 0x0A, 0x0D: " "
          case 0..<0x20, 0x7F: nil
          default: scalar
          }
        }))
    return cleaned.isEmpty ? nil : cleaned
  }
}
