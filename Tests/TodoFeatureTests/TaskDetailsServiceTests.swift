import Foundation
import GRDB
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 1, in every store: tasks with a due date, a priority and tags are added,
/// changed, taken back and paged in the due list's order; a store of the previous schema keeps
/// every task.
@Suite("Todo: due dates, priorities and tags (stores)", .serialized)
struct TaskDetailsServiceTests {
  static func day(_ text: String) -> TaskDay { TaskDay(text: text) ?? TaskDay(dayNumber: 0) }

  static func details(due: String?, priority: TaskPriority?, tags: [String]) -> TaskUpdate {
    var update = TaskUpdate()
    update.due = due.map { .set(day($0)) }
    update.priority = priority.map { .set($0) }
    update.addTags = tags
    return update
  }

  @Test(
    "issue 42: add and modify keep the details; undo takes a modify back",
    arguments: serviceFactories)
  func addModifyUndo(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    let added = try run(
      service.createTask(
        title: "Pay rent", details: Self.details(due: "2025-03-05", priority: .high, tags: ["home"])
      )
    ).get()
    #expect(
      added.due == Self.day("2025-03-05") && added.priority == .high && added.tags == ["home"])
    var change = TaskUpdate()
    change.due = .clear
    change.priority = .set(.low)
    change.addTags = ["work"]
    change.removeTags = ["home"]
    let modified = try run(service.modify(added, change)).get()
    #expect(modified.due == nil && modified.priority == .low && modified.tags == ["work"])
    #expect(modified.title == "Pay rent" && modified.added == added.added)
    // A change that changes nothing answers the task and keeps nothing to take back.
    let depth = current(service.undoDepth)
    #expect(try run(service.modify(modified, change)).get() == modified)
    #expect(current(service.undoDepth) == depth)
    // `done` checks the task off at the clock's time.
    clock.set(T0.addingTimeInterval(7))
    var done = TaskUpdate()
    done.done = true
    #expect(try run(service.modify(modified, done)).get().checked == T0.addingTimeInterval(7))
    let undone = try run(service.undo()).get()
    #expect(undone.kind == .changed && undone.task == modified)
    let back = try run(service.undo()).get()
    #expect(back.task == added)
    #expect(current(service.listing)?.task(uid: added.uid) == added)
    // A 21st tag is refused, and the task stays as it was.
    var crowd = TaskUpdate()
    crowd.addTags = (1...20).map { "t\($0)" }
    #expect(run(service.modify(added, crowd)).failure == .invalidChange(.tooManyTags))
    #expect(current(service.listing)?.task(uid: added.uid) == added)
  }

  @Test(
    "issue 42: pages of the due list follow its order (due date, priority, newest)",
    arguments: serviceFactories)
  func pagesInOrder(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    let dues: [String?] = [nil, "2025-03-09", "2025-02-01", nil, "2025-03-09", "2025-03-02"]
    let levels: [TaskPriority?] = [nil, .high, .low, .medium, nil, .high]
    for index in 0..<30 {
      clock.set(T0.addingTimeInterval(Double(index % 7)))
      _ = run(
        service.createTask(
          title: "T\(index)",
          details: Self.details(due: dues[index % 6], priority: levels[index % 5], tags: [])))
    }
    let listing = try #require(current(service.listing))
    var paged: [TaskItem] = []
    var cursor: TaskItem?
    while true {
      let page = try run(service.page(of: .due, after: cursor, limit: 4)).get()
      paged += page
      guard page.count == 4 else { break }
      cursor = page.last
    }
    #expect(paged == listing.due)
    #expect(listing.due.first?.due == Self.day("2025-02-01"))
  }

  @Test("issue 42: a store of the previous schema opens with every task and its undo journal")
  func migratesV3() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todo-v3-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.sqlite")
    try writeEarlierStore(at: file) { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1'), ('v2-section-order'), ('v3-undo-journal');
          CREATE TABLE task (uid INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
            added INTEGER NOT NULL, checked INTEGER);
          CREATE INDEX task_due_order ON task(added, uid) WHERE checked IS NULL;
          CREATE INDEX task_done_order ON task(checked, uid) WHERE checked IS NOT NULL;
          CREATE TABLE task_undo (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
            uid INTEGER NOT NULL, title TEXT, added INTEGER, checked INTEGER);
          """)
      for index in 1...120 {
        try db.execute(
          sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, ?)",
          arguments: ["Old \(index)", index * 1000, index % 4 == 0 ? index * 3000 : nil])
      }
      try db.execute(
        sql:
          "INSERT INTO task_undo (kind, uid, title, added, checked) VALUES ('changed', 7, 'Was 7', 7000, NULL)"
      )
    }
    let service = try SQLiteTaskService.open(
      at: file, clock: ManualClock().function, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    let listing = try #require(current(service.listing))
    #expect(listing.count == 120 && listing.due.count == 90)
    #expect(listing.all.allSatisfy { $0.due == nil && $0.priority == nil && $0.tags.isEmpty })
    #expect(listing.due.first?.title == "Old 119" && listing.done.first?.title == "Old 120")
    let titles = Set(listing.all.map(\.title))
    #expect(titles == Set((1...120).map { "Old \($0)" }))
    // The journal kept from before still takes its change back.
    let undone = try run(service.undo()).get()
    #expect(undone.task.title == "Was 7" && undone.task.uid == 7)
    // And the new fields work on the migrated rows.
    let old = try #require(listing.task(uid: 3))
    let changed = try run(
      service.modify(old, Self.details(due: "2025-03-01", priority: .medium, tags: ["kept"]))
    ).get()
    #expect(changed.title == "Old 3" && changed.tags == ["kept"])
    #expect(try run(service.page(of: .due, after: nil, limit: 1)).get() == [changed])
  }

  @Test("issue 42: details edited by hand to values that do not read are passed over")
  func hostileDetails() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todo-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    let opened = try SQLiteTaskService.open(
      at: file.appendingPathComponent("todo.sqlite"), clock: ManualClock().function,
      scheduler: DispatchQueue.test.eraseToAnyScheduler())
    opened.waitForPendingWork()
    let other = try DatabaseQueue(path: file.appendingPathComponent("todo.sqlite").path)
    try other.write { db in
      try db.execute(
        sql: "UPDATE task SET due = 'someday', priority = 7, tags = 'ok two  +bad' WHERE uid = 1")
      try db.execute(sql: "UPDATE task SET due = X'00', tags = X'0102' WHERE uid = 2")
    }
    try other.close()
    let listing = try #require(current(opened.listing))
    let one = try #require(listing.task(uid: 1))
    #expect(one.due == nil && one.priority == nil && one.tags == ["ok", "two"])
    #expect(listing.task(uid: 2)?.tags == [])
  }
}
