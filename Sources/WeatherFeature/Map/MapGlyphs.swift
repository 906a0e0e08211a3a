/// What a map cell shows, for a front end that colours the map: the glyphs alone already tell
/// land from sea, so colour only adds to them.
public enum MapPaint: String, Equatable, Sendable, Codable {
  /// Open water.
  case sea
  /// Land, wholly or in part (a coast).
  case land
  /// Beyond a pole: no world to draw.
  case beyond
  /// The map's centre cross.
  case centre
  /// A place's weather icon.
  case marker
}

/// A run of neighbouring cells of one row that share a paint.
public struct MapRun: Equatable, Sendable, Codable {
  /// The cells' glyphs, one column each.
  public var text: String
  /// How they are coloured.
  public var paint: MapPaint

  public init(text: String, paint: MapPaint) {
    self.text = text
    self.paint = paint
  }
}

/// The characters of a map, as data: a cell is split into 2 × 2 quarters, each land when at
/// least half of it is, and `land[quarters]` is its glyph, indexed by the quarters that are
/// land (1 top left, 2 top right, 4 bottom left, 8 bottom right), `land[0]` being open sea.
public struct MapGlyphs: Equatable, Sendable {
  /// By land quarters; 16 entries.
  public let land: [String]
  /// Off the world, beyond a pole.
  public let beyond: String
  /// The centre cross.
  public let centre: String

  /// Quadrant blocks: coasts at twice the cell resolution, `.` for sea.
  public static let unicode = MapGlyphs(
    land: [".", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"],
    beyond: " ", centre: "+")

  /// `#` where at least two quarters are land, `.` elsewhere.
  public static let ascii = MapGlyphs(
    land: [".", ".", ".", "#", ".", "#", "#", "#", ".", "#", "#", "#", "#", "#", "#", "#"],
    beyond: " ", centre: "+")

  /// The set for a screen's symbols.
  public static func of(_ symbols: SymbolSet) -> MapGlyphs {
    symbols == .ascii ? .ascii : .unicode
  }
}

/// The map as drawn: one string per row, and the same rows as runs of one paint each.
public struct MapPicture: Equatable, Sendable {
  /// The grid, one string per row.
  public var rows: [String]
  /// The grid again, each row as runs for colouring; `runs[r]` joined is `rows[r]`.
  public var runs: [[MapRun]]

  /// Nothing drawn: the map is hidden.
  public static let hidden = MapPicture(rows: [], runs: [])
}
