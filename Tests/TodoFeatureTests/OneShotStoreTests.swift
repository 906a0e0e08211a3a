import Foundation
import GRDB
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 41, item 1: a change, a lookup or the counts cost the same on any size of store,
/// because none of them reads every task; the rows are read when something shows the list.
@Suite("Todo: one-shot work reads only what it needs", .serialized)
@MainActor
struct OneShotStoreTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "todo-oneshot-\(UUID().uuidString)")
  var file: URL { folder.appendingPathComponent("todo.sqlite") }

  func open(_ scheduler: TestSchedulerOf<DispatchQueue>, clock: ManualClock = ManualClock())
    throws -> SQLiteTaskService
  {
    try SQLiteTaskService.open(
      at: file, clock: clock.function, scheduler: scheduler.eraseToAnyScheduler())
  }

  @Test("issue 41: every change reads and writes its own row; no task is read in full")
  func changesReadOneRow() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = ManualClock()
    let service = try open(DispatchQueue.test, clock: clock)
    let added = try run(service.createTask(title: "Buy tea")).get()
    #expect(added.uid == 6 && added.title == "Buy tea")
    clock.set(T0.addingTimeInterval(5))
    let toggled = try run(service.toggle(added)).get()
    #expect(toggled.checked == T0.addingTimeInterval(5))
    let renamed = try run(service.update(toggled, title: "Buy green tea")).get()
    #expect(renamed.title == "Buy green tea" && renamed.isDone)
    // A stale copy is only an address: the change starts from the stored row.
    let back = try run(service.toggle(added)).get()
    #expect(back.checked == nil && back.title == "Buy green tea")
    #expect(try run(service.task(uid: 6)).get() == back)
    #expect(try run(service.task(uid: 42)).get() == nil)
    let deleted = try run(service.delete(added)).get()
    #expect(deleted == back)
    #expect(run(service.delete(added)) == .failure(.deletionFailed(added)))
    _ = try run(service.restore(deleted)).get()
    #expect(service.fullReadCount == 0)
    // Shown at last, the list has every change.
    let listing = try #require(current(service.listing))
    #expect(listing.task(uid: 6) == back)
    #expect(service.fullReadCount == 1)
  }

  @Test("issue 41: the counts are counted in SQL and follow each change without reading rows")
  func countsWithoutRows() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try open(scheduler)
    let counts = service.statistics.record(on: scheduler)
    #expect(counts.values == [TaskStatistics(total: 5, due: 5)])
    let added = try run(service.createTask(title: "x")).get()
    _ = try run(service.toggle(added)).get()
    _ = try run(service.update(added, title: "y")).get()  // no count changes: nothing new
    let four = try #require(try run(service.task(uid: 4)).get())
    _ = try run(service.delete(four)).get()
    #expect(
      counts.values == [
        TaskStatistics(total: 5, due: 5), TaskStatistics(total: 6, due: 6),
        TaskStatistics(total: 6, due: 5), TaskStatistics(total: 5, due: 4),
      ])
    // Another process's commit is counted again, still without the rows.
    let other = try DatabaseQueue(path: file.path)
    try other.write { try $0.execute(sql: "DELETE FROM task WHERE checked IS NULL") }
    try other.close()
    scheduler.advance(seconds: 2)
    service.waitForPendingWork()
    #expect(counts.last == TaskStatistics(total: 1, due: 0))
    #expect(service.fullReadCount == 0)
  }

  @Test("issue 41: a list nobody looks at reads nothing; its inputs address tasks by uid")
  func listInputsByUID() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try open(scheduler)
    let session = TodoSession(service: service, scheduler: scheduler.eraseToAnyScheduler())
    let tasks = session.tasks
    let toasts = tasks.events.record(on: scheduler)
    let counts = tasks.counts.record(on: scheduler)
    scheduler.advance()
    #expect(counts.last?.statistics == "5 tasks, 5 due." && counts.last?.readFailed == false)
    let answers = [
      tasks.send(.toggle(uid: 3)), tasks.send(.rename(uid: 2, title: "  Water the basil  ")),
      tasks.send(.quickAdd(title: "Buy tea")),
    ].map { $0.record(on: scheduler) }
    settle(scheduler, service)
    #expect(answers.map(\.last) == [.accepted, .accepted, .accepted])
    let missing = tasks.send(.toggle(uid: 42)).record(on: scheduler)
    let badTitle = tasks.send(.rename(uid: 2, title: " "))
    settle(scheduler, service)
    #expect(missing.last == .rejected("no task #42"))
    #expect(badTitle.immediateAnswer == .rejected("Enter a title."))
    #expect(toasts.values.isEmpty)  // a wrong number is the input's refusal, not a toast
    #expect(counts.last?.statistics == "6 tasks, 5 due.")
    let removed = tasks.send(.delete(uid: 5)).record(on: scheduler)
    settle(scheduler, service)
    #expect(removed.last == .accepted)
    #expect(
      toasts.values.map(\.message) == [
        "Deleted \"Welcome! Press Space to check off a task\". Undo brings it back."
      ])
    #expect(service.fullReadCount == 0)
    // Looking at the list reads it once, with every change in it.
    let state = tasks.state.record(on: scheduler)
    settle(scheduler, service)
    #expect(service.fullReadCount == 1)
    let titles = state.last?.sections.flatMap(\.items).map(\.title) ?? []
    #expect(titles.contains("Water the basil") && titles.contains("Buy tea"))
    #expect(state.last?.statistics == "5 tasks, 4 due.")
  }

  @Test("issue 41: a store of the previous schema (v1) keeps every task and gains the indexes")
  func migratesV1() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try writeEarlierStore(at: file) { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1');
          CREATE TABLE task (uid INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
            added INTEGER NOT NULL, checked INTEGER);
          """)
      for index in 1...300 {
        try db.execute(
          sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, ?)",
          arguments: ["Old \(index)", index * 1000, index % 3 == 0 ? index * 2000 : nil])
      }
    }
    let scheduler = DispatchQueue.test
    let service = try open(scheduler)
    let listing = try #require(current(service.listing))
    #expect(listing.count == 300 && listing.due.count == 200)
    #expect(listing.due.first?.title == "Old 299" && listing.done.first?.title == "Old 300")
    let page = try run(service.page(of: .done, after: listing.done[49], limit: 50)).get()
    #expect(page == Array(listing.done[50..<100]))
    let check = try DatabaseQueue(path: file.path)
    let indexes = try check.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'task'")
    }
    #expect(Set(indexes) == ["task_due_order", "task_done_order"])
    try check.close()
  }

  private func settle(_ scheduler: TestSchedulerOf<DispatchQueue>, _ service: SQLiteTaskService) {
    for _ in 0..<4 {
      service.waitForPendingWork()
      scheduler.advance()
    }
  }
}

/// Issue 41: a front end's first frame does not wait for a large store's first read.
@Suite("Todo: the list says it is reading until the rows are in")
@MainActor
struct ListReadingStateTests {
  @Test("issue 41: the first state is the reading state; the rows come after it")
  func readingFirst() throws {
    let scheduler = DispatchQueue.test
    let service = InMemoryTaskService(tasks: TaskItem.starterTasks(at: T0), clock: { T0 })
    let tasks = TasksViewModel(
      service: service, coordinator: SceneCoordinator<TodoScene>(), scheduler: scheduler.asAny)
    let settled = tasks.isSettled.record(on: scheduler)
    let states = tasks.state.record(on: scheduler)
    #expect(tasks.isBusy, "the first read counts as work: a CLI waits for it")
    scheduler.settle()
    #expect(states.values.count == 2)
    let reading = try #require(states.values.first)
    #expect(reading.isReading && reading.sections.isEmpty)
    #expect(reading.statistics == "Reading the task list…" && reading.tabTitle == "Todo")
    let read = try #require(states.last)
    #expect(!read.isReading && read.statistics == "5 tasks, 5 due.")
    #expect(read.sections.map(\.items.count) == [5, 0])
    #expect(settled.last == true && !tasks.isBusy)
  }
}
