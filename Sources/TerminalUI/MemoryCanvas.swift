import TextColumns
import ViewModelKit

/// A canvas in memory, for tests: `snapshot()` is the screen as text.
public final class MemoryCanvas: Canvas {
  public private(set) var width: Int
  public private(set) var height: Int
  private var cells: [[String]]
  private var styles: [[TextStyle]]
  public private(set) var cursor: (row: Int, column: Int)?

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    styles = Array(repeating: Array(repeating: .plain, count: width), count: height)
  }

  /// Changes the size (a resize) and blanks the grid.
  public func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
    clear()
  }

  public func clear() {
    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    styles = Array(repeating: Array(repeating: .plain, count: width), count: height)
  }

  @discardableResult
  public func draw(_ text: String, row: Int, column: Int, style: TextStyle) -> Int {
    guard row >= 0, row < height else { return column }
    var x = column
    for character in text {
      let w = TextWidth.of(character)
      if w == 0 { continue }
      guard x >= 0, x + w <= width else { break }
      cells[row][x] = String(character)
      styles[row][x] = style
      if w == 2 {
        cells[row][x + 1] = ""
        styles[row][x + 1] = style
      }
      x += w
    }
    return x
  }

  public func placeCursor(row: Int, column: Int) { cursor = (row, column) }
  public func hideCursor() { cursor = nil }

  /// The screen, one line per row, trailing spaces removed.
  public func snapshot() -> String {
    lines().joined(separator: "\n")
  }

  public func lines() -> [String] {
    cells.map { row in
      var line = row.joined()
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }

  /// The style of one cell.
  public func style(row: Int, column: Int) -> TextStyle { styles[row][column] }

  /// The row whose text contains `text`, if any.
  public func row(containing text: String) -> Int? { lines().firstIndex { $0.contains(text) } }
}
