import Foundation
import GRDB
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Todo: SQLite store", .serialized)
struct SQLiteTaskStoreTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "todo-store-\(UUID().uuidString)")
  var file: URL { folder.appendingPathComponent("todo.sqlite") }

  func open(
    clock: @escaping @Sendable () -> Date = { T0 },
    scheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.test.eraseToAnyScheduler()
  ) throws -> SQLiteTaskService {
    try SQLiteTaskService.open(at: file, clock: clock, scheduler: scheduler)
  }

  func sorted(_ service: any TaskService) -> [TaskItem] {
    (current(service.tasks) ?? []).sorted { $0.uid < $1.uid }
  }

  static func digest(_ url: URL) throws -> Data { try Data(contentsOf: url) }

  @Test("TD-62 a new store holds the five starter tasks")
  func td62() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = try open()
    #expect(sorted(service) == TaskItem.starterTasks(at: T0))
  }

  @Test("TD-63 reopening adds nothing; an emptied store stays empty")
  func td63() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let service = try open()
      for task in sorted(service) { _ = try run(service.delete(task)).get() }
    }
    let reopened = try open(clock: { T0.addingTimeInterval(60) })
    #expect(sorted(reopened).isEmpty)
  }

  @Test("TD-64 every field survives a restart, to the millisecond")
  func td64() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = ManualClock(T0.addingTimeInterval(0.1234))
    var before: [TaskItem] = []
    do {
      let service = try open(clock: clock.function)
      let added = try run(service.createTask(title: "Café ☕ 東京 👩‍💻")).get()
      _ = try run(service.update(added, title: "Café ☕ 東京 👩‍💻 ")).get()
      clock.set(T0.addingTimeInterval(6.0009))
      _ = try run(service.toggle(added)).get()
      _ = try run(service.delete(sorted(service)[0])).get()
      before = sorted(service)
    }
    #expect(
      before.contains { $0.title == "Café ☕ 東京 👩‍💻 " && $0.checked == T0.addingTimeInterval(6) })
    #expect(sorted(try open()) == before)
  }

  @Test("TD-65 the uid counter survives a restart")
  func td65() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let service = try open()
      let six = try run(service.createTask(title: "six")).get()
      #expect(six.uid == 6)
      _ = try run(service.delete(six)).get()
    }
    #expect(try run(open().createTask(title: "seven")).get().uid == 7)
  }

  @Test("TD-67 the store is in WAL mode")
  func td67() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try open()
    let reader = try DatabaseQueue(path: file.path)
    #expect(try reader.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
  }

  @Test("TD-69 a file that is not a database is corrupt and untouched")
  func td69() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: FixtureLoaderURL.folder.appendingPathComponent("not-a-database.sqlite"), to: file)
    let before = try Self.digest(file)
    #expect(throws: TaskStoreError.corrupt(path: file.path)) { try open() }
    #expect(try Self.digest(file) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["todo.sqlite"])
  }

  @Test("TD-70 a store locked by another connection is reported and unchanged")
  func td70() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try open()
    let holder = try DatabaseQueue(path: file.path)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      defer { finished.signal() }
      do {
        try holder.writeWithoutTransaction { db in
          try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
          try db.execute(sql: "BEGIN EXCLUSIVE")
          try db.execute(sql: "INSERT INTO task (title, added) VALUES ('held', 0)")
          holding.signal()
          _ = release.wait(timeout: .now() + 30)
          try db.execute(sql: "ROLLBACK")
        }
      } catch {
        holding.signal()  // the test goes on, and finds the store not locked
      }
    }
    #expect(holding.wait(timeout: .now() + 30) == .success, "the other connection took the lock")
    #expect(throws: TaskStoreError.locked(path: file.path)) { try open() }
    release.signal()
    #expect(finished.wait(timeout: .now() + 30) == .success, "the other connection let go")
  }

  @Test("TD-71 a data directory that is a file is unwritable")
  func td71() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("data")
    try Data("x".utf8).write(to: blocker)
    let target = blocker.appendingPathComponent("todo.sqlite")
    #expect(throws: TaskStoreError.unwritable(path: target.path)) {
      try SQLiteTaskService.open(
        at: target, clock: { T0 }, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    }
  }

  @Test("TD-72 foreign and future stores are incompatible and untouched")
  func td72() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      let other = try DatabaseQueue(path: file.path)
      try other.write { try $0.execute(sql: "CREATE TABLE notes (body TEXT)") }
      try other.close()
    }
    let before = try Self.digest(file)
    #expect(throws: TaskStoreError.incompatible(path: file.path)) { try open() }
    #expect(try Self.digest(file) == before)
    try FileManager.default.removeItem(at: file)
    _ = try open()
    do {
      let other = try DatabaseQueue(path: file.path)
      try other.write {
        try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9')")
      }
      try other.close()
    }
    #expect(throws: TaskStoreError.incompatible(path: file.path)) { try open() }
  }

  @Test("TD-73 missing directories are created")
  func td73() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let deep = folder.appendingPathComponent("a/b/c/todo.sqlite")
    let service = try SQLiteTaskService.open(
      at: deep, clock: { T0 }, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    #expect(current(service.statistics) == TaskStatistics(total: 5, due: 5))
  }

  @Test("TD-78 another process's commit shows after the next 2 s check")
  func td78() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try open(scheduler: scheduler.eraseToAnyScheduler())
    let tasks = service.tasks.record(on: scheduler)
    let statistics = service.statistics.record(on: scheduler)
    scheduler.advance(seconds: 0.5)
    let other = try DatabaseQueue(path: file.path)
    try other.write {
      try $0.execute(sql: "INSERT INTO task (title, added) VALUES ('From the CLI', 0)")
    }
    scheduler.advance(seconds: 1.4)
    service.waitForPendingWork()
    #expect(tasks.values.count == 1)
    scheduler.advance(toSeconds: 2)
    service.waitForPendingWork()
    #expect(tasks.values.count == 2)
    #expect(tasks.last?.contains { $0.title == "From the CLI" } == true)
    #expect(statistics.last == TaskStatistics(total: 6, due: 6))
    scheduler.advance(seconds: 2)
    service.waitForPendingWork()
    #expect(tasks.values.count == 2)
    #expect(service.fullReadCount == 2)
  }

  @Test("TD-79 own writes never re-read the table")
  func td79() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let scheduler = DispatchQueue.test
    let service = try open(scheduler: scheduler.eraseToAnyScheduler())
    #expect(service.fullReadCount == 0)  // opening reads no row
    let listing = service.listing.record(on: scheduler)
    #expect(service.fullReadCount == 1)
    for index in 0..<100 {
      let task = try run(service.createTask(title: "Task \(index)")).get()
      if index.isMultiple(of: 2) { _ = try run(service.toggle(task)).get() }
      if index.isMultiple(of: 3) { _ = try run(service.delete(task)).get() }
      if index.isMultiple(of: 10) {
        scheduler.advance(seconds: 2)
        service.waitForPendingWork()
      }
    }
    #expect(service.fullReadCount == 1)
    let other = try DatabaseQueue(path: file.path)
    try other.write { try $0.execute(sql: "DELETE FROM task WHERE uid = 1") }
    scheduler.advance(seconds: 2)
    service.waitForPendingWork()
    #expect(service.fullReadCount == 2)
    #expect(listing.last?.count == 5 + 100 - 34 - 1)
  }

  @Test("TD-75 an untitled task left by a killed editor shows and can be edited")
  func td75() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let service = try open()
      _ = try run(service.createTask(title: "")).get()
      // The process ends here with the editor open: nothing else is written.
    }
    let service = try open()
    let untitled = try #require(current(service.tasks)?.first { $0.uid == 6 })
    #expect(untitled.rowText == "[ ] (untitled)")
    #expect(
      try run(service.update(untitled, title: "Named at last")).get().title == "Named at last")
    #expect(try run(service.delete(untitled)).get().uid == 6)
  }
}
