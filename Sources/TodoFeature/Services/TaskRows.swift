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

  private static func read(_ db: Database, _ sql: String, into tasks: inout [TaskItem]) throws {
    let statement = try db.makeStatement(sql: sql)
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
