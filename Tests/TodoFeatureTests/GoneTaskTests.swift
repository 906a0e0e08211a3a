import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 52, item 2: a change to a task that another tab or process deleted says the task is
/// gone, where it said only that the change could not be saved (a failed save of a task still
/// listed keeps its own message: TD-26).
@Suite("Todo: a change to a task deleted elsewhere")
@MainActor
struct GoneTaskTests {
  @Test("issue 52: saving the editor of a task deleted elsewhere says it is gone")
  func editorOfADeletedTask() throws {
    let h = TodoHarness()
    let task = h.task(4)
    h.tasks.edit(task)
    h.scheduler.settle()
    let editor = try #require(h.editor)
    editor.setTitle("New name")
    // Another tab deletes the task while this one's editor is open.
    var deleted: TaskItem?
    let deletion = h.service.inner.delete(task).sink(
      receiveCompletion: { _ in }, receiveValue: { deleted = $0 })
    h.scheduler.settle()
    #expect(deleted?.uid == 4)
    editor.ok()
    h.scheduler.settle()
    #expect(
      h.toasts.values == [
        "\"\(task.shortTitle)\" is gone: it was deleted in another window or process."
      ])
    deletion.cancel()
  }

  @Test("issue 53: the editor opens on a uid, with the task as stored; an unknown uid says so")
  func editByUID() throws {
    let h = TodoHarness()
    #expect(h.tasks.send(.edit(uid: 4)).immediateAnswer == .accepted)
    h.scheduler.settle()
    let editor = try #require(h.editor)
    let state = editor.state.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(state.last?.uid == 4 && state.last?.title == h.task(4).title)
    editor.cancel()
    h.scheduler.settle()
    #expect(h.editor == nil)
    let answer = h.tasks.send(.edit(uid: 999)).record(on: h.scheduler)
    h.scheduler.settle()
    #expect(h.editor == nil && answer.values == [.rejected("no task #999")])
  }
}
