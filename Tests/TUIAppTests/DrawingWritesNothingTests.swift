import Foundation
import TerminalUI
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@testable import TUIApp

/// Drawing is a function of the states, the size and the screen's own selection: what a key
/// needs (how many rows a page is) comes from the size `resize` gave, never from the last
/// frame drawn (issue 39, item 4).
@Suite("TUI: drawing writes nothing a key reads")
@MainActor
struct DrawingWritesNothingTests {
  @Test("todo: a page is the rows of the terminal's size, whatever size was last drawn")
  func todoPage() {
    let scheduler = DispatchQueue.test
    let start = Date(timeIntervalSince1970: 1_740_000_000)
    let tasks = (1...80).map {
      TaskItem(uid: Int64($0), title: "Task \($0)", added: start.addingTimeInterval(Double($0)))
    }
    let session = TodoSession(
      service: InMemoryTaskService(tasks: tasks, clock: { start }), scheduler: scheduler.asAny)
    let screen = TodoScreen(session: session, scheduler: scheduler.asAny, redraw: {})
    scheduler.settle()
    screen.resize(columns: 80, rows: 40)
    let small = MemoryCanvas(width: 80, height: 8)
    screen.draw(Painter(canvas: small, ascii: false, color: false))
    let before = screen.list
    _ = screen.handle(.pageDown)
    // 40 rows: the list from row 3 to the rule at row 37 holds 34 lines; the 8-row frame drawn
    // just before would have made a page of 2.
    #expect(screen.list.selection - before.selection == 34)
    // Drawing again at another size leaves the selection and the page as they were.
    screen.draw(Painter(canvas: MemoryCanvas(width: 40, height: 12), ascii: false, color: false))
    #expect(screen.list == screen.list.clamped(in: screen.rows, visible: screen.layout.visibleRows))
  }
}
