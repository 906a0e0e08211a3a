import TerminalUI
import TextColumns
import ViewModelKit
import WeatherFeature

/// The map panel: the grid the view model drew, coloured run by run, and the newest places.
extension WeatherScreen {
  /// How each kind of map cell is drawn. Without colour (`NO_COLOR`, a terminal without it)
  /// only `dim` and `bold` remain; the glyphs already tell land (blocks, `#`) from sea (`.`).
  static let mapStyles: [MapPaint: TextStyle] = [
    .sea: [.blue, .dim], .land: .green, .beyond: .plain, .centre: .bold, .marker: .bold,
  ]

  /// Tells the view model the grid's size for a terminal of `columns` x `rows` (from the
  /// resize event; drawing only draws).
  public func resize(columns: Int, rows: Int) {
    terminalSize = (columns, rows)
    guard let pane = WeatherMapPane.on(columns: columns, rows: rows),
      lastMapSize.map({ $0 != pane.gridSize }) ?? true
    else { return }
    let size = pane.gridSize
    lastMapSize = size
    send(.setMapSize(columns: size.columns, rows: size.rows))
    send(.setMapNames(pane.hasRoomForNames))
  }

  func drawMap(_ painter: Painter, pane: WeatherMapPane) {
    let (left, width, top) = (pane.left, pane.width, pane.top)
    let (gridRows, markerRows, bottomBorder) = (pane.gridRows, pane.markerRows, pane.bottomBorder)
    let box = Box(painter: painter)
    let highlighted = focus == .map
    box.top(
      title: "Map \(state.mapCaption)", left: left, width: width, row: top,
      style: highlighted ? .bold : .plain)
    var row = top + 1
    for runs in state.mapRuns.prefix(gridRows) {
      var column = left + 1
      for run in runs where column < left + width - 1 {
        let room = left + width - 1 - column
        painter.fitted(
          run.text, row: row, column: column, width: room, style: Self.mapStyles[run.paint] ?? [])
        column += min(room, TextWidth.of(run.text))
      }
      box.sides(left: left, width: width, row: row)
      row += 1
    }
    if markerRows > 0 {
      box.rule(left: left, width: width, row: row)
      row += 1
      for index in 0..<markerRows {
        if index < state.markers.count {
          painter.fitted(
            " " + state.markers[index].label, row: row, column: left + 1, width: width - 2)
        }
        box.sides(left: left, width: width, row: row)
        row += 1
      }
    }
    if bottomBorder { box.bottom(left: left, width: width, row: row) }
  }
}
