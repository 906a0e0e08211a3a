import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Todo: a recorded session replays")
@MainActor
struct TodoInputReplayTests {
  /// The list's and every editor's states, as text, after `inputs` on a fresh session.
  private func run(_ inputs: [TodoSessionInput]) -> (lines: [String], session: TodoSession) {
    let scheduler = DispatchQueue.test
    let service = FakeTaskService(tasks: TaskItem.starterTasks(at: T0), scheduler: scheduler)
    let session = TodoSession(service: service, scheduler: scheduler.asAny)
    let log = WireLog()
    log.follow("tasks", session.tasks.state)
    // An editor is logged from the moment it is on top.
    let editors = session.stack.drive { stack in
      if let editor = stack.last?.scene.editor { log.follow("editor", editor.state) }
    }
    let lines = SessionReplay.play(inputs, into: session, log: log, on: scheduler)
    editors.cancel()
    return (lines, session)
  }

  @Test(
    "issue 39, item 1: the inputs, kept as JSON and read back, replay the session state for state")
  func replay() throws {
    let first = TaskItem.starterTasks(at: T0)[0]
    let inputs: [TodoSessionInput] = [
      .tasks(.quickAdd(title: "Buy tea")),
      .tasks(.quickAdd(title: "   ")),  // refused: no title
      .tasks(.toggle(uid: first.uid)),
      .tasks(.delete(uid: first.uid)),
      .tasks(.undo),
      .editor(.ok),  // refused: no editor is open
      .tasks(.create),
      .editor(.setTitle(text: "Call the plumber")),
      .editor(.ok),
      .tasks(.setFilter(text: "tea")),
    ]
    let kept = try SessionReplay.throughTheWire(inputs)
    #expect(kept == inputs)
    let original = run(inputs)
    let replayed = run(kept)
    #expect(replayed.lines == original.lines)
    #expect(original.lines.contains { $0.hasPrefix("editor ") && $0.contains("Call the plumber") })
    #expect(original.session.editor == nil)
    let last = try #require(original.lines.last { $0.hasPrefix("tasks ") })
    #expect(last.contains(#""filterText":"tea""#) && last.contains("Buy tea"))
  }

  @Test("issue 39, item 2: the list's and the editor's states read back from their wire form")
  func statesRoundTrip() throws {
    let scheduler = DispatchQueue.test
    let service = FakeTaskService(tasks: TaskItem.starterTasks(at: T0), scheduler: scheduler)
    let session = TodoSession(service: service, scheduler: scheduler.asAny)
    let tasks = session.tasks.state.record(on: scheduler)
    session.send(.tasks(.create))
    scheduler.advance(by: 1)
    let editor = try #require(session.editor).state.record(on: scheduler)
    scheduler.advance()
    let list = try #require(tasks.last)
    let open = try #require(editor.last)
    #expect(try SessionReplay.throughTheWire(list) == list)
    #expect(try SessionReplay.throughTheWire(open) == open)
    let text = try WireFormat.text(list.counts)
    #expect(
      text
        == #"{"done":\#(list.counts.done),"due":\#(list.counts.due),"tasks":\#(list.counts.total)}"#
    )
  }

  @Test("issue 39, item 1: an editor input with no editor open is refused")
  func noEditor() {
    let scheduler = DispatchQueue.test
    let session = TodoSession(
      service: FakeTaskService(tasks: [], scheduler: scheduler), scheduler: scheduler.asAny)
    let answer = session.send(.editor(.ok)).record(on: scheduler)
    scheduler.advance()
    #expect(answer.values == [.rejected(TodoRefusal.editorClosed)])
  }
}
