import Foundation
import GRDB
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Todo: becoming seen")
@MainActor
struct ActivationBehaviourTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "todo-active-\(UUID().uuidString)")
  var file: URL { folder.appendingPathComponent("todo.sqlite") }

  @Test("AV-09 becoming active re-reads the store at once: another process's task shows at t=0.5")
  func av09() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try SQLiteTaskService.open(
      at: file, clock: { T0 }, scheduler: scheduler.eraseToAnyScheduler())
    let coordinator = SceneCoordinator<TodoScene>()
    let tasks = TasksViewModel(
      service: service, coordinator: coordinator, scheduler: scheduler.eraseToAnyScheduler())
    let statistics = tasks.statistics.record(on: scheduler)
    scheduler.advance(seconds: 0.5)
    let other = try DatabaseQueue(path: file.path)
    try other.write {
      try $0.execute(sql: "INSERT INTO task (title, added) VALUES ('From the CLI', 0)")
    }
    try other.close()
    tasks.setActive(true)
    service.waitForPendingWork()
    scheduler.advance()
    #expect(statistics.last == "6 tasks, 6 due.")
    #expect(scheduler.elapsed == 0.5)  // not the 2 s check
    #expect(service.fullReadCount == 2)
  }

  @Test("issue 40: the apps look for another process's commit every 0.5 s, so it shows within 1 s")
  func appsCheckEveryHalfSecond() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try SQLiteTaskService.open(
      at: file, clock: { T0 }, scheduler: scheduler.eraseToAnyScheduler(),
      checkEvery: SQLiteTaskService.otherProcessCheck)
    let tasks = TasksViewModel(
      service: service, coordinator: SceneCoordinator<TodoScene>(),
      scheduler: scheduler.eraseToAnyScheduler())
    let statistics = tasks.statistics.record(on: scheduler)
    scheduler.advance(seconds: 0.1)
    let other = try DatabaseQueue(path: file.path)
    try other.write { try $0.execute(sql: "INSERT INTO task (title, added) VALUES ('CLI', 0)") }
    try other.close()
    scheduler.advance(seconds: 0.3)
    service.waitForPendingWork()
    scheduler.advance()
    #expect(statistics.last == "5 tasks, 5 due.")  // not yet: the look is at 0.5 s
    scheduler.advance(seconds: 0.1)
    service.waitForPendingWork()
    scheduler.advance()
    #expect(statistics.last == "6 tasks, 6 due.")
  }

  @Test("AV-10 active twice or inactive twice does nothing the second time; flapping reads once")
  func av10() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try SQLiteTaskService.open(
      at: file, clock: { T0 }, scheduler: scheduler.eraseToAnyScheduler())
    let tasks = TasksViewModel(
      service: service, coordinator: SceneCoordinator<TodoScene>(),
      scheduler: scheduler.eraseToAnyScheduler())
    // The list is looked at (as any front end does), so its rows are read once.
    let shown = tasks.state.drive { _ in }
    scheduler.advance()
    #expect(service.fullReadCount == 1)
    let other = try DatabaseQueue(path: file.path)
    try other.write { try $0.execute(sql: "INSERT INTO task (title, added) VALUES ('x', 0)") }
    tasks.setActive(true)
    tasks.setActive(true)
    service.waitForPendingWork()
    #expect(service.fullReadCount == 2)
    // Ten changes within a second, with no new commit: no further full read.
    for index in 0..<10 {
      tasks.setActive(index % 2 == 0 ? false : true)
      scheduler.advance(seconds: 0.1)
    }
    service.waitForPendingWork()
    #expect(service.fullReadCount == 2)
    try other.close()
    shown.cancel()
  }
}
