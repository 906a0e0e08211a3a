import Foundation
import TUIApp
import TerminalUI
import Testing
import TextColumns
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// The TUI with only the weather tab, on the fixture service (no latency) and a test scheduler.
@MainActor
final class WeatherTUIHarness: ScreenDriver {
  let session: WeatherSession

  init(
    width: Int = 80, height: Int = 24, symbols: SymbolSet = .unicode, apiKey: String = "",
    service: (any WeatherService)? = nil, samplePosition: Bool = false
  ) throws {
    let scheduler = DispatchQueue.test
    let service = try service ?? FixtureWeatherService(latency: 0, scheduler: scheduler.asAny)
    let cache = InMemoryWeatherCache()
    let viewModel = WeatherViewModel(
      service: service,
      location: StaticLocationProvider(
        fix: LocationFix(
          coordinate: Coordinate(latitude: 52.3731, longitude: 4.8922), horizontalAccuracy: 15),
        isSample: samplePosition),
      cache: cache, apiKey: apiKey,
      initialMapCenter: Coordinate(latitude: 52.3731, longitude: 4.8922), symbols: symbols,
      scheduler: scheduler.asAny)
    let session = WeatherSession(weather: viewModel, cache: cache, scheduler: scheduler.asAny)
    self.session = session
    super.init(width: width, height: height, scheduler: scheduler)
    ascii = symbols == .ascii
    self.start(
      TUIRoot.Tab(number: 1, label: "Weather") {
        WeatherScreen(session: session, scheduler: scheduler.asAny, redraw: $0)
      })
  }

  func search(_ city: String) -> String {
    press(.character("/"), .controlU)
    type(city)
    return press(.enter, .escape)
  }
}

@Suite("TUI: weather screens")
@MainActor
struct WeatherScreenTests {
  @Test("80x24: London with its forecast, then the map with the marker on the centre")
  func london() throws {
    let h = try WeatherTUIHarness(apiKey: "abcd1234")
    var lines = h.search("London").components(separatedBy: "\n")
    // The fixtures are samples, and the title line says so before the key.
    #expect(lines[1].hasPrefix(" Weather") && lines[1].hasSuffix("°C   Sample data   key ****1234"))
    #expect(lines[2].hasPrefix(" City: [London"))
    #expect(lines[3].hasPrefix("┌─ Now ─") && lines[3].count == 80)
    #expect(lines[5] == "│  ☁  London" + String(repeating: " ", count: 67) + "│")
    #expect(lines[6].hasPrefix("│     12°C    Humidity 81%"))
    #expect(lines[7].hasPrefix("│     Broken clouds"))
    #expect(lines[8].hasPrefix("├─ 5-day forecast ─") && lines[8].hasSuffix("┤"))
    #expect(lines[9].hasPrefix("│▂▁▂▅▆▇▅▃▂▁▃▅▆▇▆▃▃▂▃▆▇█▆▄▃▂▄▆▇█▇▅▂▂▃▅▇▇▆▄"))
    #expect(lines[11].hasPrefix("│ Mon ☁   8°C  16°C ▂▁▂▅▆▇▅▃"))
    #expect(lines[15].hasPrefix("│ Fri ◐   9°C  17°C ▂▂▃▅▇▇▆▄"))
    #expect(lines[23].hasPrefix(" / search  l locate  m map  u °C/°F  k key  r refresh"))
    lines = h.press(.character("m")).components(separatedBy: "\n")
    #expect(lines[3].hasSuffix("┌─ Map 51.51,-0.13 z4 ───────────────┐"))
    #expect(lines[3].hasPrefix("┌─ Now ─") && lines[8].hasPrefix("├─ 5-day forecast ─"))
    let grid = lines[4...16].map { String($0.suffix(38).dropFirst().dropLast()) }
    let sized = grid.count == 13 && grid.allSatisfy { $0.count == 36 }
    #expect(sized)
    #expect(Array(grid[6])[18] == "☁")
    #expect(grid.joined().contains("█") && grid.joined().contains("."))
    #expect(lines[18].hasSuffix("│ ☁ London 12°C                      │"))
    #expect(lines[21].hasSuffix("┘") && lines[23].hasPrefix(" ←↑↓→ pan"))
  }

  @Test("panning looks up the new centre after the settle delay; units re-render")
  func panAndUnits() throws {
    let h = try WeatherTUIHarness()
    _ = h.search("London")
    h.press(.character("m"), .right)
    h.scheduler.advance(seconds: 0.5)
    var screen = h.screen()
    #expect(screen.contains("Map 51.51,7.87 z4") && screen.contains("☂  Amsterdam"))
    h.press(.character("+"))
    #expect(h.screen().contains("Map 51.51,7.87 z5"))
    h.press(.escape, .character("u"))
    screen = h.screen()
    #expect(screen.contains("51°F    Humidity 88%") && screen.contains(" ☁ London 54°F"))
  }

  @Test("a failed search shows the toast and the placeholder; the toast clears after 3 s")
  func failure() throws {
    let h = try WeatherTUIHarness()
    let screen = h.search("Atlantis")
    #expect(screen.contains(" ! City not found"))
    #expect(screen.contains("?  No data") && screen.contains("--    Humidity --"))
    #expect(screen.contains(" No forecast"))
    h.scheduler.advance(seconds: 3)
    #expect(!h.screen().contains("City not found"))
  }

  @Test(
    "k opens the key dialog; a blank key is refused on the toast line; Return with a key closes it")
  func keyDialog() throws {
    let h = try WeatherTUIHarness()
    var screen = h.press(.character("k"))
    #expect(screen.contains("OpenWeatherMap API key:"))
    screen = h.press(.enter)
    #expect(screen.contains(" ! API key must not be empty") && screen.contains("API key:"))
    h.type("secret99")
    screen = h.press(.enter)
    #expect(!screen.contains("OpenWeatherMap API key:") && screen.contains("key ****et99"))
    #expect(!screen.contains("secret99"))
  }

  @Test("typing q, 1 or ? in the city field types them")
  func fieldKeys() throws {
    let h = try WeatherTUIHarness()
    h.press(.character("/"))
    h.type("q1?")
    #expect(h.screen().contains("City: [q1?"))
  }

  @Test("40x12: Now in three rows, the map as a caption and a 38x3 grid, short hints")
  func small() throws {
    let h = try WeatherTUIHarness(width: 40, height: 12)
    _ = h.search("London")
    h.press(.character("m"))
    h.scheduler.settle()  // the map takes the size the first frame gave it
    let lines = h.screen().components(separatedBy: "\n")
    let fits = lines.count == 12 && lines.allSatisfy { TextWidth.of($0) <= 40 }
    #expect(fits)
    #expect(lines[3].hasPrefix("   ☁  London") && lines[4].contains("12°C"))
    #expect(lines[6].hasPrefix("┌─ Map 51.51,-0.13 z4"))
    let gridRows = lines[7...9].allSatisfy { $0.count == 40 && $0.hasPrefix("│.") }
    #expect(gridRows)
    #expect(lines[8].contains("☁"))
    h.press(.escape)
    #expect(h.screen().components(separatedBy: "\n")[11] == " / search  l locate  ? help  q quit")
  }

  @Test("ASCII mode draws only ASCII")
  func ascii() throws {
    let h = try WeatherTUIHarness(symbols: .ascii)
    _ = h.search("Reykjavik")
    _ = h.search("London")
    let screen = h.press(.character("m"))
    let onlyASCII = screen.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(onlyASCII)
    #expect(screen.contains("+- Now -") && screen.contains("C  London") && screen.contains("12C"))
    #expect(screen.contains("u C/F") == false)  // the map has focus: map hints
    h.press(.escape)
    #expect(h.screen().contains("u C/F"))
  }

  @Test("issue 29, item 5: a session that cannot save the key does not offer to")
  func keyDialogWithoutSaving() throws {
    let h = try WeatherTUIHarness()
    let screen = h.press(.character("k"))
    #expect(screen.contains("Return use key  Esc close"), "\(screen)")
    #expect(!screen.contains("Tab save"))
  }
}
