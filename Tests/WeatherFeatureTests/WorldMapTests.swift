import Foundation
import Testing
import WeatherFeature

@Suite("Weather: the world map")
@MainActor
struct WorldMapTests {
  let world: LandMask

  init() throws { world = try LandMask.world.get() }

  /// The picture of a 9 × 9 grid around `center`.
  func picture(
    _ center: Coordinate, zoom: Int, columns: Int = 9, rows: Int = 9, glyphs: MapGlyphs = .unicode
  ) -> MapPicture {
    MapGrid.picture(
      center: center, zoom: zoom, columns: columns, rows: rows, markers: [], land: world,
      glyphs: glyphs)
  }

  /// The paint of every cell of `picture`, row by row.
  func paints(_ picture: MapPicture) -> [[MapPaint]] {
    picture.runs.map { runs in
      runs.flatMap { run in Array(repeating: run.paint, count: run.text.count) }
    }
  }

  @Test("WW-01 the bundled mask covers the world at 8 cells per degree")
  func bundledMask() {
    #expect(world.cellsPerDegree == 8)
    #expect(world.isLand(Coordinate(latitude: 51.5, longitude: -0.13)))  // London
    #expect(world.isLand(Coordinate(latitude: -23.55, longitude: -46.63)))  // São Paulo
    #expect(!world.isLand(Coordinate(latitude: 0, longitude: -30)))  // mid-Atlantic
    #expect(!world.isLand(Coordinate(latitude: 30, longitude: -150)))  // North Pacific
    let share = world.landShare(north: 90, south: -90, west: -180, east: 180) ?? 0
    #expect(share > 0.25 && share < 0.40)
    #expect(world.landShare(north: 100, south: 95, west: 0, east: 10) == nil)
  }

  @Test("WW-03 at zoom 1 the cell over London is land and the one over 0° N 30° W is sea")
  func zoomOne() {
    let grid = paints(picture(Coordinate(latitude: 0, longitude: 0), zoom: 1))
    // London (51.5 N, 0.13 W): column 4 + round(-0.13 / 8), row 4 - round(51.5 / 16).
    #expect(grid[1][4] == .land)
    // 0° N, 30° W: column 4 + round(-30 / 8) = 0, row 4.
    #expect(grid[4][0] == .sea)
    #expect(grid[4][4] == .centre)
  }

  @Test("WW-03 Iceland is drawn at zoom 4: land across the centre row, the ocean south of it")
  func iceland() {
    // 15° of longitude by 14° of latitude around the island (11° wide, 3° tall).
    let map = picture(Coordinate(latitude: 64.9, longitude: -18.6), zoom: 4, columns: 15, rows: 7)
    let grid = paints(map)
    #expect(grid[3].filter { $0 == .land }.count >= 6, "\(map.rows)")
    #expect(grid[3][1] == .sea && grid[3][14] == .sea, "\(map.rows)")
    #expect(grid[5...].allSatisfy { $0.allSatisfy { $0 == .sea } }, "\(map.rows)")
    #expect(map.rows[3].contains("█"))
  }

  @Test("WW-02 Unicode draws coasts with quadrant blocks; ASCII with # and .")
  func glyphSets() {
    let center = Coordinate(latitude: 50, longitude: 5)
    let unicode = picture(center, zoom: 4, columns: 36, rows: 13)
    let ascii = picture(center, zoom: 4, columns: 36, rows: 13, glyphs: .ascii)
    #expect(unicode.rows.joined().contains { "▘▝▖▗▌▐▀▄▞▚▛▜▙▟".contains($0) })
    #expect(Set(ascii.rows.joined()).isSubset(of: ["#", ".", "+"]))
    #expect(ascii.rows.joined().contains("#") && ascii.rows.joined().contains("."))
    // Each run's text joined is its row, and both sets agree on where land is.
    #expect(unicode.runs.map { $0.map(\.text).joined() } == unicode.rows)
    for (u, a) in zip(unicode.rows, ascii.rows) {
      for (uc, ac) in zip(u, a) where ac == "#" { #expect(uc != ".") }
    }
  }

  @Test("WW-01 the rows beyond a pole are blank, at every zoom level from 2")
  func beyondThePole() {
    for zoom in 1...6 {
      let map = picture(Coordinate(latitude: 85, longitude: 0), zoom: zoom, columns: 20, rows: 60)
      #expect(map.rows.count == 60 && map.rows.allSatisfy { $0.count == 20 }, "zoom \(zoom)")
      if (2...3).contains(zoom) {
        #expect(map.rows[0] == String(repeating: " ", count: 20), "zoom \(zoom)")
      }
    }
  }

  @Test(
    "issue 29, item 4: zoom 1 is the world once, pole to pole, at any size",
    arguments: [(36, 13), (38, 3), (95, 49), (198, 55)])
  func wholeWorld(columns: Int, rows: Int) throws {
    let center = Coordinate(latitude: 52.37, longitude: 4.89)
    let map = picture(center, zoom: 1, columns: columns, rows: rows)
    // No row beyond a pole, and the bottom row is Antarctica's land.
    #expect(!map.rows.contains { $0.allSatisfy { $0 == " " } })
    if rows >= 13 { #expect(map.rows.last?.filter { $0 == "█" }.count ?? 0 > columns / 2) }
    // The world is not repeated: no row's left half is its right half, except rows all sea.
    for row in map.rows where Set(row).count > 1 {
      let cells = Array(row)
      let half = columns / 2
      #expect(Array(cells[0..<half]) != Array(cells[half..<(2 * half)]), "\(row)")
    }
    let area = MapGrid.area(center: center, zoom: 1, columns: columns, rows: rows)
    #expect(abs(area.westward + area.eastward - 360) < 1e-9)
    #expect(abs(area.north - 90) < 1e-9 && abs(area.south + 90) < 1e-9)
    // Every place on Earth is in view, so the map asks for the places around the centre.
    #expect(area.contains(Coordinate(latitude: -33.87, longitude: 151.21)))
  }

  @Test("WW-01 a damaged mask is refused with a reason, never read past its end")
  func damagedMask() {
    #expect(throws: LandMaskError.self) { try LandMask(data: Data()) }
    #expect(throws: LandMaskError.self) { try LandMask(data: Data("HMLAND01".utf8)) }
    var header = Data("HMLAND01".utf8)
    header.append(contentsOf: [0x40, 0x0B, 0, 0, 0xA0, 0x05, 0, 0])  // 2880 × 1440
    #expect(throws: LandMaskError.self) { try LandMask(data: header + Data(count: 100)) }
    var huge = Data("HMLAND01".utf8)
    huge.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
    #expect(throws: LandMaskError.self) { try LandMask(data: huge) }
    let small =
      Data("HMLAND01".utf8) + Data([0x68, 0x01, 0, 0, 0xB4, 0, 0, 0]) + Data(count: 45 * 180)
    #expect((try? LandMask(data: small))?.cellsPerDegree == 1)
  }

  @Test("WW-01 a mask that did not load: the map is sea, and the first showing says why once")
  func missingMask() {
    let h = WeatherHarness(land: .failure(.unreadable("land-mask.bin is not in the bundle")))
    h.viewModel.toggleMap()
    h.viewModel.toggleMap()
    h.viewModel.toggleMap()
    h.scheduler.settle()
    #expect(
      h.toast.values == [
        "No land on the map: the map's land mask could not be read: land-mask.bin is not in the bundle"
      ])
    #expect(h.mapRows.last?.joined().allSatisfy { $0 == "." || $0 == "+" } == true)
  }
}

@Suite("Weather: place names on a wide map")
@MainActor
struct MapNameTests {
  let london = MapMarker(
    id: "london", coordinate: Coordinate(latitude: 51.51, longitude: -0.13), icon: "☁",
    label: "☁ London 12°C", name: "London")
  let paris = MapMarker(
    id: "paris", coordinate: Coordinate(latitude: 48.85, longitude: 2.35), icon: "◐",
    label: "◐ Paris 18°C", name: "Paris")
  let tokyo = MapMarker(
    id: "tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.69), icon: "☀",
    label: "☀ 東京 20°C", name: "東京")

  func rows(columns: Int, markers: [MapMarker], zoom: Int = 4, names: Bool = true) -> [String] {
    MapGrid.rows(
      center: Coordinate(latitude: 50, longitude: 2), zoom: zoom, columns: columns, rows: 21,
      markers: markers, names: names)
  }

  @Test("issue 29, item 4: asked for names, each marker is named where the cells are free")
  func named() {
    let wide = rows(columns: 93, markers: [paris, london])
    #expect(wide.contains { $0.contains("☁ London") } && wide.contains { $0.contains("◐ Paris") })
    // Not asked (the CLI's 36-column map, the spec's), icons only, however wide.
    let plain = rows(columns: 93, markers: [paris, london], names: false)
    #expect(!plain.joined().contains("London") && plain.joined().contains("☁"))
    // Every row keeps its width: a name takes only cells it found free.
    #expect(wide.allSatisfy { $0.count == 93 })
  }

  @Test("a name that would run off the grid or over another marker is left out; wide glyphs too")
  func leftOut() {
    // At zoom 6 London and Paris are far apart; at zoom 1 they share a cell's neighbourhood.
    let crowded = rows(columns: 61, markers: [london, paris], zoom: 1)
    #expect(crowded.joined().filter { $0 == "☁" || $0 == "◐" }.count <= 2)
    #expect(crowded.allSatisfy { $0.count == 61 })
    let far = rows(columns: 93, markers: [tokyo], zoom: 1)
    #expect(!far.joined().contains("東京") && far.joined().contains("☀"))
  }
}
