import Foundation
import TUIApp
import TerminalUI
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// The TUI with only the todo tab, on the five starter tasks in memory.
@MainActor
final class TodoTUIHarness: ScreenDriver {
  let session: TodoSession

  init(width: Int = 80, height: Int = 24) {
    let scheduler = DispatchQueue.test
    let start = (ISO8601DateFormatter().date(from: "2025-03-01T09:00:00Z") ?? .distantPast)
    let service = InMemoryTaskService(
      tasks: TaskItem.starterTasks(at: start),
      clock: { [scheduler] in start.addingTimeInterval(scheduler.elapsed) })
    let session = TodoSession(
      service: service, scheduler: scheduler.asAny,
      calendar: TaskCalendar(
        now: { [scheduler] in start.addingTimeInterval(scheduler.elapsed) },
        timeZone: TimeZone(identifier: "UTC") ?? .current))
    self.session = session
    super.init(width: width, height: height, scheduler: scheduler)
    self.start(
      TUIRoot.Tab(number: 3, label: "Todo") {
        TodoScreen(session: session, scheduler: scheduler.asAny, redraw: $0)
      })
  }
}

@Suite("TUI: todo screens")
@MainActor
struct TodoScreenTests {
  let rule = " " + String(repeating: "─", count: 78)

  @Test("80x24: the list at start, with the due count on the tab")
  func start() {
    let h = TodoTUIHarness()
    let lines = h.screen().components(separatedBy: "\n")
    #expect(
      Array(lines[0...10]) == [
        "[3 Todo (5)]",
        " Todo                                                           5 tasks, 5 due.", rule,
        " Due Tasks", " > [ ] Welcome! Press Space to check off a task",
        "   [ ] Press Enter to edit a task's title",
        "   [ ] Press n to add a new task", "   [ ] Press d to delete a task and u to undo",
        "   [ ] Press / to filter tasks by title", " Done Tasks", "   (none)",
      ])
    #expect(lines[21] == rule)
    #expect(
      lines[23] == " Space toggle  Enter edit  n new  d delete  u undo  / filter  ? help  q quit")
  }

  @Test("new, typing, Enter: the editor saves and closes; the cursor is on the new task")
  func create() {
    let h = TodoTUIHarness()
    h.press(.character("n"))
    #expect(h.screen().contains("─ New Task ─"))
    #expect(
      h.screen().hasSuffix(
        " Enter OK  Esc cancel  Tab next field  ^W word  ^U/^K cut  Ctrl-C quit"))
    h.type("Buy oat milk q?3")
    h.press(.enter)
    let screen = h.screen()
    #expect(!screen.contains("New Task"))
    #expect(screen.contains(" > [ ] Buy oat milk q?3"))
    #expect(screen.contains("6 tasks, 6 due."))
  }

  @Test("issue 42: a row shows its due date, priority and tags; the editor's Tab reaches Due")
  func details() {
    let h = TodoTUIHarness()
    h.session.tasks.send(.addWords(text: "Pay rent due:tomorrow priority:H +home"))
    h.scheduler.settle()
    h.press(.up)
    let row = h.screen().components(separatedBy: "\n")[4]
    #expect(row == " > [ ] Pay rent" + String(repeating: " ", count: 43) + "due tomorrow  H +home")
    h.press(.enter)
    h.press(.tab)
    for _ in 0..<10 { h.press(.backspace) }
    h.type("fri")
    #expect(h.screen().contains("Due       [fri         ] Fri 2025-03-07"))
    h.press(.enter)
    #expect(
      h.screen().contains(
        " > [ ] Pay rent" + String(repeating: " ", count: 42) + "due in 6 days  H +home"))
    #expect(h.session.tasks.task(uid: 6)?.due == TaskDay(text: "2025-03-07"))
  }

  @Test("Enter on a blank title shows why on the toast line")
  func blankTitle() {
    let h = TodoTUIHarness()
    h.press(.character("n"), .enter)
    #expect(h.screen().components(separatedBy: "\n")[22] == " ! Enter a title.")
    #expect(h.screen().contains("( OK )"))
    h.press(.escape)
    #expect(h.screen().contains("5 tasks, 5 due."))
  }

  @Test("Space toggles and the cursor keeps its screen position")
  func toggle() {
    let h = TodoTUIHarness()
    h.press(.character(" "), .character(" "))
    let lines = h.screen().components(separatedBy: "\n")
    #expect(lines[4] == " > [ ] Press n to add a new task")
    #expect(lines.contains("   [x] Press Enter to edit a task's title"))
    #expect(h.screen().contains("[3 Todo (3)]"))
  }

  @Test("delete and undo, with toasts; u with nothing to undo says so")
  func deleteUndo() {
    let h = TodoTUIHarness()
    h.press(.character("u"))
    #expect(h.screen().components(separatedBy: "\n")[22] == " ! Nothing to undo.")
    h.press(.down, .character("d"))
    #expect(
      h.screen().components(separatedBy: "\n")[22]
        == " ! Deleted \"Press Enter to edit a task's title\". Undo brings it back.")
    h.press(.character("u"))
    #expect(h.screen().contains("   [ ] Press Enter to edit a task's title"))
  }

  @Test("the filter box filters after the debounce; Esc clears it")
  func filter() {
    let h = TodoTUIHarness()
    h.press(.character("/"))
    h.type("title")
    h.scheduler.advance(seconds: 0.2)
    let screen = h.screen()
    #expect(screen.contains(" Filter: [title"))
    #expect(screen.contains("Filter \"title\": 2 of 5 tasks"))
    #expect(!screen.contains("Press n to add a new task"))
    h.press(.escape)
    #expect(h.screen().contains("Press n to add a new task"))
  }

  @Test("40x12: short hints and at least five rows")
  func small() {
    let h = TodoTUIHarness(width: 40, height: 12)
    let lines = h.screen().components(separatedBy: "\n")
    #expect(lines[11] == " Spc toggle  n new  ? help  q quit")
    #expect(lines.filter { $0.hasPrefix("   [ ]") || $0.hasPrefix(" > [ ]") }.count >= 5)
    #expect(lines[4] == " > [ ] Welcome! Press Space to check o…")
  }
}
