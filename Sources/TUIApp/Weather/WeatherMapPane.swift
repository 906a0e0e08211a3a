/// Where the weather screen puts the map pane on a terminal of a given size: one pure
/// function, read by `draw` to draw the pane and by `resize` to tell the view model the grid's
/// size, so that drawing changes nothing.
struct WeatherMapPane: Equatable {
  /// The pane's left column and width, borders included.
  let left: Int
  let width: Int
  /// The row of the pane's caption line.
  let top: Int
  /// Rows of map grid, and of recent places under it (0: none).
  let gridRows: Int
  let markerRows: Int
  /// Whether the pane has a bottom border.
  let bottomBorder: Bool

  /// The grid's size for the view model (`setMapSize`), within its bounds.
  var gridSize: (columns: Int, rows: Int) { (max(5, width - 2), max(3, gridRows)) }

  /// From this many grid columns the TUI asks the map for place names (`setMapNames`): the
  /// side-by-side map from 132 columns (its grid is 60 there), or a stacked one from 62.
  static let namesFromColumns = 60

  /// Whether this pane's grid has room for place names.
  var hasRoomForNames: Bool { gridSize.columns >= Self.namesFromColumns }

  /// The first row under the title and city lines, where the panels start.
  static let panelsTop = 3

  /// Whether a terminal of this size shows Now and the forecast beside the map.
  static func isSideBySide(columns: Int, rows: Int) -> Bool { columns >= 80 && rows >= 24 }

  /// The pane on a terminal of `columns` x `rows` while the map is shown; nil when no row is
  /// left for it.
  static func on(columns: Int, rows: Int) -> WeatherMapPane? {
    let top = panelsTop
    let bottom = rows - 3  // the last panel row; the toast line is below it
    if isSideBySide(columns: columns, rows: rows) {
      let width = columns * 38 / 80
      let markerRows = 3
      return WeatherMapPane(
        left: columns - width, width: width, top: top, gridRows: bottom - top - 2 - markerRows,
        markerRows: markerRows, bottomBorder: true)
    }
    let compact = rows < 14
    let row = top + (compact ? 3 : 4)
    guard row <= bottom else { return nil }
    let rowsLeft = bottom - row + 1
    let bottomBorder = !compact && rowsLeft >= 6
    let markerRows = !compact && rowsLeft >= 10 ? min(3, rowsLeft - 7) : 0
    let gridRows = max(
      1, rowsLeft - 1 - (bottomBorder ? 1 : 0) - (markerRows > 0 ? markerRows + 1 : 0))
    return WeatherMapPane(
      left: 0, width: columns, top: row, gridRows: gridRows, markerRows: markerRows,
      bottomBorder: bottomBorder)
  }
}
