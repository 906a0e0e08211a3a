import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// The task list as a screen model: one state value, asserted exhaustively.
@Suite("Todo: the list's one state")
@MainActor
struct TasksStateTests {
  // The rows and the counts come from one snapshot, so a toggle is one state (issue 27, item
  // 6: it used to pass through a state whose rows had moved and whose counts had not).
  @Test("a toggle is one state: the sections and the counts together, and nothing else")
  func toggle() throws {
    let h = TodoHarness()
    let state = StateRecorder(h.tasks.state, on: h.scheduler, exhaustive: true)
    let start = try #require(state.current)
    #expect(start.statistics == "5 tasks, 5 due." && start.tabTitle == "Todo (5)")
    #expect(start.filterText == "" && start.filterSummary == "" && !start.canUndo)
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    let sections = try #require(h.sectionsRecorder.last)
    state.expect {
      $0.sections = sections
      $0.statistics = "5 tasks, 4 due."
      $0.tabTitle = "Todo (4)"
      $0.counts = TaskStatistics(total: 5, due: 4)
      $0.canUndo = true  // issue 42: a toggle can be taken back, in the same state
    }
    state.finish()
  }

  @Test("typing a filter changes its text at once and the rows and summary 150 ms later")
  func filter() throws {
    let h = TodoHarness()
    let state = StateRecorder(h.tasks.state, on: h.scheduler, exhaustive: true)
    h.tasks.setFilter("title")
    h.scheduler.settle()
    state.expect { $0.filterText = "title" }
    h.at(0.15)
    let sections = h.sectionsRecorder.last!
    state.expect {
      $0.sections = sections
      $0.filterSummary = "Filter \"title\": 2 of 5 tasks"
    }
    state.finish()
  }

  @Test("a delete is an event and makes undo possible")
  func deleteEvent() throws {
    let h = TodoHarness()
    let events = h.tasks.events.record(on: h.scheduler)
    h.tasks.delete(h.task(2))
    h.scheduler.settle()
    #expect(events.values.count == 1)
    #expect(events.values.first.map(\.message) != "")
    #expect(h.value(h.tasks.state).canUndo)
    h.tasks.setActive(true)
    h.tasks.setActive(true)  // a repeat changes nothing
    h.scheduler.settle()
    #expect(events.values.count == 1)
  }
}

/// The editor as a screen model.
@Suite("Todo: the editor's one state")
@MainActor
struct EditTaskStateTests {
  @Test("clearing the title shows why OK is off; typing one turns it back on")
  func validation() throws {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    let state = StateRecorder(editor.state, on: h.scheduler, exhaustive: true)
    let start = try #require(state.current)
    #expect(start.heading == "Edit Task" && start.okEnabled && start.validationMessage == "")
    editor.setTitle("   ")
    h.scheduler.settle()
    state.expect {
      $0.title = "   "
      $0.validationMessage = "Enter a title."
      $0.okEnabled = false
    }
    editor.setTitle("Renamed")
    h.scheduler.settle()
    state.expect {
      $0.title = "Renamed"
      $0.validationMessage = ""
      $0.okEnabled = true
    }
    state.finish()
  }
}
