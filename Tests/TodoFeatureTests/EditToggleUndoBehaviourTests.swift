import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Todo: edit, toggle, delete and undo")
@MainActor
struct EditToggleUndoBehaviourTests {
  @Test("TD-20 edit opens a prefilled editor")
  func td20() throws {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    #expect(h.stack == ["tasks (root)", "editTask (modal)"])
    let editor = try #require(h.editor)
    #expect(editor.heading == "Edit Task")
    #expect(h.value(editor.title) == "Press Enter to edit a task's title")
    #expect(h.value(editor.okEnabled))
    #expect(h.value(editor.validationMessage) == "")
  }

  @Test("TD-21 OK renames and keeps the place")
  func td21() throws {
    let h = TodoHarness()
    let outcomes = h.tasks.editAction.elements.record(on: h.scheduler)
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    try #require(h.editor).setTitle("Rename me")
    try #require(h.editor).ok()
    h.scheduler.settle()
    #expect(h.task(4).title == "Rename me" && h.task(4).added == T0 && h.task(4).checked == nil)
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(h.stack == ["tasks (root)"])
    #expect(outcomes.values == [.saved(h.task(4))])
  }

  @Test("TD-22 cancel changes nothing")
  func td22() throws {
    let h = TodoHarness()
    let outcomes = h.tasks.editAction.elements.record(on: h.scheduler)
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let emitted = h.sectionsRecorder.values.count
    try #require(h.editor).setTitle("xyz")
    try #require(h.editor).cancel()
    h.scheduler.settle()
    #expect(h.task(4).title == "Press Enter to edit a task's title")
    #expect(h.sectionsRecorder.values.count == emitted)
    #expect(h.stack == ["tasks (root)"])
    #expect(outcomes.values == [.cancelled])
  }

  @Test("TD-23 editing a done task keeps its place in Done")
  func td23() throws {
    let h = TodoHarness()
    h.tasks.toggle(h.task(3))
    h.at(1)
    h.tasks.toggle(h.task(1))
    h.at(2)
    #expect(h.layout == "due [5,4,2] · done [1,3]")
    h.tasks.edit(h.task(3))
    h.scheduler.settle()
    try #require(h.editor).setTitle("Still done")
    try #require(h.editor).ok()
    h.scheduler.settle()
    #expect(h.layout == "due [5,4,2] · done [1,3]")
  }

  @Test("TD-24 no second editor while one is open")
  func td24() {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let createErrors = h.tasks.createAction.errors.record(on: h.scheduler)
    let editErrors = h.tasks.editAction.errors.record(on: h.scheduler)
    #expect(h.tasks.create() == .rejected("Close the open editor first."))
    #expect(h.tasks.edit(h.task(3)) == .rejected("Close the open editor first."))
    h.scheduler.settle()
    #expect(createErrors.values.map(\.isNotEnabled) == [true])
    #expect(editErrors.values.map(\.isNotEnabled) == [true])
  }

  @Test("TD-25 a closed editor refuses OK and cancel")
  func td25() throws {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.cancel()
    h.scheduler.settle()
    let okErrors = editor.okAction.errors.record(on: h.scheduler)
    let cancelErrors = editor.cancelAction.errors.record(on: h.scheduler)
    #expect(editor.ok() == .rejected("The editor is closed."))
    #expect(editor.cancel() == .rejected("The editor is closed."))
    h.scheduler.settle()
    #expect(okErrors.values.map(\.isNotEnabled) == [true])
    #expect(cancelErrors.values.map(\.isNotEnabled) == [true])
    #expect(h.stack == ["tasks (root)"])
    #expect(h.service.updates == 0)
  }

  @Test("TD-26 a failed save keeps the editor open")
  func td26() throws {
    let h = TodoHarness()
    h.service.failUpdate = true
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle("New name")
    editor.ok()
    h.scheduler.settle()
    #expect(h.toasts.values == ["Could not save the new title."])
    #expect(h.stack.count == 2)
    #expect(h.value(editor.okEnabled))
    editor.cancel()
    h.scheduler.settle()
    #expect(h.stack == ["tasks (root)"])
  }

  @Test("TD-27 one save at a time; the pop comes with the answer")
  func td27() throws {
    let h = TodoHarness()
    h.tasks.edit(h.task(4))
    h.scheduler.settle()
    h.service.delay = 0.1
    let editor = try #require(h.editor)
    editor.setTitle("Slow")
    #expect(editor.ok() == .accepted)
    h.at(0.05)
    let errors = editor.okAction.errors.record(on: h.scheduler)
    #expect(editor.ok() == .rejected("Still saving the previous change."))
    h.scheduler.settle()
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(h.stack.count == 2)
    h.at(0.1)
    #expect(h.stack == ["tasks (root)"])
    #expect(h.service.updates == 1)
  }

  @Test("TD-28..30 toggling moves tasks between the sections")
  func td28to30() {
    let h = TodoHarness()
    h.at(6)
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    #expect(h.task(3).checked == T0.addingTimeInterval(6))
    #expect(h.layout == "due [5,4,2,1] · done [3]")  // TD-28
    h.at(7)
    h.tasks.toggle(h.task(1))
    h.scheduler.settle()
    #expect(h.layout == "due [5,4,2] · done [1,3]")  // TD-29
    h.at(8)
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    #expect(h.task(3).checked == nil)
    #expect(h.layout == "due [5,4,3,2] · done [1]")  // TD-30
  }

  @Test("TD-31 toggles flip the stored state, not a stale copy")
  func td31() {
    let h = TodoHarness()
    let stale = h.task(2)
    h.tasks.toggle(stale)
    h.scheduler.settle()
    h.tasks.toggle(stale)
    h.scheduler.settle()
    #expect(h.task(2).checked == nil)
  }

  @Test("TD-32 one toggle at a time")
  func td32() {
    let h = TodoHarness()
    h.service.delay = 0.1
    let errors = h.tasks.toggleAction.errors.record(on: h.scheduler)
    let first = h.tasks.toggle(h.task(5)).record(on: h.scheduler)
    #expect(first.values.isEmpty)  // answered when the service has saved it
    h.at(0.05)
    #expect(
      h.tasks.toggle(h.task(4)).immediateAnswer == .rejected("Still saving the previous change."))
    h.at(0.1)
    #expect(first.values == [.accepted])
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(h.task(5).isDone && !h.task(4).isDone)
    let second = h.tasks.toggle(h.task(4)).record(on: h.scheduler)
    h.at(0.2)
    #expect(second.values == [.accepted])
    #expect(h.task(4).isDone)
  }

  @Test("TD-33 a failing toggle toasts and changes nothing")
  func td33() {
    let h = TodoHarness()
    h.service.failToggle = true
    h.tasks.toggle(h.task(5))
    h.scheduler.settle()
    #expect(
      h.toasts.values == ["Could not check off \"Welcome! Press Space to check off a task\"."])
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    let done = TodoHarness(tasks: [TaskItem(uid: 1, title: "Done", added: T0, checked: T0)])
    done.service.failToggle = true
    done.tasks.toggle(done.task(1))
    done.scheduler.settle()
    #expect(done.toasts.values.first?.hasPrefix("Could not uncheck") == true)
  }

  @Test("TD-34, TD-35 delete, then undo to the old place")
  func td34and35() {
    let h = TodoHarness()
    h.tasks.delete(h.task(4))
    h.scheduler.settle()
    #expect(h.layout == "due [5,3,2,1] · done []")
    // Issue 42: a delete says how to take it back.
    #expect(
      h.toasts.values == ["Deleted \"Press Enter to edit a task's title\". Undo brings it back."])
    #expect(h.value(h.tasks.canUndo))
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.task(4) == TaskItem(uid: 4, title: "Press Enter to edit a task's title", added: T0))
    #expect(h.layout == "due [5,4,3,2,1] · done []")
    #expect(h.toasts.values.last == "Restored \"Press Enter to edit a task's title\".")
    #expect(h.value(h.tasks.canUndo) == false)
  }

  @Test("TD-36 undo puts a done task back into Done")
  func td36() {
    let h = TodoHarness()
    h.at(6)
    h.tasks.toggle(h.task(2))
    h.scheduler.settle()
    h.tasks.delete(h.task(2))
    h.scheduler.settle()
    #expect(h.layout == "due [5,4,3,1] · done []")
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.task(2).checked == T0.addingTimeInterval(6))
    #expect(h.layout == "due [5,4,3,1] · done [2]")
  }

  @Test("TD-37, as issue 42 has it: undo takes back every change, newest first")
  func td37() {
    let h = TodoHarness()
    h.tasks.delete(h.task(4))
    h.scheduler.settle()
    h.tasks.delete(h.task(2))
    h.scheduler.settle()
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 2) != nil && h.tasks.task(uid: 4) == nil)
    #expect(h.value(h.tasks.canUndo))  // the first delete is still kept
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 4) != nil)
    #expect(h.value(h.tasks.canUndo) == false)
  }

  @Test("TD-38 nothing to undo")
  func td38() {
    let h = TodoHarness()
    let errors = h.tasks.undoAction.errors.record(on: h.scheduler)
    #expect(h.tasks.undo().immediateAnswer == .rejected("Nothing to undo."))
    h.scheduler.settle()
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(h.toasts.values.isEmpty)
  }

  @Test("TD-39, as issue 42 has it: an add is a change too, taken back before the delete")
  func td39() {
    let h = TodoHarness()
    h.tasks.delete(h.task(4))
    h.scheduler.settle()
    h.tasks.quickAdd("New")
    h.scheduler.settle()
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 4) == nil && h.tasks.task(uid: 6) == nil)
    #expect(h.toasts.values.last == "Removed \"New\".")
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 4) != nil)
  }

  @Test("issue 42: toggles and renames are taken back; an editor's create and OK is one change")
  func undoEveryChange() throws {
    let h = TodoHarness()
    h.tasks.toggle(h.task(3))
    h.scheduler.settle()
    h.tasks.send(.rename(uid: 2, title: "Water the basil"))
    h.scheduler.settle()
    h.tasks.create()
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.send(.setTitle(text: "Call the plumber"))
    editor.ok()
    h.scheduler.settle()
    #expect(h.task(6).title == "Call the plumber")
    h.tasks.undo()  // the new task goes, in one step
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 6) == nil)
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.task(2).title == "Press d to delete a task and u to undo")
    #expect(h.toasts.values.last == "Changed back \"Press d to delete a task and u to undo\".")
    h.tasks.undo()
    h.scheduler.settle()
    #expect(!h.task(3).isDone)
    #expect(h.value(h.tasks.canUndo) == false)
    // A new task the editor cancels was never added: nothing is kept to take back.
    h.tasks.create()
    h.scheduler.settle()
    try #require(h.editor).send(.cancel)
    h.scheduler.settle()
    #expect(h.value(h.tasks.canUndo) == false)
  }

  @Test("TD-40 uids are not reused")
  func td40() {
    let h = TodoHarness()
    h.tasks.quickAdd("a")
    h.scheduler.settle()
    #expect(h.task(6).title == "a")
    h.tasks.delete(h.task(6))
    h.scheduler.settle()
    h.tasks.quickAdd("b")
    h.scheduler.settle()
    #expect(h.task(7).title == "b")
  }

  @Test("TD-41 long titles are shortened in toasts")
  func td41() {
    let h = TodoHarness(tasks: [
      TaskItem(uid: 1, title: "Renew the passport before the summer holidays", added: T0)
    ])
    h.tasks.delete(h.task(1))
    h.scheduler.settle()
    #expect(
      h.toasts.values == [
        "Deleted \"Renew the passport before the summer ho…\". Undo brings it back."
      ])
  }

  @Test("TD-42 a failing delete keeps everything")
  func td42() {
    let h = TodoHarness()
    h.tasks.delete(h.task(4))
    h.scheduler.settle()
    h.service.failDelete = true
    h.tasks.delete(h.task(2))
    h.scheduler.settle()
    #expect(h.toasts.values.last == "Could not delete \"Press d to delete a task and u to undo\".")
    #expect(h.layout == "due [5,3,2,1] · done []")
    h.service.failDelete = false
    h.tasks.undo()
    h.scheduler.settle()
    #expect(h.tasks.task(uid: 4) != nil)
  }
}
