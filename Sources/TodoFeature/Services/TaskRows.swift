import Foundation
import GRDB
import GRDBSQLite

/// The task table read through SQLite's column interface: a 10,000-task store is read on every
/// start of the CLI, and going through GRDB's row decoding for each of its 40,000 values cost
/// more than the rest of the read together.
enum TaskRows {
  /// A column holding a value of the wrong type (the file edited by hand): the read fails, as
  /// a failed decode would, instead of trapping or inventing a value.
  struct WrongType: Error {}

  /// Every row, in the table's order (the snapshot sorts them: reading them sorted made
  /// SQLite sort 10,000 rows, slower than sorting the mostly ordered rows in memory).
  static func read(_ db: Database) throws -> [TaskItem] {
    var tasks: [TaskItem] = []
    tasks.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM task") ?? 0)
    try read(db, "SELECT \(columns) FROM task", into: &tasks)
    return tasks
  }

  /// The row with `uid`, if there is one.
  static func row(_ db: Database, uid: Int64) throws -> TaskItem? {
    var tasks: [TaskItem] = []
    try read(
      db, "SELECT \(columns) FROM task WHERE uid = ?", arguments: [uid],
      into: &tasks)
    return tasks.first
  }

  /// The columns a task is read from, in the order `read` takes them.
  static let columns = "uid, title, added, checked, due, priority, tags"

  /// Writes every stored field of `task` to its row.
  static func write(_ task: TaskItem, _ db: Database) throws {
    try db.execute(
      sql:
        "UPDATE task SET title = ?, added = ?, checked = ?, due = ?, priority = ?, tags = ? WHERE uid = ?",
      arguments: [
        task.title, task.added.millisecondsSince1970, task.checked?.millisecondsSince1970,
        task.due?.text, task.priority?.rawValue, TaskTags.stored(task.tags), task.uid,
      ])
  }

  /// Adds `task` as a row with its own uid.
  static func insert(_ task: TaskItem, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO task (uid, title, added, checked, due, priority, tags)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        task.uid, task.title, task.added.millisecondsSince1970, task.checked?.millisecondsSince1970,
        task.due?.text, task.priority?.rawValue, TaskTags.stored(task.tags),
      ])
  }

  /// Up to `limit` rows of one section, in its order (`TaskOrder`), after `cursor` (from the
  /// start without one); each page is one walk of the section's partial index from the cursor.
  /// The due order is kept by generated columns that sort ascending (`due_rank`: the day or
  /// `~` for none; `priority_rank`: 0 for H … 3 for none; `added_rank` and `uid_rank`: the
  /// negated values), so that the cursor is one row-value comparison.
  static func page(
    _ db: Database, of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int
  ) throws -> [TaskItem] {
    // The index is named: another index on the table (a user's own) must not make SQLite
    // sort a whole section for each page.
    let index = kind == .due ? "task_due_order" : "task_done_order"
    let columns = "SELECT \(Self.columns) FROM task INDEXED BY \(index)"
    let dueOrder = "ORDER BY due_rank, priority_rank, added_rank, uid_rank"
    let limit = max(1, limit)
    var tasks: [TaskItem] = []
    tasks.reserveCapacity(min(limit, 10_000))
    switch (kind, cursor) {
    case (.due, nil):
      try read(
        db, "\(columns) WHERE checked IS NULL \(dueOrder) LIMIT ?",
        arguments: [limit], into: &tasks)
    case (.due, let cursor?):
      try read(
        db,
        """
        \(columns) WHERE checked IS NULL
        AND (due_rank, priority_rank, added_rank, uid_rank) > (?, ?, ?, ?) \(dueOrder) LIMIT ?
        """,
        arguments: [
          cursor.due?.text ?? "~", cursor.priority?.rank ?? 3,
          0 &- cursor.added.millisecondsSince1970, 0 &- cursor.uid, limit,
        ], into: &tasks)
    case (.done, nil):
      try read(
        db, "\(columns) WHERE checked IS NOT NULL ORDER BY checked DESC, uid DESC LIMIT ?",
        arguments: [limit], into: &tasks)
    case (.done, let cursor?):
      try read(
        db,
        "\(columns) WHERE checked IS NOT NULL AND (checked, uid) < (?, ?) ORDER BY checked DESC, uid DESC LIMIT ?",
        arguments: [(cursor.checked ?? .distantPast).millisecondsSince1970, cursor.uid, limit],
        into: &tasks)
    }
    return tasks
  }

  /// How many rows there are and how many are due, counted by SQLite in one pass.
  static func counts(_ db: Database) throws -> TaskStatistics {
    guard let row = try Row.fetchOne(db, sql: "SELECT count(*), count(checked) FROM task") else {
      return TaskStatistics(total: 0, due: 0)
    }
    let total = try row.decode(Int.self, atIndex: 0)
    let done = try row.decode(Int.self, atIndex: 1)
    return TaskStatistics(total: total, due: max(0, total - done))
  }

  /// The text in `column`, nil when it holds none (NULL, a number, a blob).
  private static func text(_ handle: OpaquePointer?, _ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) == SQLITE_TEXT,
      let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  private static func read(
    _ db: Database, _ sql: String, arguments: StatementArguments = [],
    into tasks: inout [TaskItem]
  ) throws {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(arguments)
    let handle = statement.sqliteStatement
    while true {
      let step = sqlite3_step(handle)
      if step == SQLITE_DONE { return }
      guard step == SQLITE_ROW else {
        throw DatabaseError(resultCode: ResultCode(rawValue: step), message: db.lastErrorMessage)
      }
      guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER,
        sqlite3_column_type(handle, 1) == SQLITE_TEXT,
        sqlite3_column_type(handle, 2) == SQLITE_INTEGER
      else { throw WrongType() }
      let checkedType = sqlite3_column_type(handle, 3)
      guard checkedType == SQLITE_INTEGER || checkedType == SQLITE_NULL else { throw WrongType() }
      // The details are read leniently: a value that does not read as one (edited by hand) is
      // taken as none, and the task is still listed.
      let due = text(handle, 4).flatMap { TaskDay(text: $0) }
      let priority = text(handle, 5).flatMap { TaskPriority(rawValue: $0) }
      tasks.append(
        TaskItem(
          uid: sqlite3_column_int64(handle, 0), title: text(handle, 1) ?? "",
          added: Date(millisecondsSince1970: sqlite3_column_int64(handle, 2)),
          checked: checkedType == SQLITE_NULL
            ? nil : Date(millisecondsSince1970: sqlite3_column_int64(handle, 3)),
          due: due, priority: priority, tags: text(handle, 6).map(TaskTags.read) ?? []))
    }
  }
}
