import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 1, through the list and the editor in virtual time: taskwarrior's words
/// become tasks with a due date, a priority and tags; the list sorts by what matters, says due
/// dates relative to today (and moves on at midnight), filters by them, and the editor edits
/// them. T0 is Saturday 2025-03-01, 09:00 UTC.
@Suite("Todo: due dates, priorities and tags (view models)")
@MainActor
struct TaskDetailsBehaviourTests {
  func answer(_ h: TodoHarness, _ input: TasksInput) -> InputResult? {
    let answer = h.tasks.send(input).record(on: h.scheduler)
    h.scheduler.settle()
    return answer.values.last
  }

  func dueSection(_ h: TodoHarness) -> TaskSection? {
    h.sectionsRecorder.last?.first { $0.kind == .due }
  }

  @Test("issue 42: add in taskwarrior's words stores the details; the list puts it first")
  func addWords() throws {
    let h = TodoHarness()
    #expect(answer(h, .addWords(text: "Pay rent due:fri priority:H +home +bills")) == .accepted)
    let task = h.task(6)
    #expect(task.title == "Pay rent" && task.due == TaskDay(text: "2025-03-07"))
    #expect(task.priority == .high && task.tags == ["bills", "home"])
    #expect(answer(h, .addWords(text: "Call the bank due:today")) == .accepted)
    #expect(answer(h, .add(title: "Low one", fields: TaskFields(priority: "L"))) == .accepted)
    #expect(h.layout == "due [7,6,8,5,4,3,2,1] · done []")
    let section = try #require(dueSection(h))
    #expect(section.details(of: h.task(7)) == "due today")
    #expect(section.details(of: h.task(6)) == "due in 6 days  H +bills +home")
    #expect(section.dueStatus(of: h.task(7)) == .today)
  }

  @Test("issue 42: a field that does not read is refused with the reason, and nothing is added")
  func refusedAdd() {
    let h = TodoHarness()
    #expect(
      answer(h, .addWords(text: "Pay rent due:someday"))
        == .rejected("Not a due date: \"someday\". Use \(TaskDueWord.hint)."))
    #expect(answer(h, .addWords(text: "due:fri +home")) == .rejected("Enter a title."))
    #expect(h.layout == "due [5,4,3,2,1] · done []")
  }

  @Test("issue 54: a word that names no field is refused in add and modify; after -- it is title")
  func unknownFieldWords() {
    let h = TodoHarness()
    let refusal = TaskFieldError.unknownField("recur:daily").message
    #expect(answer(h, .addWords(text: "Standup due:tomorrow recur:daily")) == .rejected(refusal))
    #expect(answer(h, .modifyWords(uid: 5, text: "recur:daily")) == .rejected(refusal))
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(answer(h, .addWords(text: "Standup -- recur:daily")) == .accepted)
    #expect(h.task(6).title == "Standup recur:daily")
    #expect(answer(h, .modifyWords(uid: 6, text: "+work -- Daily standup")) == .accepted)
    #expect(h.task(6).title == "Daily standup" && h.task(6).tags == ["work"])
  }

  @Test("issue 42: modify changes the details; done checks off, and is refused when done already")
  func modifyAndDone() {
    let h = TodoHarness()
    _ = answer(h, .addWords(text: "Pay rent due:tomorrow +home"))
    #expect(
      answer(
        h,
        .modify(
          uid: 6,
          fields: TaskFields(due: "", priority: "m", addTags: ["work"], removeTags: ["home"])))
        == .accepted)
    #expect(h.task(6).due == nil && h.task(6).priority == .medium && h.task(6).tags == ["work"])
    #expect(
      answer(h, .modify(uid: 6, fields: TaskFields())) == .rejected(TodoRefusal.nothingToChange))
    #expect(answer(h, .modify(uid: 42, fields: TaskFields(done: true))) == .rejected("no task #42"))
    h.at(5)
    #expect(answer(h, .modify(uid: 6, fields: TaskFields(done: true))) == .accepted)
    #expect(h.task(6).checked == T0.addingTimeInterval(5))
    #expect(
      answer(h, .modify(uid: 6, fields: TaskFields(done: true)))
        == .rejected("Task #6 is done already."))
    #expect(h.toasts.values.isEmpty)
    // Undo takes the changes back one by one.
    #expect(answer(h, .undo) == .accepted)
    #expect(h.task(6).checked == nil)
    #expect(answer(h, .undo) == .accepted)
    #expect(h.task(6).due == TaskDay(text: "2025-03-02") && h.task(6).tags == ["home"])
  }

  @Test("issue 42: past midnight, due today becomes overdue 1 day without any change")
  func midnight() throws {
    let h = TodoHarness()
    _ = answer(h, .addWords(text: "Pay rent due:today"))
    #expect(try #require(dueSection(h)).details(of: h.task(6)) == "due today")
    let before = h.sectionsRecorder.values.count
    h.at(14 * 3600)  // 23:00: still Saturday
    #expect(h.sectionsRecorder.values.count == before)
    h.at(15 * 3600 + 60)  // 00:01 on Sunday
    let section = try #require(dueSection(h))
    #expect(section.details(of: h.task(6)) == "overdue 1 day")
    #expect(section.dueStatus(of: h.task(6)) == .overdue)
    #expect(h.sectionsRecorder.values.count == before + 1)
  }

  @Test("issue 42: the filter takes +tag, -tag, priority:, due.before:, overdue and title words")
  func filters() {
    let h = TodoHarness()
    _ = answer(h, .addWords(text: "Pay rent due:yesterday priority:H +home"))
    _ = answer(h, .addWords(text: "Buy paint due:2025-03-20 +home +diy"))
    _ = answer(h, .addWords(text: "Call Ana +work"))
    let cases: [(String, String)] = [
      ("+home", "due [6,7] · done []"), ("+home -diy", "due [6] · done []"),
      ("overdue", "due [6] · done []"), ("+OVERDUE", "due [6] · done []"),
      ("due.before:eom", "due [6,7] · done []"), ("due.after:today", "due [7] · done []"),
      ("priority:h", "due [6] · done []"), ("+work call", "due [8] · done []"),
      ("due:2025-03-20", "due [7] · done []"), ("due: +work", "due [8] · done []"),
      ("priority: -work", "due [7,5,4,3,2,1] · done []"),
    ]
    for (filter, layout) in cases {
      h.tasks.setFilter(filter)
      h.scheduler.advance(seconds: 0.2)
      #expect(h.layout == layout, "\(filter)")
    }
    h.tasks.setFilter("due.before:someday")
    h.scheduler.advance(seconds: 0.2)
    #expect(h.layout == "due [] · done []")
    #expect(
      h.value(h.tasks.filterSummary)
        == "Filter \"due.before:someday\": Not a due date: \"someday\". Use \(TaskDueWord.hint).")
  }

  @Test("issue 42: the editor edits due date, priority and tags, and says what a due word names")
  func editor() throws {
    let h = TodoHarness()
    _ = answer(h, .addWords(text: "Pay rent +home"))
    h.tasks.edit(h.task(6))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    let state = h.value(editor.state)
    #expect(state.due == "" && state.priority == "" && state.tags == "home")
    editor.send(.setDue(text: "fri"))
    #expect(h.value(editor.state).dueDay == "Fri 2025-03-07")
    editor.send(.setPriority(text: "X"))
    #expect(!h.value(editor.state).okEnabled)
    #expect(h.value(editor.state).validationMessage == "Not a priority: \"X\". Use H, M or L.")
    #expect(editor.ok() == .rejected("Not a priority: \"X\". Use H, M or L."))
    editor.send(.setPriority(text: "H"))
    editor.send(.setTags(text: "+work  bills"))
    #expect(editor.ok() == .accepted)
    h.scheduler.settle()
    let saved = h.task(6)
    #expect(saved.due == TaskDay(text: "2025-03-07") && saved.priority == .high)
    #expect(saved.tags == ["bills", "work"] && saved.title == "Pay rent")
    #expect(h.stack == ["tasks (root)"])
  }

  @Test("issue 42: a failed save of details says so, not that the title failed")
  func failedModify() throws {
    let service = try SQLiteTaskService.inMemory(clock: { T0 })
    var change = TaskUpdate()
    change.priority = .set(.low)
    let gone = TaskItem(uid: 99, title: "Gone", added: T0)
    #expect(run(service.modify(gone, change)).failure == .modifyFailed(gone))
    #expect(
      TaskServiceError.modifyFailed(gone).message == "Could not save the changes to \"Gone\".")
  }
}

/// Issue 42, item 6: the list's events say what kind of news they are, so that every head
/// shows them with the same meaning.
@Suite("Todo: what kind of news each event is")
@MainActor
struct TaskEventSeverityTests {
  @Test("issue 42: a delete and an undo are successes; a failed change is a failure")
  func severities() {
    let h = TodoHarness()
    let events = h.tasks.events.record(on: h.scheduler)
    h.tasks.delete(h.task(4))
    h.scheduler.settle()
    h.tasks.undo()
    h.scheduler.settle()
    h.service.failToggle = true
    h.tasks.toggle(h.task(5))
    h.scheduler.settle()
    #expect(events.values.map(\.severity) == [.success, .success, .failure])
    #expect(events.values.last?.message.hasPrefix("Could not check off") == true)
  }
}
