/// The part of the world a map shows: what "the places in view" means.
public struct MapArea: Equatable, Sendable {
  /// The map's centre.
  public var center: Coordinate
  /// The northern and southern edges, in degrees (they may lie beyond a pole).
  public var north: Double
  public var south: Double
  /// Degrees of longitude from the centre to the western and the eastern edge.
  public var westward: Double
  public var eastward: Double

  public init(center: Coordinate, north: Double, south: Double, westward: Double, eastward: Double)
  {
    self.center = center
    self.north = north
    self.south = south
    self.westward = westward
    self.eastward = eastward
  }

  /// Whether `coordinate` is drawn on the map: inside the edges, longitude wrapping round.
  public func contains(_ coordinate: Coordinate) -> Bool {
    guard coordinate.isValid, (south...north).contains(coordinate.latitude) else { return false }
    if westward + eastward >= 360 { return true }
    let offset = MapGrid.wrap(coordinate.longitude - center.longitude)
    return offset >= -westward && offset < eastward
  }
}

extension MapGrid {
  /// The area a grid of `columns` × `rows` at `zoom` shows around `center`: the cells' outer
  /// edges, so that a place is in the area exactly when its marker lands on the grid.
  public static func area(center: Coordinate, zoom: Int, columns: Int, rows: Int) -> MapArea {
    let scale = MapScale(center: center, zoom: zoom, columns: columns, rows: rows)
    let (cc, cr) = (columns / 2, rows / 2)
    return MapArea(
      center: scale.middle,
      north: scale.middle.latitude + (Double(cr) + 0.5) * scale.row,
      south: scale.middle.latitude - (Double(rows - 1 - cr) + 0.5) * scale.row,
      westward: (Double(cc) + 0.5) * scale.column,
      eastward: (Double(columns - 1 - cc) + 0.5) * scale.column)
  }
}
