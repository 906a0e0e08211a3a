import TextColumns
import ViewModelKit

/// A one-line text field: the text, a cursor between characters, and the editing keys.
/// Wide characters and emoji count by the cells they take.
///
/// Typing and pasting cost what is typed, not the length of the text: the character count is
/// kept, and text added at the end (where typing and pasting go) is appended without walking
/// what is there. A field holds at most `capacity` characters: what a paste brings past it is
/// dropped at once, so a megabyte pasted into any field costs one pass over the bytes.
public struct TextField: Equatable {
  /// The most characters a field holds (twice the longest paste a spec asks a field to show
  /// the length of: TD-44's 10,000).
  public static let capacity = 20_000

  public private(set) var text: String
  /// The cursor position, in characters from the start.
  public private(set) var cursor: Int
  /// `text.count`, kept so that no edit counts the whole text again.
  private var count: Int
  /// Whether the whole text is selected, as a text the app filled in is (weather's place):
  /// what is typed first replaces it, Backspace or Delete clears it, a movement key keeps it
  /// and ends the selection (so `LondonParis` is never searched by typing `Paris`).
  public private(set) var isSelected: Bool

  public init(text: String = "", selected: Bool = false) {
    let kept = String(text.prefix(Self.capacity))
    self.text = kept
    count = kept.count
    cursor = count
    isSelected = selected && !kept.isEmpty
  }

  /// Replaces the text and puts the cursor at its end.
  public mutating func set(_ text: String) {
    self = TextField(text: text)
  }

  /// Applies an editing key; returns true if the key was an editing key.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    if isSelected {
      isSelected = false
      switch key {
      case .character, .text: self = TextField()
      case .backspace, .delete:
        self = TextField()
        return true
      default: break
      }
    }
    switch key {
    case .character(let character):
      insert(character)
    case .text(let text):
      insert(contentsOf: text)
    case .backspace:
      guard cursor > 0 else { return true }
      let index = text.index(text.startIndex, offsetBy: cursor - 1)
      text.remove(at: index)
      count = text.count
      cursor -= 1
    case .delete:
      guard cursor < count else { return true }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
      count = text.count
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(count, cursor + 1)
    case .home, .controlA: cursor = 0
    case .end, .controlE: cursor = count
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .controlU: remove(0..<cursor)
    case .controlK: remove(cursor..<count)
    case .controlW: remove(wordStart(before: cursor)..<cursor)
    default: return false
    }
    return true
  }

  /// The keys every field takes, for the help bar while one has focus.
  public static let hints = [
    Hint("^W", "word"), Hint("^U/^K", "cut"), Hint("^A/^E", "start/end"),
  ]

  /// Removes the characters at `range` (character offsets); the cursor goes to its start.
  private mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let start = text.index(text.startIndex, offsetBy: range.lowerBound)
    let end = text.index(start, offsetBy: range.count)
    text.removeSubrange(start..<end)
    count -= range.count
    cursor = range.lowerBound
  }

  /// Where the word before `position` starts: back over spaces, then over the word.
  private func wordStart(before position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }

  /// Where the word after `position` ends: forward over spaces, then over the word.
  private func wordEnd(after position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    while index < characters.count, !characters[index].isWhitespace { index += 1 }
    return index
  }

  /// Inserts `inserted` at the cursor in one edit, as much of it as the capacity leaves room
  /// for. At the end of the text its cost is the inserted part's alone.
  public mutating func insert(contentsOf inserted: String) {
    let room = Self.capacity - count
    guard room > 0, !inserted.isEmpty else { return }
    let piece = inserted.count <= room ? inserted : String(inserted.prefix(room))
    if cursor == count {
      // The first inserted character may merge with the last one (a combining mark): count
      // the seam, not the whole text.
      let added = text.last.map { (String($0) + piece).count - 1 } ?? piece.count
      text.append(contentsOf: piece)
      count += added
      cursor = count
    } else {
      text.insert(contentsOf: piece, at: text.index(text.startIndex, offsetBy: cursor))
      let before = count
      count = text.count
      cursor = min(count, cursor + count - before)
    }
  }

  public mutating func insert(_ character: Character) {
    insert(contentsOf: String(character))
  }

  /// Draws the field in `width` cells (scrolled so that the cursor shows), as
  /// `[text      ]` brackets included; places the terminal cursor when focused. A `secret`
  /// field shows the session's mask glyph for each character instead of the text.
  public func draw(
    _ painter: Painter, row: Int, column: Int, width: Int, focused: Bool, secret: Bool = false
  ) {
    let inner = max(1, width - 2)
    let mask = Character(painter.glyphs.mask)
    let characters = secret ? Array(repeating: mask, count: count) : Array(text)
    // Scroll: start so that the cells from `start` to the cursor fit.
    var start = 0
    var used = characters[0..<cursor].reduce(0) { $0 + TextWidth.of($1) }
    while used >= inner && start < cursor {
      used -= TextWidth.of(characters[start])
      start += 1
    }
    var visible = ""
    var cells = 0
    for character in characters[start...] {
      let w = TextWidth.of(character)
      if cells + w > inner { break }
      visible.append(character)
      cells += w
    }
    let style: TextStyle = focused ? (isSelected ? [.reverse, .underline] : .reverse) : .plain
    painter.text("[", row: row, column: column)
    painter.text(
      visible + String(repeating: " ", count: max(0, inner - cells)), row: row, column: column + 1,
      style: style)
    painter.text("]", row: row, column: column + 1 + inner)
    if focused {
      painter.canvas.placeCursor(row: row, column: column + 1 + used)
    }
  }
}
