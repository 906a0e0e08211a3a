import Foundation
import GRDBSQLite

/// The tables and migrations of a database file, read with SQLite's own interface: what the
/// check before opening a store needs, without a GRDB connection (a queue, its set-up and its
/// schema cache, some milliseconds of every start) made only to be closed at once.
enum SQLiteContents {
  /// What a read found.
  enum Outcome {
    /// The tables (not SQLite's own) and, when GRDB's table is there, the migrations.
    case contents(tables: Set<String>, migrations: Set<String>)
    /// Another process holds the file past the wait.
    case busy
    /// SQLite could not read it: not a database, damaged, or (read-only) a log to recover.
    case unreadable
  }

  /// Reads the file at `path`, which exists, waiting up to 5 s for another writer. Nothing
  /// here writes the database file; `readOnly` opens it without write access.
  static func read(_ path: String, readOnly: Bool) -> Outcome {
    var handle: OpaquePointer?
    let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
      let database = handle
    else { return .unreadable }
    sqlite3_busy_timeout(database, 5_000)
    let tableQuery =
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    switch strings(database, tableQuery) {
    case .failure(let code): return code == SQLITE_BUSY ? .busy : .unreadable
    case .success(let tables):
      guard tables.contains("grdb_migrations") else {
        return .contents(tables: Set(tables), migrations: [])
      }
      switch strings(database, "SELECT identifier FROM grdb_migrations") {
      case .failure(let code): return code == SQLITE_BUSY ? .busy : .unreadable
      case .success(let migrations):
        return .contents(tables: Set(tables), migrations: Set(migrations))
      }
    }
  }

  /// The first column of every row of `sql`, or SQLite's result code when it fails.
  private static func strings(_ database: OpaquePointer, _ sql: String) -> Result<
    [String], SQLiteCode
  > {
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    let prepared = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else { return .failure(SQLiteCode(prepared)) }
    var values: [String] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { return .success(values) }
      guard step == SQLITE_ROW else { return .failure(SQLiteCode(step & 0xff)) }
      values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
    }
  }
}

/// SQLite's primary result code, as an error.
struct SQLiteCode: Error, Equatable {
  let value: Int32
  init(_ value: Int32) { self.value = value }
  static func == (lhs: SQLiteCode, rhs: Int32) -> Bool { lhs.value == rhs }
}
