import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

// Opening a task store: the checks made before a file is used, the schema, and what a failure
// to open is called.
extension SQLiteTaskService {

  /// How often the apps look for another process's commit: a change made by `cli todo`
  /// shows in an open TUI or web page within a second (issue 40). A look is one `PRAGMA`.
  public static var otherProcessCheck: DispatchQueue.SchedulerTimeType.Stride { .milliseconds(500) }

  /// Opens (or creates) the store at `url`, looking for other processes' commits every
  /// `checkEvery`. A store created here holds the five starter tasks when `starterTasks` is
  /// set (the TUI's, whose keys they teach); otherwise it starts empty. A file that cannot be
  /// used is left exactly as it was found.
  public static func open(
    at url: URL, clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
    checkEvery: DispatchQueue.SchedulerTimeType.Stride = .seconds(2), starterTasks: Bool = true
  ) throws(TaskStoreError) -> SQLiteTaskService {
    let path = url.path
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .unwritable(path: path)
    }
    // Two processes starting on a new directory take turns: the second opens a store the
    // first has finished creating, instead of meeting SQLITE_BUSY mid-migration.
    let opened = CreationLock.whileHolding(lockFor: path) {
      Result { () throws(TaskStoreError) -> SQLiteTaskService in
        try openUnderLock(
          path, clock: clock, scheduler: scheduler, checkEvery: checkEvery,
          starterTasks: starterTasks)
      }
    }
    return try opened.get()
  }

  /// Opens the store at `url` to read only (issue 51, item 5): in a folder this user cannot
  /// write (another user's, a backup), the tasks are read and no file is made or changed; a
  /// change fails as the store's write failures do. A store of an older schema, which would
  /// need its migration written, cannot be opened so.
  public static func openReadOnly(
    at url: URL, clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
    checkEvery: DispatchQueue.SchedulerTimeType.Stride = .seconds(2)
  ) throws(TaskStoreError) -> SQLiteTaskService {
    let path = url.path
    guard FileManager.default.isReadableFile(atPath: path) else { throw .unwritable(path: path) }
    try checkFile(path)
    return try naming(path) {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(StoreWaits.busy)
      let database = try DatabaseQueue(path: path, configuration: configuration)
      let current = try database.read { db in
        try migrator(clock: clock, starterTasks: false).hasCompletedMigrations(db)
      }
      guard current else { throw TaskStoreError.unwritable(path: path) }
      let version = try database.read { db in try dataVersion(db) }
      let service = SQLiteTaskService(database: database, dataVersion: version, clock: clock)
      service.startChecking(scheduler, every: checkEvery)
      return service
    }
  }

  /// The checks made before a file is used, under the store's names for what they find.
  private static func checkFile(_ path: String) throws(TaskStoreError) {
    do {
      try StoreFileCheck.check(path, as: identity)
    } catch .notOurs, .newerVersion {
      throw .incompatible(path: path)  // TD-72's name for both
    } catch .damaged {
      throw .corrupt(path: path)  // TD-69's
    } catch {
      throw .unusable(error)
    }
  }

  /// Runs `open`, with any error but the store's own named for the file at `path`.
  private static func naming<T>(_ path: String, _ open: () throws -> T) throws(TaskStoreError)
    -> T
  {
    do {
      return try open()
    } catch let error as TaskStoreError {
      throw error
    } catch {
      throw map(error, path: path)
    }
  }

  private static func openUnderLock(
    _ path: String, clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
    checkEvery: DispatchQueue.SchedulerTimeType.Stride, starterTasks: Bool
  ) throws(TaskStoreError) -> SQLiteTaskService {
    try checkFile(path)
    PrivateFile.prepareStore(path)
    return try naming(path) {
      var configuration = Configuration()
      configuration.busyMode = .timeout(StoreWaits.busy)
      configuration.prepareDatabase { db in
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      let pool = try DatabasePool(path: path, configuration: configuration)
      let service = try finishOpening(pool, clock: clock, starterTasks: starterTasks)
      service.startChecking(scheduler, every: checkEvery)
      return service
    }
  }

  /// A private in-memory database run by the same code, for storage tests.
  public static func inMemory(clock: @escaping @Sendable () -> Date, starterTasks: Bool = true)
    throws(TaskStoreError)
    -> SQLiteTaskService
  {
    do {
      return try finishOpening(DatabaseQueue(), clock: clock, starterTasks: starterTasks)
    } catch let error as TaskStoreError {
      throw error
    } catch {
      throw map(error, path: ":memory:")
    }
  }

  private static func finishOpening(
    _ database: any DatabaseWriter, clock: @escaping @Sendable () -> Date, starterTasks: Bool
  ) throws -> SQLiteTaskService {
    try migrator(clock: clock, starterTasks: starterTasks).migrate(database)
    let version = try database.writeWithoutTransaction { db in try dataVersion(db) }
    return SQLiteTaskService(database: database, dataVersion: version, clock: clock)
  }

  /// What a task store looks like, for the check made before opening a file.
  static let identity = StoreIdentity(
    name: "todo",
    knownMigrations: [
      "v1", "v2-section-order", "v3-undo-journal", "v4-due-priority-tags",
    ], tables: ["task"])

  private static func migrator(clock: @escaping @Sendable () -> Date, starterTasks: Bool)
    -> DatabaseMigrator
  {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE task (
            uid INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            added INTEGER NOT NULL,
            checked INTEGER)
          """)
      guard starterTasks else { return }
      for task in TaskItem.starterTasks(at: clock()) {
        try db.execute(
          sql: "INSERT INTO task (uid, title, added, checked) VALUES (?, ?, ?, NULL)",
          arguments: [task.uid, task.title, task.added.millisecondsSince1970])
      }
    }
    // Each section in its order without a sort: `cli todo list` reads a store of any size a
    // page at a time (issue 41). Partial indexes, one per section; the uid is the rowid.
    migrator.registerMigration("v2-section-order") { db in
      try db.execute(
        sql: """
          CREATE INDEX task_due_order ON task(added, uid) WHERE checked IS NULL;
          CREATE INDEX task_done_order ON task(checked, uid) WHERE checked IS NOT NULL;
          """)
    }
    // The changes kept to take back, the newest 100, whichever process made them (issue 42):
    // the task as it was before each (nothing for an add).
    migrator.registerMigration("v3-undo-journal") { db in
      try db.execute(
        sql: """
          CREATE TABLE task_undo (
            id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, uid INTEGER NOT NULL,
            title TEXT, added INTEGER, checked INTEGER)
          """)
    }
    // A due date, a priority and tags (issue 42), with the due section's new order kept by an
    // index of generated columns (`TaskRows.page`); rows keep everything they had, with none
    // of the three. The undo journal keeps them too.
    migrator.registerMigration("v4-due-priority-tags") { db in
      try db.execute(
        sql: """
          ALTER TABLE task ADD COLUMN due TEXT;
          ALTER TABLE task ADD COLUMN priority TEXT;
          ALTER TABLE task ADD COLUMN tags TEXT NOT NULL DEFAULT '';
          ALTER TABLE task ADD COLUMN due_rank TEXT
            GENERATED ALWAYS AS (coalesce(due, '~')) VIRTUAL;
          ALTER TABLE task ADD COLUMN priority_rank INTEGER
            GENERATED ALWAYS AS (CASE priority WHEN 'H' THEN 0 WHEN 'M' THEN 1 WHEN 'L' THEN 2
              ELSE 3 END) VIRTUAL;
          ALTER TABLE task ADD COLUMN added_rank INTEGER GENERATED ALWAYS AS (-added) VIRTUAL;
          ALTER TABLE task ADD COLUMN uid_rank INTEGER GENERATED ALWAYS AS (-uid) VIRTUAL;
          DROP INDEX task_due_order;
          CREATE INDEX task_due_order
            ON task(due_rank, priority_rank, added_rank, uid_rank) WHERE checked IS NULL;
          ALTER TABLE task_undo ADD COLUMN due TEXT;
          ALTER TABLE task_undo ADD COLUMN priority TEXT;
          ALTER TABLE task_undo ADD COLUMN tags TEXT;
          """)
    }
    return migrator
  }

  private static func map(_ error: any Error, path: String) -> TaskStoreError {
    guard let error = error as? DatabaseError else {
      return .failed(path: path, reason: "\(error)")
    }
    switch error.resultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
    case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM: return .unwritable(path: path)
    default: return .failed(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }
}
