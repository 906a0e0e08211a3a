import ViewModelKit

/// A one-line text field: the text, a cursor between characters, and the editing keys.
/// Wide characters and emoji count by the cells they take.
public struct TextField: Equatable {
  public private(set) var text: String
  /// The cursor position, in characters from the start.
  public private(set) var cursor: Int

  public init(text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// Replaces the text and puts the cursor at its end.
  public mutating func set(_ text: String) {
    self.text = text
    cursor = text.count
  }

  /// Applies an editing key; returns true if the key was an editing key.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      insert(character)
    case .text(let text):
      insert(contentsOf: text)
    case .backspace:
      guard cursor > 0 else { return true }
      let index = text.index(text.startIndex, offsetBy: cursor - 1)
      text.remove(at: index)
      cursor -= 1
    case .delete:
      guard cursor < text.count else { return true }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    default: return false
    }
    return true
  }

  /// Inserts `inserted` at the cursor in one edit: its cost grows with the text once, not
  /// once per character.
  public mutating func insert(contentsOf inserted: String) {
    let before = text.count
    text.insert(contentsOf: inserted, at: text.index(text.startIndex, offsetBy: cursor))
    cursor += text.count - before
  }

  public mutating func insert(_ character: Character) {
    let before = text.count
    text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
    // A combining mark merges with the character before it: the count may not grow.
    cursor += text.count - before
  }

  /// Draws the field in `width` cells (scrolled so that the cursor shows), as
  /// `[text      ]` brackets included; places the terminal cursor when focused. A `secret`
  /// field shows the session's mask glyph for each character instead of the text.
  public func draw(
    _ painter: Painter, row: Int, column: Int, width: Int, focused: Bool, secret: Bool = false
  ) {
    let inner = max(1, width - 2)
    let mask = Character(painter.glyphs.mask)
    let characters = secret ? Array(repeating: mask, count: text.count) : Array(text)
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
    let style: TextStyle = focused ? .reverse : .plain
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
