import Foundation
import TUIApp
import TerminalUI
import Testing

/// A screen that only records what it was told.
@MainActor
final class RecordingScreen: AppScreen {
  private(set) var changes: [Bool] = []
  var hasFocusedField: Bool { false }
  var hasOverlay: Bool { false }
  var hints: [Hint] { [] }
  var helpLines: [(key: String, meaning: String)] { [] }
  func draw(_ painter: Painter) {}
  func handle(_ key: Key) -> KeyOutcome { .ignored }
  func willQuit() {}
  func setActive(_ active: Bool) { changes.append(active) }
}

@Suite("TUI: the shown tab is the active one")
@MainActor
struct TabActivationTests {
  @Test("AV-02 switching tabs deactivates the old screen and activates the new one")
  func av02() {
    var made: [Int: RecordingScreen] = [:]
    let tabs = (1...3).map { number in
      TUIRoot.Tab(number: number, label: "App \(number)") { _ in
        let screen = RecordingScreen()
        made[number] = screen
        return screen
      }
    }
    let root = TUIRoot(tabs: tabs, initial: 1)
    let canvas = MemoryCanvas(width: 80, height: 24)
    root.draw(Painter(canvas: canvas, ascii: false, color: false))
    #expect(made[1]?.changes == [true] && made[2] == nil)
    _ = root.handle(.character("2"))
    #expect(made[1]?.changes == [true, false] && made[2]?.changes == [true])
    _ = root.handle(.tab)
    #expect(made[2]?.changes == [true, false] && made[3]?.changes == [true])
    _ = root.handle(.character("3"))  // the shown tab again: nothing changes
    #expect(made[3]?.changes == [true])
    _ = root.handle(.character("1"))
    #expect(made[1]?.changes == [true, false, true] && made[3]?.changes == [true, false])
  }

  @Test("AV-03 focus-out makes the shown tab inactive and focus-in active again; others stay off")
  func av03() {
    var made: [Int: RecordingScreen] = [:]
    let tabs = (1...2).map { number in
      TUIRoot.Tab(number: number, label: "App \(number)") { _ in
        let screen = RecordingScreen()
        made[number] = screen
        return screen
      }
    }
    let root = TUIRoot(tabs: tabs, initial: 1)
    root.draw(Painter(canvas: MemoryCanvas(width: 80, height: 24), ascii: false, color: false))
    root.setSeen(false)
    root.setSeen(false)  // a repeat does nothing
    #expect(made[1]?.changes == [true, false])
    _ = root.handle(.character("2"))  // a tab made while the terminal is not seen starts off
    #expect(made[1]?.changes == [true, false] && made[2]?.changes == [false])
    root.setSeen(true)
    #expect(made[1]?.changes == [true, false] && made[2]?.changes == [false, true])
    _ = root.handle(.character("1"))
    #expect(made[1]?.changes == [true, false, true] && made[2]?.changes == [false, true, false])
  }
}
