import Foundation

/// Why the land mask could not be read.
public enum LandMaskError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not in the bundle, or could not be read.
  case unreadable(String)
  /// The file does not start with the expected header, or its size does not match it.
  case malformed(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "the map's land mask could not be read: \(reason)"
    case .malformed(let reason): "the map's land mask is malformed: \(reason)"
    }
  }
}

/// Land and sea of the whole world, at a fixed number of cells per degree, answering what share
/// of any latitude/longitude rectangle is land.
///
/// The bundled mask (`land-mask.bin`, made by `Scripts/make-land-mask.py` from GLOBE elevation
/// data) has 8 cells per degree, 2880 × 1440. A running count of land cells from the
/// north-west corner (a summed-area table) makes each question four lookups, whatever the size
/// of the rectangle, so a whole-world map at zoom 1 costs what a city-sized one costs.
public struct LandMask: Sendable {
  /// Cells per degree, along both axes.
  public let cellsPerDegree: Int
  let columns: Int
  let rows: Int
  /// `counts[y * (columns + 1) + x]`: land cells in rows `0..<y` and columns `0..<x`.
  let counts: [UInt32]

  static let magic = Array("HMLAND01".utf8)

  /// Reads a mask in the file format `Scripts/make-land-mask.py` writes.
  public init(data: Data) throws(LandMaskError) {
    let bytes = [UInt8](data)
    guard bytes.count >= 16, Array(bytes[0..<8]) == Self.magic else {
      throw .malformed("no HMLAND01 header")
    }
    func word(_ offset: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let (columns, rows) = (word(8), word(12))
    guard columns > 0, columns % 360 == 0, columns <= 43_200, rows * 2 == columns else {
      throw .malformed("\(columns) × \(rows) cells is not a whole world")
    }
    guard bytes.count == 16 + rows * (columns / 8) else {
      throw .malformed("\(bytes.count) bytes for \(columns) × \(rows) cells")
    }
    self.columns = columns
    self.rows = rows
    cellsPerDegree = columns / 360
    counts = Self.runningCounts(bytes, columns: columns, rows: rows)
  }

  /// Reads the mask at `url`.
  public static func load(from url: URL) throws(LandMaskError) -> LandMask {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable("\(url.lastPathComponent): \(error.localizedDescription)")
    }
    return try LandMask(data: data)
  }

  /// The mask bundled with WeatherFeature, read on first use; a failure is kept, so that a map
  /// can still be drawn (as sea) and the failure reported.
  public static let world: Result<LandMask, LandMaskError> = {
    guard let url = Bundle.module.url(forResource: "land-mask", withExtension: "bin") else {
      return .failure(.unreadable("land-mask.bin is not in the bundle"))
    }
    return Result { () throws(LandMaskError) in try load(from: url) }
  }()

  private static func runningCounts(_ bytes: [UInt8], columns: Int, rows: Int) -> [UInt32] {
    let stride = columns + 1
    var counts = [UInt32](repeating: 0, count: stride * (rows + 1))
    counts.withUnsafeMutableBufferPointer { table in
      bytes.withUnsafeBufferPointer { source in
        let bytesPerRow = columns / 8
        for y in 0..<rows {
          var rowCount: UInt32 = 0
          let base = 16 + y * bytesPerRow
          for x in 0..<columns {
            let bit = source[base + x / 8] >> (7 - UInt8(x % 8)) & 1
            rowCount &+= UInt32(bit)
            table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] &+ rowCount
          }
        }
      }
    }
    return counts
  }

  /// The share of land (0…1) in the rectangle, or nil when it lies wholly beyond a pole.
  /// Longitudes may run past ±180 (they wrap); latitudes are cut at ±90. A rectangle smaller
  /// than a cell is answered for the cell it falls in.
  public func landShare(north: Double, south: Double, west: Double, east: Double) -> Double? {
    guard north.isFinite, south.isFinite, west.isFinite, east.isFinite else { return nil }
    let perDegree = Double(cellsPerDegree)
    let top = ((90 - min(90, north)) * perDegree).rounded()
    let bottom = ((90 - max(-90, south)) * perDegree).rounded()
    guard top < Double(rows), bottom > 0 else { return nil }
    let y0 = Int(max(0, top))
    let y1 = max(y0 + 1, Int(min(Double(rows), bottom)))
    let width = Int(min(Double(columns), max(1, ((east - west) * perDegree).rounded())))
    let x0 = Int(((MapGrid.wrap(west) + 180) * perDegree).rounded())
    let land = count(rows: y0, y1, from: x0, width: width)
    return Double(land) / Double((y1 - y0) * width)
  }

  /// Whether the cell holding `coordinate` is land (false for a coordinate that is not valid).
  public func isLand(_ coordinate: Coordinate) -> Bool {
    guard coordinate.isValid else { return false }
    let perDegree = Double(cellsPerDegree)
    let y = min(rows - 1, Int((90 - coordinate.latitude) * perDegree))
    let x = Int((MapGrid.wrap(coordinate.longitude) + 180) * perDegree) % columns
    return count(y, y + 1, x, x + 1) == 1
  }

  /// Land cells in mask rows `y0..<y1` and columns from `x0`, `width` wide, wrapping past the
  /// antimeridian (`0 ≤ y0 ≤ y1 ≤ rows`, `0 < width ≤ columns`).
  func count(rows y0: Int, _ y1: Int, from x: Int, width: Int) -> Int {
    let x0 = (x % columns + columns) % columns
    if x0 + width <= columns { return count(y0, y1, x0, x0 + width) }
    return count(y0, y1, x0, columns) + count(y0, y1, 0, x0 + width - columns)
  }

  private func count(_ y0: Int, _ y1: Int, _ x0: Int, _ x1: Int) -> Int {
    let stride = columns + 1
    let total =
      Int(counts[y1 * stride + x1]) - Int(counts[y0 * stride + x1])
      - Int(counts[y1 * stride + x0]) + Int(counts[y0 * stride + x0])
    return total
  }
}
