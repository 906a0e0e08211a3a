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
  /// Yellow where colour is on (warnings).
  public static let yellow = TextStyle(rawValue: 1 << 6)
  /// Underlined (links).
  public static let underline = TextStyle(rawValue: 1 << 7)

  // The semantic palette (issue 42, item 6): what a style means, the same on every screen and
  // in the CLI and the web page. The colours are the terminal's own eight, on its own
  // background, so that a light and a dark theme both keep them legible.

  /// An error, a failure, an overdue task: red.
  public static let error = TextStyle.red
  /// A warning (a retry, offline data), a task due soon: yellow.
  public static let warning = TextStyle.yellow
  /// A success, a valid field: green.
  public static let success = TextStyle.green
  /// A link: blue and underlined.
  public static let link: TextStyle = [.blue, .underline]
  /// Done, or beside the point: dim.
  public static let muted = TextStyle.dim
  /// The selected row: reversed.
  public static let selection = TextStyle.reverse
  /// Every colour, which a painter without colour leaves out.
  public static let colors: TextStyle = [.red, .green, .blue, .yellow]

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
