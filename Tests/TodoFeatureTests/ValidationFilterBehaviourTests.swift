import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Todo: titles, filter, errors and scenes")
@MainActor
struct ValidationFilterBehaviourTests {
  func editing(_ title: String = "x") throws -> (TodoHarness, EditTaskViewModel) {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle(title)
    h.scheduler.settle()
    return (h, editor)
  }

  @Test("TD-43 a blank title cannot be saved", arguments: ["", " \t "])
  func td43(title: String) throws {
    let (h, editor) = try editing(title)
    #expect(h.value(editor.okEnabled) == false)
    #expect(h.value(editor.validationMessage) == "Enter a title.")
    let errors = editor.okAction.errors.record(on: h.scheduler)
    #expect(editor.ok() == .rejected("Enter a title."))
    h.scheduler.settle()
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(h.service.updates == 0 && h.stack.count == 2)
  }

  @Test("TD-44 500 characters are fine, 501 are not")
  func td44() throws {
    let (h, editor) = try editing(String(repeating: "a", count: 500))
    #expect(h.value(editor.okEnabled) && h.value(editor.validationMessage) == "")
    editor.setTitle(String(repeating: "a", count: 501))
    #expect(h.value(editor.okEnabled) == false)
    #expect(h.value(editor.validationMessage) == "Title is too long (501/500 characters).")
    editor.setTitle(String(repeating: "b", count: 10_000))
    #expect(h.value(editor.validationMessage) == "Title is too long (10000/500 characters).")
  }

  @Test("TD-45 length after cleanup, in grapheme clusters")
  func td45() throws {
    let (h, editor) = try editing("  " + String(repeating: "a", count: 500) + "  ")
    #expect(h.value(editor.okEnabled))
    editor.setTitle(String(repeating: "👍🏽", count: 500))
    #expect(h.value(editor.okEnabled))
    editor.setTitle(String(repeating: "👍🏽", count: 501))
    #expect(h.value(editor.okEnabled) == false)
  }

  @Test("TD-46 non-ASCII titles are saved unchanged")
  func td46() throws {
    let (h, editor) = try editing("Café ☕ 東京 👩‍💻")
    editor.ok()
    h.scheduler.settle()
    #expect(h.task(4).title == "Café ☕ 東京 👩‍💻")
    #expect(h.task(4).title.count == 11)
  }

  @Test("TD-47 quickAdd refuses bad titles before anything runs")
  func td47() {
    let h = TodoHarness()
    let executing = h.tasks.quickAddAction.executing.record(on: h.scheduler)
    #expect(h.tasks.quickAdd("   ").immediateAnswer == .rejected("Enter a title."))
    #expect(
      h.tasks.quickAdd(String(repeating: "a", count: 501)).immediateAnswer
        == .rejected("Title is too long (501/500 characters)."))
    h.scheduler.settle()
    #expect(executing.values == [false])
    #expect(h.toasts.values.isEmpty)
    #expect(h.value(h.tasks.statistics) == "5 tasks, 5 due.")
  }

  @Test("TD-48 a stored title that is too long opens invalid")
  func td48() throws {
    let h = TodoHarness(tasks: [
      TaskItem(uid: 1, title: String(repeating: "x", count: 600), added: T0)
    ])
    h.tasks.edit(h.task(1))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    #expect(h.value(editor.okEnabled) == false)
    #expect(h.value(editor.validationMessage) == "Title is too long (600/500 characters).")
  }

  @Test("TD-49 the filter applies 150 ms after typing")
  func td49() {
    let h = TodoHarness()
    h.tasks.setFilter("title")
    h.at(0.149)
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    h.at(0.150)
    #expect(h.layout == "due [4,1] · done []")
    #expect(h.value(h.tasks.filterSummary) == "Filter \"title\": 2 of 5 tasks")
  }

  @Test("TD-50 typing again restarts the wait")
  func td50() {
    let h = TodoHarness()
    let before = h.sectionsRecorder.values.count
    h.tasks.setFilter("ti")
    h.at(0.1)
    h.tasks.setFilter("title")
    h.at(0.15)
    #expect(h.sectionsRecorder.values.count == before)
    h.at(0.25)
    #expect(h.sectionsRecorder.values.count == before + 1)
    #expect(h.layout == "due [4,1] · done []")
  }

  @Test("TD-51 a blank filter clears at once and cancels a pending one", arguments: ["", "   "])
  func td51(blank: String) {
    let h = TodoHarness()
    h.tasks.setFilter("title")
    h.at(0.2)
    h.tasks.setFilter("press")
    h.tasks.setFilter(blank)
    h.scheduler.settle()
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(h.value(h.tasks.filterSummary) == "")
    h.at(1)
    #expect(h.layout == "due [5,4,3,2,1] · done []")
  }

  @Test("the filter's wait is pending work: not settled until it applies or a blank cancels it")
  func filterWaitIsActivity() {
    let h = TodoHarness()
    let settled = h.tasks.isSettled.record(on: h.scheduler)
    h.tasks.setFilter("title")
    h.scheduler.settle()
    #expect(settled.last == false)
    h.at(0.149)
    h.tasks.setFilter("titl")  // restarts the wait
    h.at(0.298)
    #expect(settled.last == false)
    h.at(0.299)
    #expect(settled.last == true && h.layout == "due [4,1] · done []")
    h.tasks.setFilter("press")
    h.scheduler.settle()
    #expect(settled.last == false)
    h.tasks.setFilter(" ")
    h.scheduler.settle()
    #expect(settled.last == true && h.layout == "due [5,4,3,2,1] · done []")
  }

  @Test("TD-52 case and diacritics are ignored")
  func td52() {
    let h = TodoHarness(
      tasks: TaskItem.starterTasks(at: T0) + [TaskItem(uid: 6, title: "Café au lait", added: T0)])
    h.tasks.setFilter("CAFE")
    h.at(1)
    #expect(h.layout == "due [6] · done []")
    h.tasks.setFilter("TASK")
    h.at(2)
    #expect(h.layout == "due [5,4,3,2,1] · done []")
  }

  @Test("TD-53 every word must occur")
  func td53() {
    let h = TodoHarness(tasks: [
      TaskItem(uid: 1, title: "Buy oat milk", added: T0),
      TaskItem(uid: 2, title: "Buy bread", added: T0),
    ])
    h.tasks.setFilter("milk buy")
    h.at(1)
    #expect(h.layout == "due [1] · done []")
  }

  @Test("TD-54 no match: empty sections and a summary")
  func td54() throws {
    let h = TodoHarness()
    h.tasks.setFilter("zzz")
    h.at(1)
    #expect(try #require(h.sectionsRecorder.last).map(\.title) == ["Due Tasks", "Done Tasks"])
    #expect(h.layout == "due [] · done []")
    #expect(h.value(h.tasks.filterSummary) == "Filter \"zzz\": 0 of 5 tasks")
    let one = TodoHarness(tasks: [TaskItem(uid: 1, title: "a", added: T0)])
    one.tasks.setFilter("zzz")
    one.at(1)
    #expect(one.value(one.tasks.filterSummary) == "Filter \"zzz\": 0 of 1 task")
  }

  @Test("TD-55 changes show under a filter without waiting")
  func td55() throws {
    let h = TodoHarness()
    h.tasks.setFilter("title")
    h.at(1)
    h.tasks.toggle(h.task(1))
    h.scheduler.settle()
    #expect(h.layout == "due [4] · done [1]")
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    try #require(h.editor).setTitle("Call Ana")
    try #require(h.editor).ok()
    h.scheduler.settle()
    #expect(h.layout == "due [] · done [1]")
  }

  @Test("TD-56 after a failure the action is usable again; notEnabled never toasts")
  func td56() {
    let h = TodoHarness()
    h.service.failToggle = true
    h.tasks.toggle(h.task(5))
    h.scheduler.settle()
    #expect(h.value(h.tasks.toggleAction.executing) == false)
    #expect(h.value(h.tasks.toggleAction.enabled))
    #expect(h.toasts.values.count == 1)
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.toasts.values.count == 1)
  }

  @Test("TD-57 a failed stream toasts once and is retried every 2 s")
  func td57() {
    let h = TodoHarness()
    h.at(1)
    h.service.failStreams = true
    h.service.streamFailures.accept(())
    h.scheduler.settle()
    #expect(h.toasts.values == ["Could not read the task list."])
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    h.at(3)
    h.at(5)
    #expect(h.toasts.values.count == 1)
    h.service.failStreams = false
    h.service.inner.createTask(title: "fresh").sink(
      receiveCompletion: { _ in }, receiveValue: { _ in }
    ).cancel()
    h.at(7)
    #expect(h.layout == "due [6,5,4,3,2,1] · done []")
    h.service.streamFailures.accept(())
    h.scheduler.settle()
    #expect(h.toasts.values.count == 2)
  }

  @Test("TD-61 a presenter's timing decides when create is enabled again")
  func td61() throws {
    let h = TodoHarness(presenterDelay: 0.05)
    h.scheduler.advance(by: .milliseconds(50))  // the root transition
    let start = h.scheduler.elapsed
    let enabled = h.tasks.createAction.enabled.record(on: h.scheduler)
    h.tasks.create()
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle("Timed")
    h.at(start + 1)
    editor.ok()
    h.at(start + 1.049)
    #expect(enabled.last == false)
    h.at(start + 1.05)
    #expect(enabled.last == true)
  }
}
