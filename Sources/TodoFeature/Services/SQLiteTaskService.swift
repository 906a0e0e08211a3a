import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

/// Tasks in SQLite (`<data dir>/todo.sqlite`): every change is one committed transaction
/// that reads and writes only its own row. The rows are read on the first subscription to
/// `listing` (the counts alone, in SQL, on one to `statistics`), so a one-shot change costs the
/// same on any size of store (the first subscriber waits for that read, which the contract's
/// "at once" asks); what is held is patched after each own write, and commits by
/// other processes are picked up by checking `PRAGMA data_version` every 2 s (the spec's
/// period; the apps ask for 0.5 s, `otherProcessCheck`).
public final class SQLiteTaskService: TaskService, Sendable {
  // Every database call runs on `queue`, one at a time.
  let database: any DatabaseWriter
  let snapshot: TaskSnapshot
  let clock: @Sendable () -> Date
  let queue = DispatchQueue(label: "todo.sqlite")
  /// Marks `queue`, so that a first subscription made from work already on it (a mutation's
  /// subscriber) reads there instead of waiting for itself.
  private static let onQueue = DispatchSpecificKey<Bool>()
  let state = Locked(State())
  private let check = SendableCancellable()
  /// How many changes can be taken back, once asked for (`undoDepth`).
  let undoDepthRelay = BehaviorRelay<Int?>(value: nil)

  struct State {
    var dataVersion: Int = 0
    var fullReads = 0
    /// Whether the rows, or the counts, have been asked for (each is read once, on the
    /// first subscription, and again after another process's commit).
    var rowsWanted = false
    var countsWanted = false
    var undoWanted = false
  }

  init(
    database: any DatabaseWriter, dataVersion: Int, clock: @escaping @Sendable () -> Date
  ) {
    self.database = database
    snapshot = TaskSnapshot()
    self.clock = clock
    state.withLock { $0.dataVersion = dataVersion }
    queue.setSpecific(key: Self.onQueue, value: true)
  }

  /// Sets `flag` and says whether it was not set yet: the first subscription of its kind.
  func firstAsk(_ flag: WritableKeyPath<State, Bool>) -> Bool {
    state.withLock { state in
      defer { state[keyPath: flag] = true }
      return !state[keyPath: flag]
    }
  }

  /// Runs `work` on the queue and waits for it; at once when already there.
  func onQueueNow(_ work: () -> Void) {
    if DispatchQueue.getSpecific(key: Self.onQueue) == true {
      work()
    } else {
      queue.sync(execute: work)
    }
  }

  /// How many times every task was read: once on the first subscription to `tasks` or
  /// `listing`, plus one per reload. Opening the store and changing it read no rows.
  public var fullReadCount: Int { state.withLock { $0.fullReads } }

  // MARK: Reading

  /// Every row, unsorted.
  private static func readAll(_ db: Database) throws -> [TaskItem] {
    try TaskRows.read(db)
  }

  static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }

  /// Every `period`: has another connection committed? Then read everything again.
  func startChecking(
    _ scheduler: AnySchedulerOf<DispatchQueue>, every period: DispatchQueue.SchedulerTimeType.Stride
  ) {
    let timer = scheduler.schedule(after: scheduler.now.advanced(by: period), interval: period) {
      [weak self] in self?.checkForChanges()
    }
    check.hold(timer)
  }

  /// Reads again what is held (the rows, or only the counts) if another connection has
  /// committed since the last look.
  public func checkForChanges() {
    queue.async { [self] in
      let wanted = state.withLock { ($0.rowsWanted, $0.countsWanted, $0.undoWanted) }
      guard wanted.0 || wanted.1 || wanted.2 else { return }
      do {
        let changed = try database.writeWithoutTransaction { db -> Bool in
          let version = try Self.dataVersion(db)
          return version != state.withLock({ $0.dataVersion })
        }
        guard changed else { return }
        if wanted.0 { readRows() } else if wanted.1 { readCounts() }
        if wanted.2 { countUndo() }
      } catch {
        snapshot.fail(.loadFailed)
      }
    }
  }

  /// Reads every row, the first time the rows are asked for: on the queue, waited for, so the
  /// subscription that asked gets the snapshot at once (the contract, 3.1). A subscriber that
  /// must not wait subscribes from elsewhere (the list view model subscribes on its scheduler's
  /// next turn, after a front end's first frame).
  private func wantRows() {
    if firstAsk(\.rowsWanted) { onQueueNow { readRows() } }
  }

  /// Counts the rows, the first time the counts are asked for, waited for as the rows are (the
  /// rows, once read, count themselves).
  private func wantCounts() {
    if firstAsk(\.countsWanted) { onQueueNow { if !snapshot.isLoaded { readCounts() } } }
  }

  /// Every row, with the data version it belongs to. A failure ends the streams; the next
  /// subscription reads again.
  private func readRows() {
    do {
      let (rows, version) = try database.writeWithoutTransaction { db in
        (try Self.readAll(db), try Self.dataVersion(db))
      }
      state.withLock {
        $0.dataVersion = version
        $0.fullReads += 1
      }
      snapshot.replace(with: rows)
    } catch {
      state.withLock { $0.rowsWanted = false }
      snapshot.fail(.loadFailed)
    }
  }

  /// The counts alone, one pass in SQL that keeps no row (`stats` on a large store).
  private func readCounts() {
    do {
      let (counts, version) = try database.writeWithoutTransaction { db in
        (try TaskRows.counts(db), try Self.dataVersion(db))
      }
      state.withLock { $0.dataVersion = version }
      snapshot.count(counts)
    } catch {
      state.withLock { $0.countsWanted = false }
      snapshot.fail(.loadFailed)
    }
  }

  /// Blocks until every operation already started has finished (tests, shutdown).
  public func waitForPendingWork() { queue.sync {} }

  /// Finishes what was started, stops checking for other processes' commits and closes the
  /// store's file (issue 51, item 2: a web tab's session leaves nothing open). Nothing is read
  /// or written after this.
  public func close() {
    check.cancel()
    queue.sync { try? database.close() }
  }

  deinit { check.cancel() }

  // MARK: TaskService

  public var tasks: AnyPublisher<[TaskItem], TaskServiceError> {
    listing.map(\.all).eraseToAnyPublisher()
  }

  public var listing: AnyPublisher<TaskListing, TaskServiceError> {
    Deferred { [self] in
      wantRows()
      return snapshot.listing
    }
    .eraseToAnyPublisher()
  }

  public var statistics: AnyPublisher<TaskStatistics, TaskServiceError> {
    Deferred { [self] in
      wantCounts()
      return snapshot.statistics
    }
    .eraseToAnyPublisher()
  }

  /// One row, read by its uid.
  public func task(uid: Int64) -> AnyPublisher<TaskItem?, TaskServiceError> {
    BackgroundWork.run(on: queue) { [database] () -> Result<TaskItem?, TaskServiceError> in
      Result { try database.read { db in try TaskRows.row(db, uid: uid) } }
        .mapError { _ in .loadFailed }
    }
  }

  public func page(of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int)
    -> AnyPublisher<[TaskItem], TaskServiceError>
  {
    BackgroundWork.run(on: queue) { [database] () -> Result<[TaskItem], TaskServiceError> in
      Result { try database.read { try TaskRows.page($0, of: kind, after: cursor, limit: limit) } }
        .mapError { _ in .loadFailed }
    }
  }

  public func createTask(title: String, details: TaskUpdate) -> AnyPublisher<
    TaskItem, TaskServiceError
  > {
    write(failure: .creationFailed) { [clock] db in
      let added = clock().wholeMilliseconds
      try db.execute(
        sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, NULL)",
        arguments: [title, added.millisecondsSince1970])
      let bare = TaskItem(uid: db.lastInsertedRowID, title: title, added: added)
      let task = try details.withoutTitle.applied(to: bare, now: added)
        .mapError(TaskServiceError.invalidChange).get()
      if task != bare { try TaskRows.write(task, db) }
      try TaskUndoRows.record(TaskUndoStep(kind: .added, uid: task.uid, before: nil), db)
      return .put(task, replacing: nil)
    }
  }

  public func modify(_ task: TaskItem, _ change: TaskUpdate) -> AnyPublisher<
    TaskItem, TaskServiceError
  > {
    write(failure: change.isTitleOnly ? .updateFailed(task) : .modifyFailed(task)) { [clock] db in
      guard let stored = try TaskRows.row(db, uid: task.uid) else { return .refused }
      let changed = try change.applied(to: stored, now: clock())
        .mapError(TaskServiceError.invalidChange).get()
      guard changed != stored else { return .put(stored, replacing: stored) }
      try TaskRows.write(changed, db)
      guard db.changesCount == 1 else { return .refused }
      try TaskUndoRows.record(TaskUndoStep(kind: .changed, uid: task.uid, before: stored), db)
      return .put(changed, replacing: stored)
    }
  }

  public func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .toggleFailed(task)) { [clock] db in
      guard let stored = try TaskRows.row(db, uid: task.uid) else { return .refused }
      var toggled = stored
      toggled.checked = stored.isDone ? nil : clock().wholeMilliseconds
      try db.execute(
        sql: "UPDATE task SET checked = ? WHERE uid = ?",
        arguments: [toggled.checked?.millisecondsSince1970, task.uid])
      guard db.changesCount == 1 else { return .refused }
      try TaskUndoRows.record(TaskUndoStep(kind: .changed, uid: task.uid, before: stored), db)
      return .put(toggled, replacing: stored)
    }
  }

  public func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .deletionFailed(task)) { db in
      guard let stored = try TaskRows.row(db, uid: task.uid) else { return .refused }
      try db.execute(sql: "DELETE FROM task WHERE uid = ?", arguments: [task.uid])
      guard db.changesCount == 1 else { return .refused }
      try TaskUndoRows.record(TaskUndoStep(kind: .deleted, uid: task.uid, before: stored), db)
      return .remove(stored)
    }
  }

  public func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    write(failure: .restoreFailed(task)) { db in
      guard try TaskRows.row(db, uid: task.uid) == nil else { return .refused }
      try TaskRows.insert(task, db)
      try TaskUndoRows.record(TaskUndoStep(kind: .added, uid: task.uid, before: nil), db)
      return .put(task, replacing: nil)
    }
  }

  /// What a write did, to patch the snapshot with.
  enum Patch {
    /// The row as written, and as it was before (nil: a new row).
    case put(TaskItem, replacing: TaskItem?)
    case remove(TaskItem)
    /// Nothing to change (no such row): the transaction is rolled back.
    case refused
  }

  private struct Refused: Error {}

  private func write(
    failure: TaskServiceError, _ body: @escaping @Sendable (Database) throws -> Patch
  ) -> AnyPublisher<TaskItem, TaskServiceError> {
    transact(failure: failure) { db in
      let patch = try body(db)
      switch patch {
      case .put(let task, _), .remove(let task): return (patch, task)
      case .refused: return (patch, nil)
      }
    }
  }

  /// Runs `body` as one transaction on the queue: on success the file is checkpointed, the
  /// snapshot patched and the undo depth counted again before the value is answered; a
  /// refusal rolls back and fails with `failure`, as any error does.
  func transact<T: Sendable>(
    failure: TaskServiceError, _ body: @escaping @Sendable (Database) throws -> (Patch, T?)
  ) -> AnyPublisher<T, TaskServiceError> {
    BackgroundWork.run(on: queue) { [self] () -> Result<T, TaskServiceError> in
      do {
        let (patch, value) = try database.write { db -> (Patch, T?) in
          let outcome = try body(db)
          if case .refused = outcome.0 { throw Refused() }
          return outcome
        }
        // The database file alone holds every committed change (a user's copy of it too).
        database.writeWithoutTransaction(StoreFileCheck.checkpoint)
        // The undo depth first: a list that reads it with the rows sees both changed together.
        if state.withLock({ $0.undoWanted }) { countUndo() }
        switch patch {
        case .put(let task, let previous): snapshot.put(task, replacing: previous)
        case .remove(let task): snapshot.remove(task)
        case .refused: return .failure(failure)
        }
        guard let value else { return .failure(failure) }
        return .success(value)
      } catch let error as TaskServiceError {
        return .failure(error)
      } catch {
        return .failure(failure)
      }
    }
  }
}
