import Foundation
import TUIApp
import TerminalUI
import Testing
import WeatherFeature

/// Issue 29, item 3: a click selects a tab, a row, a button or a field; the wheel scrolls
/// lists and zooms the map; a click on the map centres it there.
@Suite("TUI: the mouse")
@MainActor
struct MouseTests {
  func click(_ row: Int, _ column: Int) -> Key {
    .mouse(MouseEvent(.click, row: row, column: column))
  }
  func wheel(down: Bool, _ row: Int = 6, _ column: Int = 10) -> Key {
    .mouse(MouseEvent(down ? .wheelDown : .wheelUp, row: row, column: column))
  }

  @Test("a click on a tab shows it; a click closes the help")
  func tabs() {
    var made: [Int] = []
    let tabs = (1...3).map { number in
      TUIRoot.Tab(number: number, label: "App \(number)") { _ in
        made.append(number)
        return RecordingScreen()
      }
    }
    let root = TUIRoot(tabs: tabs, initial: 1)
    root.resize(columns: 80, rows: 24)
    let canvas = MemoryCanvas(width: 80, height: 24)
    root.draw(Painter(canvas: canvas, ascii: false, color: false))
    // "[1 App 1]  2 App 2   3 App 3 ": tab 3 is columns 20–28.
    _ = root.handle(click(0, 24))
    canvas.clear()
    root.draw(Painter(canvas: canvas, ascii: false, color: false))
    #expect(made == [1, 3], "\(canvas.snapshot())")
    #expect(canvas.snapshot().hasPrefix(" 1 App 1   2 App 2  [3 App 3]"), "\(canvas.snapshot())")
    _ = root.handle(.character("?"))
    _ = root.handle(click(5, 5))
    _ = root.handle(click(0, 12))
    #expect(made == [1, 3, 2], "the click closed the help, the next one switched")
  }

  /// The screen line with the selection mark (`>` in column 1).
  func selectedLine(_ screen: String) -> Int? {
    screen.components(separatedBy: "\n").firstIndex { $0.dropFirst().hasPrefix(">") }
  }

  /// The weather screen's state now.
  func state(_ h: WeatherTUIHarness) -> WeatherState {
    var state = WeatherState.empty
    h.session.weather.state.drive { state = $0 }.cancel()
    return state
  }

  @Test("todo: the wheel moves the selection, a click selects the task under it")
  func todo() {
    let h = TodoTUIHarness()
    #expect(selectedLine(h.screen()) == 4)
    var screen = h.press(wheel(down: true))
    #expect(selectedLine(screen) == 7, "\(screen)")
    screen = h.press(click(5, 20))
    #expect(selectedLine(screen) == 5, "\(screen)")
    screen = h.press(click(3, 20))  // the section header: nothing to select
    #expect(selectedLine(screen) == 5)
    screen = h.press(wheel(down: false))
    #expect(selectedLine(screen) == 4)
  }

  @Test("checkout: [+] and [-] change the row's quantity; the Checkout button checks out")
  func checkout() {
    let h = TUIHarness()
    _ = h.screen()  // the frame with the catalog's rows, which the clicks land on
    // Row 2 (Dozen of Eggs) is line 5; "[-]  0 [+]" starts at column 62 at 80 columns.
    var screen = h.press(click(5, 70), click(5, 70), click(5, 63))
    #expect(
      screen.contains(">  2  Dozen of Eggs") && screen.contains("1 item in cart"), "\(screen)")
    screen = h.press(click(21, 66))
    #expect(screen.contains("Checkout") && screen.contains("Place order"), "\(screen)")
  }

  @Test("weather: the wheel zooms the shown map; a click on it centres it there")
  func weather() throws {
    let h = try WeatherTUIHarness()
    _ = h.press(wheel(down: false))
    #expect(state(h).mapCaption.hasSuffix("z4"), "the wheel does nothing with the map hidden")
    _ = h.press(.character("m"))
    _ = h.press(wheel(down: false))
    #expect(state(h).mapCaption.hasSuffix("z5"))
    _ = h.press(wheel(down: true), wheel(down: true))
    #expect(state(h).mapCaption == "52.37,4.89 z3")
    // The pane is the right 38 columns from row 3: its grid's top-left cell is (4, 43), 18
    // columns west and 6 rows north of the centre cell at zoom 3 (2° a column, 4° a row).
    _ = h.press(click(4, 43))
    #expect(state(h).mapCaption == "76.37,-31.11 z3")
    let screen = h.press(click(2, 10))
    #expect(screen.contains("Esc leave"), "a click on the city line focuses the field")
  }
}
