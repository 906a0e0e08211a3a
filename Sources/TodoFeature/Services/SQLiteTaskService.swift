import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

/// Tasks in SQLite (`<data dir>/todo.sqlite`): every change is one committed transaction,
/// the in-memory snapshot is loaded once and patched after each own write, and commits by
/// other processes are picked up by checking `PRAGMA data_version` every 2 s (the spec's
/// period; the apps ask for 0.5 s, `otherProcessCheck`).
public final class SQLiteTaskService: TaskService, Sendable {
  // Every database call runs on `queue`, one at a time.
  private let database: any DatabaseWriter
  private let snapshot: TaskSnapshot
  private let clock: @Sendable () -> Date
  private let queue = DispatchQueue(label: "todo.sqlite")
  private let state = Locked(State())
  private let check = SendableCancellable()

  private struct State {
    var dataVersion: Int = 0
    var fullReads = 0
  }

  private init(
    database: any DatabaseWriter, tasks: [TaskItem], dataVersion: Int,
    clock: @escaping @Sendable () -> Date
  ) {
    self.database = database
    snapshot = TaskSnapshot(tasks)
    self.clock = clock
    state.withLock {
      $0.dataVersion = dataVersion
      $0.fullReads = 1
    }
  }

  /// How many times every task was read: 1 after opening, plus one per reload.
  public var fullReadCount: Int { state.withLock { $0.fullReads } }

  // MARK: Opening

  /// How often the apps look for another process's commit: a change made by `cli todo`
  /// shows in an open TUI or web page within a second (issue 40). A look is one `PRAGMA`.
  public static var otherProcessCheck: DispatchQueue.SchedulerTimeType.Stride { .milliseconds(500) }

  /// Opens (or creates, with the starter tasks) the store at `url`, looking for other
  /// processes' commits every `checkEvery`. A file that cannot be used is left exactly as it
  /// was found.
  public static func open(
    at url: URL, clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
    checkEvery: DispatchQueue.SchedulerTimeType.Stride = .seconds(2)
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
        try openUnderLock(path, clock: clock, scheduler: scheduler, checkEvery: checkEvery)
      }
    }
    return try opened.get()
  }

  private static func openUnderLock(
    _ path: String, clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
    checkEvery: DispatchQueue.SchedulerTimeType.Stride
  ) throws(TaskStoreError) -> SQLiteTaskService {
    do {
      try StoreFileCheck.check(path, as: identity)
    } catch .notOurs, .newerVersion {
      throw .incompatible(path: path)  // TD-72's name for both
    } catch .damaged {
      throw .corrupt(path: path)  // TD-69's
    } catch {
      throw .unusable(error)
    }
    PrivateFile.prepareStore(path)
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(StoreWaits.busy)
      configuration.prepareDatabase { db in
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      let pool = try DatabasePool(path: path, configuration: configuration)
      let service = try finishOpening(pool, clock: clock)
      service.startChecking(scheduler, every: checkEvery)
      return service
    } catch let error as TaskStoreError {
      throw error
    } catch {
      throw map(error, path: path)
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
    _ database: any DatabaseWriter, clock: @escaping @Sendable () -> Date, starterTasks: Bool = true
  ) throws -> SQLiteTaskService {
    try migrator(clock: clock, starterTasks: starterTasks).migrate(database)
    let (tasks, version) = try database.writeWithoutTransaction { db in
      (try readAll(db), try dataVersion(db))
    }
    return SQLiteTaskService(database: database, tasks: tasks, dataVersion: version, clock: clock)
  }

  /// What a task store looks like, for the check made before opening a file.
  static let identity = StoreIdentity(
    name: "todo", knownMigrations: ["v1"], tables: ["task"])

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
        try insert(task, db)
      }
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

  // MARK: Reading

  /// Every row, unsorted.
  private static func readAll(_ db: Database) throws -> [TaskItem] {
    try TaskRows.read(db)
  }

  private static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }

  private static func insert(_ task: TaskItem, _ db: Database) throws {
    try db.execute(
      sql: "INSERT INTO task (uid, title, added, checked) VALUES (?, ?, ?, ?)",
      arguments: [
        task.uid, task.title, task.added.millisecondsSince1970, task.checked?.millisecondsSince1970,
      ])
  }

  /// Every `period`: has another connection committed? Then read everything again.
  private func startChecking(
    _ scheduler: AnySchedulerOf<DispatchQueue>, every period: DispatchQueue.SchedulerTimeType.Stride
  ) {
    let timer = scheduler.schedule(after: scheduler.now.advanced(by: period), interval: period) {
      [weak self] in self?.checkForChanges()
    }
    check.hold(timer)
  }

  /// Reads everything again if another connection has committed since the last look.
  public func checkForChanges() {
    queue.async { [self] in
      do {
        let reloaded = try database.writeWithoutTransaction { db -> [TaskItem]? in
          let version = try Self.dataVersion(db)
          guard version != state.withLock({ $0.dataVersion }) else { return nil }
          state.withLock { $0.dataVersion = version }
          return try Self.readAll(db)
        }
        guard let reloaded else { return }
        state.withLock { $0.fullReads += 1 }
        snapshot.replace(with: reloaded)
      } catch {
        snapshot.fail(.loadFailed)
      }
    }
  }

  /// Blocks until every operation already started has finished (tests, shutdown).
  public func waitForPendingWork() { queue.sync {} }

  deinit { check.cancel() }

  // MARK: TaskService

  public var tasks: AnyPublisher<[TaskItem], TaskServiceError> { snapshot.tasks }
  public var listing: AnyPublisher<TaskListing, TaskServiceError> { snapshot.listing }
  public var statistics: AnyPublisher<TaskStatistics, TaskServiceError> { snapshot.statistics }

  public func createTask(title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .creationFailed) { [clock] db in
      let added = clock().wholeMilliseconds
      try db.execute(
        sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, NULL)",
        arguments: [title, added.millisecondsSince1970])
      return .put(TaskItem(uid: db.lastInsertedRowID, title: title, added: added))
    }
  }

  public func update(_ task: TaskItem, title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .updateFailed(task)) { [snapshot] db in
      try db.execute(sql: "UPDATE task SET title = ? WHERE uid = ?", arguments: [title, task.uid])
      guard db.changesCount == 1, var stored = snapshot.task(task.uid) else { return .refused }
      stored.title = title
      return .put(stored)
    }
  }

  public func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .toggleFailed(task)) { [snapshot, clock] db in
      guard var stored = snapshot.task(task.uid) else { return .refused }
      stored.checked = stored.isDone ? nil : clock().wholeMilliseconds
      try db.execute(
        sql: "UPDATE task SET checked = ? WHERE uid = ?",
        arguments: [stored.checked?.millisecondsSince1970, task.uid])
      return db.changesCount == 1 ? .put(stored) : .refused
    }
  }

  public func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .deletionFailed(task)) { [snapshot] db in
      guard let stored = snapshot.task(task.uid) else { return .refused }
      try db.execute(sql: "DELETE FROM task WHERE uid = ?", arguments: [task.uid])
      return db.changesCount == 1 ? .remove(stored) : .refused
    }
  }

  public func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .restoreFailed(task)) { [snapshot] db in
      guard snapshot.task(task.uid) == nil else { return .refused }
      try Self.insert(task, db)
      return .put(task)
    }
  }

  /// What a write did, to patch the snapshot with.
  private enum Patch {
    case put(TaskItem)
    case remove(TaskItem)
    /// Nothing to change (no such row): the transaction is rolled back.
    case refused
  }

  private struct Refused: Error {}

  private func write(
    failure: TaskServiceError, _ body: @escaping @Sendable (Database) throws -> Patch
  ) -> AnyPublisher<TaskItem, TaskServiceError> {
    BackgroundWork.run(on: queue) { [self] () -> Result<TaskItem, TaskServiceError> in
      do {
        let patch = try database.write { db -> Patch in
          let patch = try body(db)
          if case .refused = patch { throw Refused() }
          return patch
        }
        // The database file alone holds every committed change (a user's copy of it too).
        database.writeWithoutTransaction(StoreFileCheck.checkpoint)
        switch patch {
        case .put(let task):
          snapshot.put(task)
          return .success(task)
        case .remove(let task):
          snapshot.remove(task.uid)
          return .success(task)
        case .refused:
          return .failure(failure)
        }
      } catch {
        return .failure(failure)
      }
    }
  }
}
