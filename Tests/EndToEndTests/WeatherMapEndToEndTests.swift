import Foundation
import Testing
import ViewModelKitTesting
import WeatherFeature

@Suite("End to end: cli weather map", .serialized, .timeLimit(.minutes(10)))
struct WeatherMapEndToEndTests {
  /// The rows `cli` printed under the last `mapRows:`, once everything had settled.
  func mapRows(_ stdout: String) -> [String] {
    let lines = stdout.components(separatedBy: "\n")
    guard let start = lines.lastIndex(of: "mapRows:") else { return [] }
    return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
  }

  /// The offline places in `area`, nearest first, as the map's markers in `symbols`.
  func placesIn(_ area: MapArea, symbols: SymbolSet) throws -> [MapMarker] {
    let scheduler = DispatchQueue.test
    let service = try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny)
    var places: [Weather] = []
    let lookup = service.placesAround(area, limit: WeatherViewModel.maxNearby, apiKey: "").sink(
      receiveCompletion: { _ in }, receiveValue: { places = $0 })
    scheduler.settle()
    lookup.cancel()
    let format = WeatherFormat(symbols: symbols)
    return places.map {
      MapMarker(
        id: $0.cityName, coordinate: $0.coordinate, icon: format.icon($0.iconCode),
        label: $0.cityName)
    }
  }

  @Test("WW-10 `map` prints the view model's rows, land and the places in view included")
  func mapCommand() async throws {
    let unicode = try await Executables.run(
      "cli", ["weather", "--offline", "map"], environment: ["LANG": "C.UTF-8"])
    let ascii = try await Executables.run(
      "cli", ["weather", "--offline", "--ascii", "map"], environment: ["LANG": "C.UTF-8"])
    #expect(unicode.status == 0 && ascii.status == 0)
    // The offline start: the fixture location, zoom 4, 36 × 13; no recent place yet, and the
    // places in view looked up once the shown map settled (WW-04).
    let center = Coordinate(latitude: 52.3731, longitude: 4.8922)
    let area = MapGrid.area(center: center, zoom: 4, columns: 36, rows: 13)
    let world = try LandMask.world.get()
    let markers = try placesIn(area, symbols: .unicode)
    let expected = MapGrid.rows(
      center: center, zoom: 4, columns: 36, rows: 13, markers: markers, land: world,
      glyphs: .unicode)
    let expectedASCII = MapGrid.rows(
      center: center, zoom: 4, columns: 36, rows: 13, markers: try placesIn(area, symbols: .ascii),
      land: world, glyphs: .ascii)
    #expect(markers.map(\.label) == ["Amsterdam", "London", "Paris", "Berlin", "Barcelona"])
    #expect(mapRows(unicode.stdout) == expected)
    #expect(mapRows(ascii.stdout) == expectedASCII)
    #expect(expected.joined().contains("█") && expectedASCII.joined().contains("#"))
    #expect(unicode.stdout.contains("nearby:\n  ☂ Amsterdam "))
  }

  @Test("WW-10 `map size 20x5` redraws the map at that size; a size out of bounds is refused")
  func mapSize() async throws {
    let output = try await Executables.run(
      "cli", ["weather", "--offline"], input: "map\nmap size 20x5\nmap size 500x2\n",
      environment: ["LANG": "C.UTF-8"])
    let last = output.stdout.components(separatedBy: "mapRows:\n").last ?? ""
    let rows = last.components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }
    #expect(rows.count == 5 && rows.allSatisfy { $0.count == 22 })
    #expect(output.stderr == "error: usage: map size <columns>x<rows> (5–200 x 3–100)\n")
    #expect(output.status == 1)
  }

  @Test("issue 39: `map names on` writes the places' names on the grid; `map names off` not")
  func mapNames() async throws {
    let output = try await Executables.run(
      "cli", ["weather", "--offline"], input: "map\nmap names on\nmap names off\n",
      environment: ["LANG": "C.UTF-8"])
    let grids = output.stdout.components(separatedBy: "mapRows:\n").dropFirst().map {
      $0.components(separatedBy: "\n").prefix { $0.hasPrefix("  ") }.joined()
    }
    #expect(grids.count == 3 && output.status == 0, "\(output.stdout)")
    // A name is a run of letters; the bare grid has only glyphs, dots and the centre.
    let named = grids.map { $0.contains { $0.isLetter && $0.isASCII } }
    #expect(named == [false, true, false], "\(grids)")
  }
}
