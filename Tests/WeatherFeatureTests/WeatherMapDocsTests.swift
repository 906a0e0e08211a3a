import Foundation
import Testing
import WeatherFeature

/// Docs/Weather.md shows the map as the app draws it; these tests keep the two together.
@Suite("Weather: the map in the docs")
struct WeatherMapDocsTests {
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/Weather.md")

  /// The code blocks of the map section, in order.
  func mapBlocks() throws -> [[String]] {
    let text = try String(contentsOf: Self.docs, encoding: .utf8)
    guard let start = text.range(of: "## The map\n"),
      let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)
    else { return [] }
    let section = text[start.upperBound..<end.lowerBound]
    let parts = section.components(separatedBy: "```")
    return stride(from: 1, to: parts.count, by: 2).map { index -> [String] in
      let lines: [String] = parts[index].components(separatedBy: "\n")
      return Array(lines.dropFirst().dropLast())
    }
  }

  @Test("WW-12 the docs show the map at zoom 4 and zoom 1 exactly as it is drawn")
  func docsMatchTheGrid() throws {
    let blocks = try mapBlocks()
    try #require(blocks.count >= 2)
    let world = try LandMask.world.get()
    let amsterdam = Coordinate(latitude: 52.3731, longitude: 4.8922)
    func rows(zoom: Int) -> [String] {
      MapGrid.rows(
        center: amsterdam, zoom: zoom, columns: 36, rows: 13, markers: [], land: world,
        glyphs: .unicode
      ).map { "  " + $0 }
    }
    #expect(blocks[0] == rows(zoom: 4))
    // Zoom 1 is the whole world, pole to pole.
    #expect(blocks[1] == rows(zoom: 1))
    let text = try String(contentsOf: Self.docs, encoding: .utf8)
    for fact in ["GLOBE", "public domain", "MIT", "1/8°", "Scripts/make-land-mask.py"] {
      #expect(text.contains(fact), "\(fact)")
    }
  }

  /// WW-11 itself is a speed budget, measured and checked by `bench weather` (its rows "WW-11
  /// draw a 200x60 map…" and "WW-11 decode a find answer…", exit 1 when over), never asserted
  /// here; this checks only that the big map the bench times is whole.
  @Test("a 200x60 map with coasts and 28 markers has every row full width and every marker")
  func benchShape() throws {
    let world = try LandMask.world.get()
    let places = (0..<28).map { index in
      MapMarker(
        id: "p\(index)",
        coordinate: Coordinate(
          latitude: Double(index % 7) * 8 - 20, longitude: Double(index) * 4 - 50),
        icon: "☁", label: "")
    }
    let map = MapGrid.picture(
      center: Coordinate(latitude: 45, longitude: 10), zoom: 3, columns: 200, rows: 60,
      markers: places, land: world, glyphs: .unicode)
    #expect(map.rows.count == 60 && map.rows.allSatisfy { $0.count == 200 })
    #expect(map.rows.joined().filter { $0 == "☁" }.count == 28)
    #expect(map.runs.joined().contains { $0.paint == .land })
  }
}
