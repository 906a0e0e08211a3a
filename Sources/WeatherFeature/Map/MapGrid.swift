import Foundation
import TextColumns
import ViewModelKit

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

  /// The centre of cell (`column`, `row`) of a `columns` × `rows` grid at `zoom` around
  /// `center`: the new centre for a click there. Latitudes stop at ±85, as panning does.
  static func coordinate(
    column: Int, row: Int, center: Coordinate, zoom: Int, columns: Int, rows: Int
  ) -> Coordinate {
    let scale = MapScale(center: center, zoom: zoom, columns: columns, rows: rows)
    var coordinate = scale.coordinate(column: column, row: row, columns: columns, rows: rows)
    coordinate.latitude = min(85, max(-85, coordinate.latitude))
    return coordinate
  }

  /// Writes ` name` after each marker, newest first, where every cell it needs is on the grid
  /// and free of markers, the centre and the names already written. A grid cell holds one
  /// character of one column, so names with characters two columns wide are left out.
  private static func name(
    _ markers: [(column: Int, row: Int, name: String)], in cells: inout [[(String, MapPaint)]],
    taken: inout Set<Int>, columns: Int
  ) {
    for marker in markers where !marker.name.isEmpty {
      let text = Array(" " + marker.name)
      guard text.allSatisfy({ TextWidth.of(String($0)) == 1 }) else { continue }
      let span = (marker.column + 1)..<(marker.column + 1 + text.count)
      guard span.upperBound <= columns,
        span.allSatisfy({ !taken.contains(marker.row * columns + $0) })
      else { continue }
      for (offset, column) in span.enumerated() {
        cells[marker.row][column] = (String(text[offset]), .marker)
        taken.insert(marker.row * columns + column)
      }
    }
  }

  /// The grid rows: land and sea from `land` (all sea without one), the centre `+`, and the
  /// markers drawn oldest to newest on top, each followed by its name when `names` is set.
  public static func rows(
    center: Coordinate, zoom: Int, columns: Int, rows: Int, markers: [MapMarker],
    land: LandMask? = nil, glyphs: MapGlyphs = .unicode, names: Bool = false
  ) -> [String] {
    picture(
      center: center, zoom: zoom, columns: columns, rows: rows, markers: markers, land: land,
      glyphs: glyphs, names: names
    ).rows
  }

  /// The grid as rows and as coloured runs, at the zoom's `MapScale`: the centre `+` in the
  /// cell of `center` (the middle cell, except at zoom 1, where the whole world shows), and,
  /// when `names` is set (a head that has room says so), each marker's place name after it.
  public static func picture(
    center: Coordinate, zoom: Int, columns: Int, rows: Int, markers: [MapMarker],
    land: LandMask?, glyphs: MapGlyphs, names: Bool = false
  ) -> MapPicture {
    let scale = MapScale(center: center, zoom: zoom, columns: columns, rows: rows)
    var cells = terrain(scale: scale, columns: columns, rows: rows, land: land, glyphs: glyphs)
    let middle = scale.cell(of: center, columns: columns, rows: rows)
    if (0..<columns).contains(middle.column), (0..<rows).contains(middle.row) {
      cells[middle.row][middle.column] = (glyphs.centre, .centre)
    }
    var taken: Set<Int> = [middle.row * columns + middle.column]
    var placed: [(column: Int, row: Int, name: String)] = []
    for marker in markers.reversed() {
      let (column, row) = scale.cell(of: marker.coordinate, columns: columns, rows: rows)
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { continue }
      cells[row][column] = (marker.icon, .marker)
      taken.insert(row * columns + column)
      placed.insert((column, row, marker.name), at: 0)
    }
    if names {
      name(placed, in: &cells, taken: &taken, columns: columns)
    }
    var picture = MapPicture(rows: [], runs: [])
    picture.rows.reserveCapacity(rows)
    picture.runs.reserveCapacity(rows)
    for row in cells {
      var runs: [MapRun] = []
      for (glyph, paint) in row {
        if let last = runs.indices.last, runs[last].paint == paint {
          runs[last].text += glyph
        } else {
          runs.append(MapRun(text: glyph, paint: paint))
        }
      }
      picture.rows.append(runs.map(\.text).joined())
      picture.runs.append(runs)
    }
    return picture
  }

  /// Land, sea and the world's edge, cell by cell, each cell from its four quarters.
  private static func terrain(
    scale: MapScale, columns: Int, rows: Int, land: LandMask?, glyphs: MapGlyphs
  ) -> [[(String, MapPaint)]] {
    let sea = (glyphs.land[0], MapPaint.sea)
    guard let land else {
      return Array(repeating: Array(repeating: sea, count: columns), count: rows)
    }
    let perDegree = Double(land.cellsPerDegree)
    let (cc, cr) = (columns / 2, rows / 2)
    // Edges of the half rows from the top and of the half columns from the left, in mask
    // cells: quarter (r, c) spans rows yEdges[r]..<yEdges[r + 1] and columns xEdges[c]...
    let yEdges = (0...(2 * rows)).map { k -> Int in
      let latitude = scale.middle.latitude + Double(2 * cr + 1 - k) * scale.row / 2
      return Int(min(Double(land.rows), max(0, ((90 - latitude) * perDegree).rounded())))
    }
    let west = wrap(scale.middle.longitude) + 180
    let xEdges = (0...(2 * columns)).map { k -> Int in
      Int(((west + Double(k - 2 * cc - 1) * scale.column / 2) * perDegree).rounded())
    }
    func quarter(_ halfRow: Int, _ halfColumn: Int) -> Int? {
      let (y0, y1) = (yEdges[halfRow], yEdges[halfRow + 1])
      guard y1 > y0 else { return nil }
      let x0 = xEdges[halfColumn]
      let width = max(1, min(land.columns, xEdges[halfColumn + 1] - x0))
      let count = land.count(rows: y0, y1, from: x0, width: width)
      return count * 2 >= (y1 - y0) * width ? 1 : 0
    }
    return (0..<rows).map { row in
      (0..<columns).map { column in
        let top = (quarter(2 * row, 2 * column), quarter(2 * row, 2 * column + 1))
        let bottom = (quarter(2 * row + 1, 2 * column), quarter(2 * row + 1, 2 * column + 1))
        guard top.0 != nil || bottom.0 != nil else { return (glyphs.beyond, .beyond) }
        let index =
          (top.0 ?? 0) | (top.1 ?? 0) << 1 | (bottom.0 ?? 0) << 2 | (bottom.1 ?? 0) << 3
        return (glyphs.land[index], index == 0 ? .sea : .land)
      }
    }
  }
}
