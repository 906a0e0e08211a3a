import TextColumns
import ViewModelKit

/// Draws onto a canvas in the session's character set and colour mode: in ASCII mode every
/// non-ASCII character becomes an ASCII stand-in, and without colour red and green are dropped
/// (bold, dim and reverse stay).
public struct Painter {
  public let canvas: any Canvas
  public let ascii: Bool
  public let color: Bool

  public init(canvas: any Canvas, ascii: Bool, color: Bool) {
    self.canvas = canvas
    self.ascii = ascii
    self.color = color
  }

  public var width: Int { canvas.width }
  public var height: Int { canvas.height }

  /// "…" or "...".
  public var ellipsis: String { ascii ? "..." : "…" }

  /// The spinner frame for a tick (one tick every 100 ms).
  public func spinner(_ tick: Int) -> String {
    let frames =
      ascii ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    return frames[((tick % frames.count) + frames.count) % frames.count]
  }

  @discardableResult
  public func text(_ text: String, row: Int, column: Int, style: TextStyle = .plain) -> Int {
    var style = style
    if !color { style.subtract(.colors) }
    return canvas.draw(ascii ? Self.asciiOnly(text) : text, row: row, column: column, style: style)
  }

  /// How many cells `text` takes as this painter draws it (in ASCII mode, after `asciiOnly`).
  public func cellWidth(of text: String) -> Int {
    TextWidth.of(ascii ? Self.asciiOnly(text) : text)
  }

  /// `text` cut with an ellipsis to `width` cells, then drawn.
  @discardableResult
  public func fitted(_ text: String, row: Int, column: Int, width: Int, style: TextStyle = .plain)
    -> Int
  {
    let source = ascii ? Self.asciiOnly(text) : text
    return self.text(
      TextWidth.truncate(source, to: width, ellipsis: ellipsis), row: row, column: column,
      style: style)
  }

  /// Labelled values on one line, `separator` between them: the first always (cut to `width`
  /// if it must be), each later one only if it has a value and fits whole, so a narrow pane
  /// shows fewer facts rather than a cut one, and a fact the data lacks leaves no label.
  @discardableResult
  public func fittedParts(
    _ parts: [(label: String, value: String)], separator: String = "    ", row: Int,
    column: Int, width: Int, style: TextStyle = .plain
  ) -> Int {
    guard let first = parts.first else { return column }
    var line = first.label + first.value
    for part in parts.dropFirst() where !part.value.isEmpty {
      let longer = line + separator + part.label + part.value
      if cellWidth(of: longer) <= width { line = longer }
    }
    return fitted(line, row: row, column: column, width: width, style: style)
  }

  /// A horizontal rule across the screen, inset by one column each side.
  public func rule(row: Int) {
    guard width > 2 else { return }
    text(glyphs.line(width - 2), row: row, column: 1, style: .dim)
  }

  /// Text as the ASCII mode draws it (issue 29, item 6): the one transliteration
  /// (`ASCIIText`: arrows as words or `<-`/`->`, the degree sign dropped, lines and corners
  /// as `-`, `|` and `+`), which the features' ASCII formats use too.
  public static func asciiOnly(_ text: String) -> String { ASCIIText.of(text) }
}
