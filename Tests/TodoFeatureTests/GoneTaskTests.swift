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
}
