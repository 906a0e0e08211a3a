import TextColumns
import ViewModelKit

/// The characters panels and rules are drawn with (and the mask of a secret field): one set
/// for Unicode terminals, one for ASCII ones. Screens take them from the painter (`painter.glyphs`) and never choose a
/// character themselves.
public struct BorderGlyphs: Equatable, Sendable {
  public let horizontal: String
  public let vertical: String
  public let topLeft: String
  public let topRight: String
  public let bottomLeft: String
  public let bottomRight: String
  /// Where a vertical and a horizontal line cross.
  public let cross: String
  /// Where a horizontal line meets a vertical one from the right (`├`) and from the left
  /// (`┤`): the ends of a titled line that joins two panels.
  public let teeRight: String
  public let teeLeft: String
  /// What stands for each character of a secret (a password field).
  public let mask: String

  /// Box-drawing characters.
  public static let unicode = BorderGlyphs(
    horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
    bottomRight: "┘", cross: "┼", teeRight: "├", teeLeft: "┤", mask: "•")
  /// `-`, `|` and `+`.
  public static let ascii = BorderGlyphs(
    horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
    bottomRight: "+", cross: "+", teeRight: "+", teeLeft: "+", mask: "*")

  /// `count` horizontal line characters.
  public func line(_ count: Int) -> String { String(repeating: horizontal, count: max(0, count)) }
}

extension Painter {
  /// The border characters of this session's character set.
  public var glyphs: BorderGlyphs { ascii ? .ascii : .unicode }
}

/// Panel borders in the one style of every screen: a titled top, side rows, rules between
/// parts, and a bottom. Widths and rows are in cells; a box narrower than 2 draws nothing.
public struct Box {
  let painter: Painter
  var glyphs: BorderGlyphs { painter.glyphs }

  public init(painter: Painter) { self.painter = painter }

  /// `┌─ title ──┐` (with `lead` line characters before the title's space); with `joins`,
  /// `├─ title ──┤`, the line that closes the panel above and opens the next.
  public func top(
    title: String, left: Int, width: Int, row: Int, lead: Int = 1, style: TextStyle = .plain,
    joins: Bool = false
  ) {
    guard width >= 2 else { return }
    let inner = width - 2
    let label = TextWidth.truncate(
      glyphs.line(lead) + " \(title) ", to: inner, ellipsis: painter.ellipsis)
    let (start, end) = joins ? (glyphs.teeRight, glyphs.teeLeft) : (glyphs.topLeft, glyphs.topRight)
    painter.text(
      start + label + glyphs.line(inner - TextWidth.of(label)) + end, row: row, column: left,
      style: style)
  }

  /// `│` at both edges of `row`; with `clear`, the inside is blanked.
  public func sides(left: Int, width: Int, row: Int, clear: Bool = false) {
    guard width >= 2 else { return }
    painter.text(glyphs.vertical, row: row, column: left)
    if clear { painter.text(String(repeating: " ", count: width - 2), row: row, column: left + 1) }
    painter.text(glyphs.vertical, row: row, column: left + width - 1)
  }

  /// `│────│`: a rule between two parts of a panel.
  public func rule(left: Int, width: Int, row: Int) {
    guard width >= 2 else { return }
    painter.text(
      glyphs.vertical + glyphs.line(width - 2) + glyphs.vertical, row: row, column: left)
  }

  /// `└────┘`.
  public func bottom(left: Int, width: Int, row: Int) {
    guard width >= 2 else { return }
    painter.text(
      glyphs.bottomLeft + glyphs.line(width - 2) + glyphs.bottomRight, row: row, column: left)
  }

  /// A titled box from `top` to `bottom`; with `closed` false the bottom row is a side row
  /// (the next panel's border follows it); with `joins`, its top is the line that closes the
  /// panel above (`├─ title ─┤`).
  public func frame(
    title: String, left: Int, width: Int, top: Int, bottom: Int, closed: Bool = true,
    clear: Bool = false, lead: Int = 1, titleStyle: TextStyle = .plain, joins: Bool = false
  ) {
    self.top(
      title: title, left: left, width: width, row: top, lead: lead, style: titleStyle,
      joins: joins)
    let lastSide = closed ? bottom - 1 : bottom
    if lastSide > top {
      for row in (top + 1)...lastSide { sides(left: left, width: width, row: row, clear: clear) }
    }
    if closed { self.bottom(left: left, width: width, row: bottom) }
  }
}
