/// How a grid of `columns` × `rows` cells shows the world at a zoom level: the degrees each
/// column and each row spans, and where the grid sits. Every piece of map geometry (the land,
/// the markers, the area in view, a click's coordinate) reads it, so they always agree.
///
/// Zoom 1 fits the whole world to the grid once, whatever its size: 360° of longitude across
/// the columns from the centre's meridian, and 90° N to 90° S down the rows (issue 29, item 4;
/// it used to repeat the world side by side at 200 columns, in an 11-row band). Closer zooms
/// keep cells twice as tall as wide in degrees (`degreesPerColumn`), around the centre.
struct MapScale: Equatable {
  /// Degrees of longitude per column.
  let column: Double
  /// Degrees of latitude per row.
  let row: Double
  /// The longitude and latitude of the middle of cell (`columns / 2`, `rows / 2`).
  let middle: Coordinate

  init(center: Coordinate, zoom: Int, columns: Int, rows: Int) {
    if zoom <= 1 {
      column = 360 / Double(max(1, columns))
      row = 180 / Double(max(1, rows))
      middle = Coordinate(
        latitude: 90 - (Double(rows / 2) + 0.5) * row, longitude: center.longitude)
    } else {
      column = MapGrid.degrees(zoom: zoom)
      row = 2 * column
      middle = center
    }
  }

  /// The cell a coordinate falls in (it may lie off the grid).
  func cell(of coordinate: Coordinate, columns: Int, rows: Int) -> (column: Int, row: Int) {
    let dLon = MapGrid.wrap(coordinate.longitude - middle.longitude)
    let dLat = coordinate.latitude - middle.latitude
    return (
      columns / 2 + Int((dLon / column).rounded(.toNearestOrAwayFromZero)),
      rows / 2 - Int((dLat / row).rounded(.toNearestOrAwayFromZero))
    )
  }

  /// The middle of cell (`column`, `row`).
  func coordinate(column: Int, row: Int, columns: Int, rows: Int) -> Coordinate {
    Coordinate(
      latitude: middle.latitude + Double(rows / 2 - row) * self.row,
      longitude: MapGrid.wrap(middle.longitude + Double(column - columns / 2) * self.column))
  }
}
