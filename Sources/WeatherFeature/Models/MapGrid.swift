import Foundation

/// The map's geometry: zoom levels, pans and the character grid.
public enum MapGrid {
  /// Degrees of longitude per column at zoom 1…6.
  static let degreesPerColumn: [Double] = [8, 4, 2, 1, 0.5, 0.25]

  static func degrees(zoom: Int) -> Double { degreesPerColumn[zoom - 1] }

  /// `longitude` wrapped into −180…<180.
  static func wrap(_ longitude: Double) -> Double {
    // Whole turns only when out of range, so an in-range value is returned exactly.
    guard longitude.isFinite else { return 0 }
    var value = longitude
    if value >= 180 { value -= 360 * ((value + 180) / 360).rounded(.down) }
    if value < -180 { value += 360 * ((-180 - value) / 360).rounded(.up) }
    return value
  }

  /// The centre after one pan at `zoom`.
  static func pan(_ center: Coordinate, _ direction: PanDirection, zoom: Int) -> Coordinate {
    let step = 8 * degrees(zoom: zoom)
    var next = center
    switch direction {
    case .north: next.latitude = min(85, center.latitude + step)
    case .south: next.latitude = max(-85, center.latitude - step)
    case .east: next.longitude = wrap(center.longitude + step)
    case .west: next.longitude = wrap(center.longitude - step)
    }
    return next
  }

  /// The grid rows: `.` empty, `+` the centre, markers drawn oldest to newest.
  public static func rows(
    center: Coordinate, zoom: Int, columns: Int, rows: Int, markers: [MapMarker]
  ) -> [String] {
    let d = degrees(zoom: zoom)
    let (cc, cr) = (columns / 2, rows / 2)
    var grid = Array(repeating: Array(repeating: ".", count: columns), count: rows)
    grid[cr][cc] = "+"
    for marker in markers.reversed() {
      let dLon = wrap(marker.coordinate.longitude - center.longitude)
      let dLat = marker.coordinate.latitude - center.latitude
      let column = cc + Int((dLon / d).rounded(.toNearestOrAwayFromZero))
      let row = cr - Int((dLat / (2 * d)).rounded(.toNearestOrAwayFromZero))
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { continue }
      grid[row][column] = marker.icon
    }
    return grid.map { $0.joined() }
  }
}
