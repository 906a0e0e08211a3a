import Foundation
import GRDB
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 2: every store keeps its changes to take back, newest first, the last 100.
@Suite("Todo: undo, in every store")
struct TaskUndoContractTests {
  @Test(
    "issue 42: add, toggle, rename and delete are taken back in order", arguments: serviceFactories)
  func order(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    #expect(current(service.undoDepth) == 0)
    let added = try run(service.createTask(title: "Tea")).get()
    clock.set(T0.addingTimeInterval(5))
    let checked = try run(service.toggle(added)).get()
    _ = try run(service.update(checked, title: "Green tea")).get()
    _ = try run(service.delete(added)).get()
    #expect(current(service.undoDepth) == 4)
    #expect(
      try run(service.undo()).get()
        == TaskUndone(
          kind: .deleted,
          task: TaskItem(uid: 6, title: "Green tea", added: T0, checked: T0.addingTimeInterval(5))))
    #expect(try run(service.undo()).get().task.title == "Tea")
    let unchecked = try run(service.undo()).get()
    #expect(unchecked.kind == .changed && !unchecked.task.isDone)
    #expect(
      try run(service.undo()).get()
        == TaskUndone(kind: .added, task: TaskItem(uid: 6, title: "Tea", added: T0)))
    #expect(current(service.tasks)?.count == 5)
    #expect(run(service.undo()) == .failure(.nothingToUndo))
    #expect(current(service.undoDepth) == 0)
  }

  @Test(
    "issue 42: the last 100 changes are kept; a discarded new task leaves nothing",
    arguments: serviceFactories)
  func kept(factory: ServiceFactory) throws {
    let service = try factory.make({ T0 })
    for index in 0..<105 { _ = try run(service.createTask(title: "Task \(index)")).get() }
    #expect(current(service.undoDepth) == 100)
    let empty = try run(service.createTask(title: "")).get()
    _ = try run(service.discard(empty)).get()
    // Its creation (the 101st kept change, which pushed out the oldest) is forgotten.
    #expect(current(service.undoDepth) == 99)
    #expect(try run(service.undo()).get().task.title == "Task 104")
  }

  @Test("issue 42: kept changes edited by hand to values of the wrong type are passed over")
  func hostileJournal() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "undo-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.sqlite")
    let service = try SQLiteTaskService.open(
      at: file, clock: { T0 }, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    let four = try #require(try run(service.task(uid: 4)).get())
    _ = try run(service.delete(four)).get()
    let other = try DatabaseQueue(path: file.path)
    try other.write { db in
      try db.execute(
        sql: """
          INSERT INTO task_undo (kind, uid, title, added, checked) VALUES
            (42, 'abc', NULL, 'x', 'y'), ('deleted', 5, NULL, 1, NULL), ('nonsense', 1, 't', 1, 2)
          """)
    }
    try other.close()
    // The three rows that do not read are dropped; the delete under them is taken back.
    #expect(try run(service.undo()).get() == TaskUndone(kind: .deleted, task: four))
    #expect(run(service.undo()) == .failure(.nothingToUndo))
  }
}
