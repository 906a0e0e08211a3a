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
    try read(db, "SELECT uid, title, added, checked FROM task", into: &tasks)
    return tasks
  }

  /// The row with `uid`, if there is one.
  static func row(_ db: Database, uid: Int64) throws -> TaskItem? {
    var tasks: [TaskItem] = []
    try read(
      db, "SELECT uid, title, added, checked FROM task WHERE uid = ?", arguments: [uid],
      into: &tasks)
    return tasks.first
  }

  /// Up to `limit` rows of one section, in its order (`TaskOrder`), after `cursor` (from the
  /// start without one); each page is one walk of the section's partial index from the cursor.
  static func page(
    _ db: Database, of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int
  ) throws -> [TaskItem] {
    // The index is named: another index on the table (a user's own) must not make SQLite
    // sort a whole section for each page.
    let index = kind == .due ? "task_due_order" : "task_done_order"
    let columns = "SELECT uid, title, added, checked FROM task INDEXED BY \(index)"
    let limit = max(1, limit)
    var tasks: [TaskItem] = []
    tasks.reserveCapacity(min(limit, 10_000))
    switch (kind, cursor) {
    case (.due, nil):
      try read(
        db, "\(columns) WHERE checked IS NULL ORDER BY added DESC, uid DESC LIMIT ?",
        arguments: [limit], into: &tasks)
    case (.due, let cursor?):
      try read(
        db,
        "\(columns) WHERE checked IS NULL AND (added, uid) < (?, ?) ORDER BY added DESC, uid DESC LIMIT ?",
        arguments: [cursor.added.millisecondsSince1970, cursor.uid, limit], into: &tasks)
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
      let title = sqlite3_column_text(handle, 1).map {
        String(
          decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, 1))),
          as: UTF8.self)
      }
      tasks.append(
        TaskItem(
          uid: sqlite3_column_int64(handle, 0), title: title ?? "",
          added: Date(millisecondsSince1970: sqlite3_column_int64(handle, 2)),
          checked: checkedType == SQLITE_NULL
            ? nil : Date(millisecondsSince1970: sqlite3_column_int64(handle, 3))))
    }
  }
}
