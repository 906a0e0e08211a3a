import Foundation
import TerminalUI
import Testing
import WeatherFeature

@testable import TUIApp

@Suite("TUI: the weather map panel")
@MainActor
struct WeatherMapPanelTests {
  /// The map panel's rows of `screen`: from the row holding `Map ` to the marker rule, the
  /// cells between the panel's side borders.
  func grid(_ screen: String, width: Int) -> (rows: [String], top: Int) {
    let lines = screen.components(separatedBy: "\n")
    let top = lines.firstIndex { $0.contains("─ Map ") } ?? 0
    let mapWidth = width * 38 / 80
    var rows: [String] = []
    for line in lines[(top + 1)...] {
      let panel = Array(line).suffix(mapWidth)
      guard panel.first == "│", panel.last == "│" else { break }
      let inside = String(panel.dropFirst().dropLast())
      if inside.allSatisfy({ $0 == "─" }) { break }
      rows.append(inside)
    }
    return (rows, top)
  }

  @Test("WW-09 the map fills its pane at 80x24 and 120x40, and the view model draws that size")
  func fillsThePane() throws {
    for (width, height) in [(80, 24), (120, 40)] {
      let h = try WeatherTUIHarness(width: width, height: height)
      _ = h.search("London")
      // The first frame tells the view model the pane's size; the next one draws at it.
      _ = h.press(.character("m"))
      h.scheduler.settle()
      let screen = h.screen()
      let (rows, top) = grid(screen, width: width)
      let columns = width * 38 / 80 - 2
      // Every row between the caption and the three marker rows (and their rule) is map.
      let expectedRows = (height - 2) - (top + 1) - 1 - 3 - 1
      #expect(rows.count == expectedRows, "\(width)x\(height)")
      #expect(rows.allSatisfy { $0.count == columns }, "\(width)x\(height)")
      var state: WeatherState?
      let reading = h.session.weather.state.drive { state = $0 }
      reading.cancel()
      #expect(rows == state?.mapRows, "\(width)x\(height)")
      #expect(rows.joined().contains("█"), "land is drawn at \(width)x\(height)")
    }
  }

  @Test("issue 39: the TUI asks for place names from a 60-column grid (132x40), not at 120x40")
  func namesWhenWide() throws {
    for (width, height, named) in [(120, 40, false), (132, 40, true)] {
      let h = try WeatherTUIHarness(width: width, height: height)
      _ = h.search("London")
      _ = h.press(.character("m"))
      h.scheduler.settle()
      let rows = grid(h.screen(), width: width).rows
      #expect(rows.joined().contains("☁ London") == named, "\(width)x\(height)")
    }
  }

  /// Issue 27, item 4: the focus follows what the key meant (show the map and steer it), not a
  /// state read back right after the input, whatever the delivery timing.
  @Test("m shows the map with the arrows on it, whether or not the state arrived in between")
  func mFocusesTheMap() throws {
    for settleBetween in [false, true] {
      let h = try WeatherTUIHarness(width: 80, height: 24)
      _ = h.search("London")
      _ = h.press(.character("m"))
      if settleBetween { h.scheduler.settle() }
      var before: WeatherState?
      h.session.weather.state.drive { before = $0 }.cancel()
      _ = h.press(.right)
      h.scheduler.settle()
      var after: WeatherState?
      h.session.weather.state.drive { after = $0 }.cancel()
      #expect(before?.mapVisible == true && after?.mapVisible == true)
      #expect(
        before?.mapCaption != after?.mapCaption, "the arrow panned (settled: \(settleBetween))")
    }
  }

  /// Issue 27, item 4: drawing changes nothing; the size reaches the view model as an input
  /// from the resize event.
  @Test("drawing at another size leaves the grid's size alone; the resize event sets it")
  func sizeFromResizeOnly() throws {
    let h = try WeatherTUIHarness(width: 80, height: 24)
    _ = h.search("London")
    _ = h.press(.character("m"))
    func gridRows() -> Int {
      var state: WeatherState?
      h.session.weather.state.drive { state = $0 }.cancel()
      return state?.mapRows.count ?? -1
    }
    let before = gridRows()
    h.canvas.resize(width: 120, height: 40)
    _ = h.screen()
    h.scheduler.settle()
    #expect(gridRows() == before, "a draw set the map's size")
    h.resize(120, 40)
    h.scheduler.settle()
    #expect(gridRows() == WeatherMapPane.on(columns: 120, rows: 40)?.gridSize.rows)
    #expect(gridRows() != before)
  }

  @Test("WW-09 Now and the forecast keep their borders: the forecast's title line closes Now")
  func panelBorders() throws {
    for (width, height) in [(80, 24), (120, 40)] {
      let h = try WeatherTUIHarness(width: width, height: height)
      _ = h.search("London")
      let lines = h.press(.character("m")).components(separatedBy: "\n")
      let leftWidth = width - width * 38 / 80
      let left = lines.map { String(Array($0).prefix(leftWidth)) }
      #expect(left[3].hasPrefix("┌─ Now ─") && left[3].hasSuffix("┐"))
      #expect(left[8].hasPrefix("├─ 5-day forecast ─") && left[8].hasSuffix("┤"))
      #expect(left[4...7].allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") })
      #expect(left[height - 3].hasPrefix("└") && left[height - 3].hasSuffix("┘"))
    }
  }

  @Test("WW-02 land and sea are coloured apart; without colour the glyphs still differ")
  func colours() throws {
    let h = try WeatherTUIHarness()
    _ = h.search("London")
    _ = h.press(.character("m"))
    let canvas = h.canvas
    let lines = canvas.lines().map(Array.init)
    var landStyles = Set<Int>()
    var seaStyles = Set<Int>()
    for row in 4...16 {
      for column in 43..<79 {
        let style = canvas.style(row: row, column: column)
        switch lines[row][column] {
        case ".": seaStyles.insert(style.rawValue)
        case "█": landStyles.insert(style.rawValue)
        default: break
        }
      }
    }
    #expect(seaStyles == [TextStyle([.blue, .dim]).rawValue])
    #expect(landStyles == [TextStyle.green.rawValue])
  }
}
