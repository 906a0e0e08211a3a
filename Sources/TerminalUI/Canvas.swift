/// How a run of text is drawn.
public struct TextStyle: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let bold = TextStyle(rawValue: 1 << 0)
  public static let dim = TextStyle(rawValue: 1 << 1)
  public static let reverse = TextStyle(rawValue: 1 << 2)
  /// Red where colour is on (invalid, errors).
  public static let red = TextStyle(rawValue: 1 << 3)
  /// Green where colour is on (valid).
  public static let green = TextStyle(rawValue: 1 << 4)
  /// Blue where colour is on (water).
  public static let blue = TextStyle(rawValue: 1 << 5)

  public static let plain: TextStyle = []
}

/// A grid of character cells that widgets draw onto. Positions are 0-based; text that
/// runs past the right edge is cut, and a wide character that would straddle it is dropped.
public protocol Canvas: AnyObject {
  /// Columns and rows.
  var width: Int { get }
  var height: Int { get }
  /// Blanks every cell.
  func clear()
  /// Draws `text` from (`row`, `column`); returns the column after the last cell drawn.
  @discardableResult
  func draw(_ text: String, row: Int, column: Int, style: TextStyle) -> Int
  /// Shows the cursor at a cell, or hides it (nil).
  func placeCursor(row: Int, column: Int)
  func hideCursor()
}

extension Canvas {
  @discardableResult
  public func draw(_ text: String, row: Int, column: Int) -> Int {
    draw(text, row: row, column: column, style: .plain)
  }
}
