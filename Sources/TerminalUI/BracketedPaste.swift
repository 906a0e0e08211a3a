/// A bracketed paste on its way in: what the terminal sends between `ESC [200~` and
/// `ESC [201~` (with mode 2004 on) is pasted text, never keys, so a pasted `q` or `/` does not
/// quit or search and a paste is one edit. Fields are one line, so line breaks and tabs become
/// spaces and other control characters are dropped.
///
/// A paste always ends: at its end marker, at a Ctrl-C (which then quits as it always does), at
/// `KeyDecoder.pasteSilence` with no byte (a terminal that crashed or a connection that dropped
/// mid-paste), or, for the text, at `capBytes`: what comes after the cap until the paste ends
/// is dropped, never read as keys.
struct BracketedPaste {
  static let startMarker = Array("\u{1B}[200~".utf8)
  static let endMarker = Array("\u{1B}[201~".utf8)
  /// The most bytes of a paste that become text: a field keeps 20,000 characters, of up to
  /// four bytes each.
  static let capBytes = 80_000

  private var bytes: [UInt8] = []
  private(set) var isOpen = false
  /// Past the cap: the rest of this paste is dropped.
  private var isDropping = false

  mutating func open() {
    isOpen = true
    isDropping = false
    bytes = []
  }

  /// Takes `data` into the paste. Returns the pasted text when the paste ended (its end
  /// marker, or a Ctrl-C) or reached the cap, and the bytes after the end marker, or from the
  /// Ctrl-C on (nil: the paste is still open, and keeps the bytes, a possible start of the end
  /// marker included).
  mutating func take(_ data: [UInt8]) -> (text: String?, rest: [UInt8]?) {
    bytes += data
    let end = Self.firstRange(of: Self.endMarker, in: bytes)
    if let interrupt = bytes.firstIndex(of: 0x03), interrupt < (end?.lowerBound ?? Int.max) {
      let text = isDropping ? nil : Self.text(bytes[..<interrupt])
      let rest = Array(bytes[interrupt...])
      close()
      return (text, rest)
    }
    if let end {
      let rest = Array(bytes[end.upperBound...])
      let text = isDropping ? nil : Self.text(bytes[..<end.lowerBound])
      close()
      return (text, rest)
    }
    guard bytes.count > Self.capBytes + Self.endMarker.count else { return (nil, nil) }
    // Keep only the tail, which may hold the start of the end marker.
    defer { bytes = Array(bytes.suffix(Self.endMarker.count - 1)) }
    guard !isDropping else { return (nil, nil) }
    isDropping = true
    var cut = Self.capBytes
    while cut > 0, (0x80...0xBF).contains(bytes[cut]) { cut -= 1 }  // a character's start
    return (Self.text(bytes[..<cut]), nil)
  }

  /// Ends the paste where it stands (no byte came for a while): its text so far, less a
  /// possible start of the end marker.
  mutating func end() -> String? {
    var kept = bytes[...]
    for length in stride(from: Self.endMarker.count - 1, through: 1, by: -1)
    where kept.count >= length && Array(kept.suffix(length)) == Array(Self.endMarker.prefix(length))
    {
      kept = kept.dropLast(length)
      break
    }
    let text = isDropping ? nil : Self.text(kept)
    close()
    return text
  }

  private mutating func close() {
    bytes = []
    isOpen = false
    isDropping = false
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
