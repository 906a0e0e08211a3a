/// A key press, decoded from terminal input.
public enum Key: Equatable, Sendable {
  case character(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, shiftTab, backspace, delete
  case controlC
  /// Ctrl-U: in a field, delete to the start.
  case controlU
  /// Ctrl-K: in a field, delete to the end.
  case controlK
  /// Ctrl-W: in a field, delete the word before the cursor.
  case controlW
  /// Ctrl-A: in a field, to the start (as Home).
  case controlA
  /// Ctrl-E: in a field, to the end (as End).
  case controlE
  /// Alt-B (or Alt-←, Ctrl-←): in a field, back one word.
  case wordLeft
  /// Alt-F (or Alt-→, Ctrl-→): in a field, forward one word.
  case wordRight
  /// The terminal changed size.
  case resize
  /// The terminal window got the focus (`CSI I`, with focus reporting on).
  case focusIn
  /// The terminal window lost the focus (`CSI O`).
  case focusOut
  /// Ctrl-Z: suspend to the shell.
  case suspend
  /// Several characters that arrived in one read while a text field had focus (a paste, or
  /// fast typing), delivered at once so that a long paste costs one edit, not one per
  /// character. The run loop makes these only for a host that `acceptsText`.
  case text(String)
  /// A click or a wheel step (with mouse reporting on).
  case mouse(MouseEvent)
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys and the escape
/// sequences of xterm-like terminals. A sequence split between reads is read whole: an ESC at
/// the end of a read waits for the next one, or for `flush()` (a lone Esc). A bracketed
/// paste (`ESC [200~` … `ESC [201~`, with mode 2004 on) is one `.text` key however many reads
/// it spans (`BracketedPaste`).
public struct KeyDecoder {
  private var pending: [UInt8] = []
  private var paste = BracketedPaste()

  public init() {}

  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var data = pending + bytes
    pending = []
    while !data.isEmpty {
      if paste.isOpen {
        let (text, rest) = paste.take(data)
        if let text { keys.append(.text(text)) }
        guard let rest else { return keys }  // the end has not come: the paste keeps the bytes
        data = rest
        continue
      }
      guard let start = BracketedPaste.start(in: data) else {
        keys += decodeKeys(data)
        return keys
      }
      keys += decodeKeys(Array(data[..<start.lowerBound]))
      if start.upperBound > data.count {  // the start marker is split between reads
        pending = Array(data[start.lowerBound...])
        return keys
      }
      paste.open()
      data = Array(data[start.upperBound...])
    }
    return keys
  }

  /// Whether bytes wait for the rest of a sequence (an ESC that may begin one, an unfinished
  /// character) or a paste waits for its end: the run loop calls `flush()` when no more come
  /// within `waitLimit`.
  public var isWaiting: Bool { waitLimit != nil }

  /// How long the run loop waits for more bytes before `flush()`: `escapeWait` for the rest
  /// of a sequence, `pasteSilence` for the rest of a paste, nil when nothing waits.
  public var waitLimit: Double? {
    if paste.isOpen { return Self.pasteSilence }
    return pending.isEmpty ? nil : Self.escapeWait
  }

  /// How long the run loop waits for the rest of a sequence before reading what came as it
  /// is (an ESC alone is the Esc key), as terminal programs do (vim's `ttimeoutlen`).
  public static let escapeWait = 0.05

  /// How long a paste may pause before it is taken as ended without its end marker: a
  /// terminal sends a paste in one burst, so half a second of silence means the marker is
  /// not coming (a crashed terminal, a dropped connection), and the keys after it are keys.
  public static let pasteSilence = 0.5

  /// The waiting bytes read as they are: a lone ESC is Esc, an unfinished sequence is Esc and
  /// its characters; an open paste ends with what it has.
  public mutating func flush() -> [Key] {
    if paste.isOpen { return paste.end().map { [.text($0)] } ?? [] }
    let data = pending
    pending = []
    return decodeKeys(data, final: true)
  }

  /// The keys in `bytes` (no paste among them). Unless `final`, an ESC that may begin a
  /// sequence, or an unfinished character or mouse report, at the end waits in `pending` for
  /// the next read, so a sequence split between reads is read whole.
  private mutating func decodeKeys(_ bytes: [UInt8], final: Bool = false) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    let data = pending
    while index < data.count {
      let byte = data[index]
      if byte < 0x20 || byte == 0x7F, let key = Self.controlKeys[byte] {
        keys.append(key)
        index += 1
        continue
      }
      switch byte {
      case 0x1B:
        switch SGRMouseReport.read(data, at: index) {
        case .incomplete where !final:
          pending = Array(data[index...])
          return keys
        case .incomplete: break
        case .report(let event, let length):
          if let event { keys.append(.mouse(event)) }
          index += length
          continue
        case .none: break
        }
        if let (key, length) = Self.escapeSequence(data, at: index) {
          keys.append(key)
          index += length
        } else if !final, Self.mayBegin(data[index...]) {
          pending = Array(data[index...])
          return keys
        } else {
          keys.append(.escape)
          index += 1
        }
      case 0x00..<0x20:
        index += 1
      default:
        let length = Self.utf8Length(byte)
        guard index + length <= data.count else {
          if !final { pending = Array(data[index...]) }
          return keys
        }
        let text = String(decoding: data[index..<(index + length)], as: UTF8.self)
        if let character = text.first { keys.append(.character(character)) }
        index += length
      }
    }
    pending = []
    return keys
  }

  /// The control bytes that are keys; the other C0 bytes are dropped.
  private static let controlKeys: [UInt8: Key] = [
    0x0D: .enter, 0x0A: .enter, 0x09: .tab, 0x7F: .backspace, 0x08: .backspace, 0x03: .controlC,
    0x15: .controlU, 0x0B: .controlK, 0x17: .controlW, 0x01: .controlA, 0x05: .controlE,
    0x1A: .suspend,
  ]

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }

  private static let sequenceTexts: [(String, Key)] = [
    ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left), ("OA", .up), ("OB", .down),
    ("OC", .right), ("OD", .left), ("[5~", .pageUp), ("[6~", .pageDown), ("[H", .home),
    ("[F", .end), ("OH", .home), ("OF", .end), ("[1~", .home), ("[4~", .end), ("[7~", .home),
    ("[8~", .end), ("[3~", .delete), ("[Z", .shiftTab), ("[I", .focusIn), ("[O", .focusOut),
    ("[1;3D", .wordLeft), ("[1;3C", .wordRight), ("[1;5D", .wordLeft), ("[1;5C", .wordRight),
    ("b", .wordLeft), ("f", .wordRight),
  ]

  private static let sequences: [([UInt8], Key)] = sequenceTexts.map { (Array($0.0.utf8), $0.1) }

  /// Every sequence after ESC the decoder knows, the paste's start and the mouse's included.
  private static let beginnings: [[UInt8]] =
    sequences.map(\.0) + [Array("[200~".utf8), Array("[<".utf8)]

  /// Whether `rest` (from an ESC to the end of the bytes) is the start of a known sequence.
  private static func mayBegin(_ rest: ArraySlice<UInt8>) -> Bool {
    let after = rest.dropFirst()
    return beginnings.contains { $0.count > after.count && $0.starts(with: after) }
  }

  private static func escapeSequence(_ data: [UInt8], at index: Int) -> (Key, Int)? {
    let rest = data[(index + 1)...]
    for (sequence, key) in sequences where rest.starts(with: sequence) {
      return (key, sequence.count + 1)
    }
    return nil
  }
}
