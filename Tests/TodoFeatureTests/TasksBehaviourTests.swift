import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import TodoFeature

@Suite("Todo: sections, statistics and create")
@MainActor
struct TasksBehaviourTests {
  @Test("TD-01 two sections, starter order, root stack")
  func td01() {
    let h = TodoHarness()
    // Before the store's first read there are no sections (issue 41: the list is reading).
    #expect(h.sectionsRecorder.values.first == [])
    let first = h.sectionsRecorder.values[1]
    #expect(first.map(\.title) == ["Due Tasks", "Done Tasks"])
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(h.stack == ["tasks (root)"])
  }

  @Test("TD-02 due order: newest first, ties by uid")
  func td02() {
    let h = TodoHarness(tasks: [
      TaskItem(uid: 7, title: "a", added: T0.addingTimeInterval(1)),
      TaskItem(uid: 6, title: "b", added: T0.addingTimeInterval(2)),
      TaskItem(uid: 8, title: "c", added: T0.addingTimeInterval(1)),
    ])
    #expect(h.layout == "due [6,8,7] · done []")
  }

  @Test("TD-03 done order: most recently checked first, ties by uid")
  func td03() {
    let h = TodoHarness(tasks: [
      TaskItem(uid: 1, title: "a", added: T0, checked: T0.addingTimeInterval(5)),
      TaskItem(uid: 2, title: "b", added: T0, checked: T0.addingTimeInterval(9)),
      TaskItem(uid: 3, title: "c", added: T0, checked: T0.addingTimeInterval(5)),
    ])
    #expect(h.layout == "due [] · done [2,3,1]")
  }

  @Test("TD-04 empty sections keep their titles")
  func td04() throws {
    let empty = TodoHarness(tasks: [])
    #expect(try #require(empty.sectionsRecorder.last).map(\.title) == ["Due Tasks", "Done Tasks"])
    #expect(empty.layout == "due [] · done []")
    let allDone = TodoHarness(tasks: [TaskItem(uid: 1, title: "a", added: T0, checked: T0)])
    #expect(allDone.layout == "due [] · done [1]")
  }

  @Test("TD-06 one emission per change, no repeats")
  func td06() throws {
    let h = TodoHarness()
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    try #require(h.editor).ok()  // same title: the store does not change
    h.scheduler.settle()
    let values = h.sectionsRecorder.values.dropFirst()  // the reading state, before the rows
    #expect(values.count == 2)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test("TD-06 with a filter on, a change to a hidden task emits nothing")
  func td06HiddenByFilter() {
    let h = TodoHarness()
    h.tasks.setFilter("title")
    h.at(0.150)
    #expect(h.layout == "due [4,1] · done []")
    let before = h.sectionsRecorder.values.count
    h.tasks.toggle(h.task(3))  // hidden by the filter
    h.scheduler.settle()
    _ = h.service.inner.createTask(title: "Buy oat milk").sink { _ in
    } receiveValue: { _ in
    }
    h.scheduler.settle()  // added elsewhere (another process), hidden too
    #expect(h.value(h.tasks.filterSummary) == "Filter \"title\": 2 of 6 tasks")
    #expect(h.sectionsRecorder.values.count == before)
    h.tasks.toggle(h.task(4))  // shown: the sections change once
    h.scheduler.settle()
    #expect(h.sectionsRecorder.values.count == before + 1)
    #expect(h.layout == "due [1] · done [4]")
  }

  @Test("TD-07 statistics at start")
  func td07() {
    let h = TodoHarness()
    #expect(h.value(h.tasks.statistics) == "5 tasks, 5 due.")
    #expect(h.value(h.tasks.tabTitle) == "Todo (5)")
  }

  @Test("TD-08 statistics follow toggle, add and delete")
  func td08() {
    let h = TodoHarness()
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    #expect(h.value(h.tasks.statistics) == "5 tasks, 4 due.")
    #expect(h.value(h.tasks.tabTitle) == "Todo (4)")
    h.tasks.quickAdd("Buy oat milk")
    h.scheduler.settle()
    #expect(h.value(h.tasks.statistics) == "6 tasks, 5 due.")
    h.tasks.delete(h.task(3))
    h.scheduler.settle()
    #expect(h.value(h.tasks.statistics) == "5 tasks, 5 due.")
    #expect(h.value(h.tasks.tabTitle) == "Todo (5)")
  }

  @Test("TD-09 singular, zero and all-done counts")
  func td09() {
    let one = TodoHarness(tasks: [TaskItem(uid: 1, title: "a", added: T0)])
    #expect(one.value(one.tasks.statistics) == "1 task, 1 due.")
    let none = TodoHarness(tasks: [])
    #expect(none.value(none.tasks.statistics) == "0 tasks, 0 due.")
    #expect(none.value(none.tasks.tabTitle) == "Todo")
    let done = TodoHarness(
      tasks: (1...3).map { TaskItem(uid: $0, title: "t", added: T0, checked: T0) })
    #expect(done.value(done.tasks.statistics) == "3 tasks, 0 due.")
    #expect(done.value(done.tasks.tabTitle) == "Todo")
  }

  @Test("TD-10 large counts")
  func td10() {
    #expect(
      TasksViewModel.statisticsText(TaskStatistics(total: 100_000, due: 1500))
        == "100000 tasks, 1500 due.")
    #expect(TasksViewModel.tabTitleText(TaskStatistics(total: 100_000, due: 1500)) == "Todo (999+)")
    #expect(TasksViewModel.tabTitleText(TaskStatistics(total: 100_000, due: 999)) == "Todo (999)")
    let many = (1...2000).map {
      TaskItem(uid: Int64($0), title: "t", added: T0, checked: $0 <= 1000 ? nil : T0)
    }
    let h = TodoHarness(tasks: many)
    #expect(h.value(h.tasks.tabTitle) == "Todo (999+)")
    #expect(h.value(h.tasks.statistics) == "2000 tasks, 1000 due.")
  }

  @Test("TD-11 a filter changes neither statistics nor tab title")
  func td11() {
    let h = TodoHarness()
    let statistics = h.tasks.statistics.record(on: h.scheduler)
    let tab = h.tasks.tabTitle.record(on: h.scheduler)
    h.tasks.setFilter("title")
    h.at(1)
    #expect(statistics.values == ["5 tasks, 5 due."])
    #expect(tab.values == ["Todo (5)"])
  }

  @Test("TD-12 create stores an empty task and opens the editor")
  func td12() throws {
    let h = TodoHarness()
    #expect(h.tasks.create() == .accepted)
    h.scheduler.settle()
    let six = h.task(6)
    #expect(six.title == "" && six.added == T0 && six.checked == nil)
    #expect(h.layout == "due [6,5,4,3,2,1] · done []")
    #expect(h.stack == ["tasks (root)", "editTask (modal)"])
    let editor = try #require(h.editor)
    #expect(editor.heading == "New Task")
    #expect(h.value(editor.title) == "")
    #expect(h.value(editor.okEnabled) == false)
    #expect(h.value(editor.validationMessage) == "Enter a title.")
  }

  @Test("TD-13 a second create while editing is refused")
  func td13() {
    let h = TodoHarness()
    h.tasks.create()
    h.scheduler.settle()
    let errors = h.tasks.createAction.errors.record(on: h.scheduler)
    #expect(h.value(h.tasks.createAction.enabled) == false)
    #expect(h.tasks.create() == .rejected("Close the open editor first."))
    h.scheduler.settle()
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(h.tasks.task(uid: 7) == nil)
    #expect(h.stack.count == 2)
    #expect(h.toasts.values.isEmpty)
  }

  @Test("TD-14 OK saves the title and closes")
  func td14() throws {
    let h = TodoHarness()
    let outcomes = h.tasks.createAction.elements.record(on: h.scheduler)
    h.tasks.create()
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle("Buy oat milk")
    #expect(editor.ok() == .accepted)
    h.scheduler.settle()
    #expect(h.task(6).title == "Buy oat milk" && h.task(6).added == T0)
    #expect(h.stack == ["tasks (root)"])
    #expect(outcomes.values == [.saved(h.task(6))])
    #expect(h.value(h.tasks.createAction.enabled))
  }

  @Test("TD-15 cancel deletes the new task, with no undo and no toast")
  func td15() throws {
    let h = TodoHarness()
    let outcomes = h.tasks.createAction.elements.record(on: h.scheduler)
    h.tasks.create()
    h.scheduler.settle()
    try #require(h.editor).cancel()
    h.scheduler.settle()
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(h.stack == ["tasks (root)"])
    #expect(outcomes.values == [.cancelled])
    #expect(h.value(h.tasks.canUndo) == false)
    #expect(h.toasts.values.isEmpty)
  }

  @Test("TD-16 the title is cleaned before saving")
  func td16() throws {
    let h = TodoHarness()
    h.tasks.create()
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle("  Buy\toat\nmilk  ")
    editor.ok()
    h.scheduler.settle()
    #expect(h.task(6).title == "Buy oat milk")
  }

  @Test("TD-17 create clears the filter at once")
  func td17() {
    let h = TodoHarness()
    h.tasks.setFilter("title")
    h.at(1)
    #expect(h.layout == "due [4,1] · done []")
    h.tasks.create()
    h.scheduler.settle()
    #expect(h.value(h.tasks.filterText) == "")
    #expect(h.value(h.tasks.filterSummary) == "")
    #expect(h.layout == "due [6,5,4,3,2,1] · done []")
  }

  @Test("TD-18 a failed create toasts and opens nothing")
  func td18() {
    let h = TodoHarness()
    h.service.failCreate = true
    let errors = h.tasks.createAction.errors.record(on: h.scheduler)
    h.tasks.create()
    h.scheduler.settle()
    #expect(h.toasts.values == ["Could not add a task."])
    #expect(h.stack == ["tasks (root)"])
    #expect(h.value(h.tasks.createAction.enabled))
    #expect(errors.values.count == 1 && errors.values[0].underlyingError != nil)
  }

  @Test("TD-19 a failed delete on cancel toasts, and the editor still closes")
  func td19() throws {
    let h = TodoHarness()
    let outcomes = h.tasks.createAction.elements.record(on: h.scheduler)
    h.tasks.create()
    h.scheduler.settle()
    h.service.failDelete = true
    try #require(h.editor).cancel()
    h.scheduler.settle()
    #expect(h.toasts.values == ["Could not delete \"(untitled)\"."])
    #expect(h.stack == ["tasks (root)"])
    #expect(outcomes.values == [.cancelled])
  }
}
