import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

/// What the user chose in an app, kept between runs (ST-03) in `<data dir>/choices.sqlite`,
/// never in the settings file: one row per key (`weather.units`, `checkout.currency`, …).
/// Each change is written at once, in its own transaction, before the change's delivery
/// returns: two processes lose neither's write (ST-06), and a process killed right after a
/// change has kept it (ST-07). With `--ephemeral` the choices live in memory only.
///
/// A composition makes one per app and has it `follow` the app's choices; the follows keep it
/// until `close()`, which the registry ties to the end of the app's session. A store that cannot be opened (a broken file, a read-only folder)
/// means nothing is recalled or kept, and `problem` says why, for a warning at start.
public final class RememberedChoices {
  private let database: DatabaseQueue?
  private var memory: [String: String] = [:]
  private var follows: [AnyCancellable] = []
  /// Why the store could not be opened, or nil.
  public private(set) var problem: String?
  /// Where a followed choice that could not be written is reported.
  private let notices: AppNotices
  private let path: String

  /// The choices of `configuration`'s data directory (in memory with `--ephemeral`); a failed
  /// write of a followed choice goes to `configuration.notices`.
  public convenience init(_ configuration: AppConfiguration) {
    self.init(
      directory: configuration.ephemeral ? nil : configuration.dataDirectory,
      fileName: "choices.sqlite", notices: configuration.notices)
  }

  /// Choices in `directory`/`fileName`, or in memory when `directory` is nil.
  init(directory: DataDirectory?, fileName: String, notices: AppNotices) {
    self.notices = notices
    let file = directory?.file(fileName).path
    path = file ?? ""
    guard let directory, let path = file else {
      database = nil
      return
    }
    do {
      try directory.prepare()
      database = try CreationLock.whileHolding(lockFor: path) {
        try StoreFileCheck.check(path, as: Self.identity)
        PrivateFile.prepareStore(path)
        let database = try Self.connection(to: path)
        try database.writeWithoutTransaction { db in
          _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
          try db.execute(
            sql: "CREATE TABLE IF NOT EXISTS choice (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
          StoreFileCheck.checkpoint(db)
        }
        return database
      }
    } catch {
      database = nil
      problem = Self.warning(path)
    }
  }

  /// A connection to the store at `path`, as every reader and writer opens it: a writer that
  /// finds the store busy (another process's write) waits its turn, up to `StoreWaits.busy`.
  private static func connection(to path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(StoreWaits.busy)
    return try DatabaseQueue(path: path, configuration: configuration)
  }

  /// Every choice kept in `configuration`'s data directory, read without creating or changing
  /// anything (for the report of the settings in force): empty with `--ephemeral`, or when the
  /// store is missing or cannot be read.
  public static func stored(in configuration: AppConfiguration) -> [String: String] {
    guard !configuration.ephemeral else { return [:] }
    let path = configuration.dataDirectory.file("choices.sqlite").path
    guard FileManager.default.fileExists(atPath: path),
      StoreFileCheck.problemWhileLocked(path, as: identity) == nil
    else { return [:] }
    var options = Configuration()
    options.readonly = true
    options.busyMode = .timeout(StoreWaits.busy)
    let rows = try? DatabaseQueue(path: path, configuration: options).read { db in
      try Row.fetchAll(db, sql: "SELECT key, value FROM choice")
    }
    var values: [String: String] = [:]
    for row in rows ?? [] {
      if let key: String = row["key"], let value: String = row["value"], value.utf8.count <= 1024 {
        values[key] = value
      }
    }
    return values
  }

  /// What a choices store looks like: one table, made without a migrator.
  static let identity = StoreIdentity(name: "choices", knownMigrations: nil, tables: ["choice"])

  /// The start-up warning for a store at `path` that cannot be used.
  private static func warning(_ path: String) -> String {
    "choices are not remembered: \(path) cannot be used"
  }

  /// The warning for a `choices.sqlite` that exists but cannot be read (checked at start,
  /// before any app opens it, so that both front ends can print it); nil when it is fine, or
  /// missing, or with `--ephemeral`.
  static func problem(in configuration: AppConfiguration) -> String? {
    guard !configuration.ephemeral else { return nil }
    let path = configuration.dataDirectory.file("choices.sqlite").path
    switch StoreFileCheck.problemWhileLocked(path, as: identity) {
    case nil: return nil
    case .damaged: return warning(path)
    case let problem?: return "choices are not remembered: \(problem.message)"
    }
  }

  /// The value kept for `key`, if any (a value too long to be a choice is ignored).
  public func recalled(_ key: String) -> String? {
    if let value = memory[key] { return value }
    guard let database else { return nil }
    let value = try? database.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM choice WHERE key = ?", arguments: [key])
    }
    return value.flatMap { $0.utf8.count <= 1024 ? $0 : nil }
  }

  /// Keeps `value` for `key` now; false when it could not be written (a store that could not
  /// be opened still keeps it for this run).
  @discardableResult
  public func remember(_ value: String, for key: String) -> Bool {
    guard let database else {
      memory[key] = value
      return problem == nil
    }
    do {
      try database.write { db in
        try db.execute(
          sql: """
            INSERT INTO choice (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, arguments: [key, value])
      }
      // As every store: the file alone holds the choice, and the next start reads no log.
      database.writeWithoutTransaction(StoreFileCheck.checkpoint)
      return true
    } catch {
      return false
    }
  }

  /// Keeps each value of `choices` under `key`; with `skippingCurrent`, not the first (the
  /// value at start, which a publisher that replays its current value sends at once). A value
  /// the store refuses is a failure notice (a store that could not be opened was a warning at
  /// start, and keeps choices for the run without one).
  public func follow<P: Publisher>(_ choices: P, key: String, skippingCurrent: Bool = true)
  where P.Output == String, P.Failure == Never {
    follows.append(
      choices.removeDuplicates().dropFirst(skippingCurrent ? 1 : 0)
        .sink { [self] value in
          guard !remember(value, for: key), database != nil else { return }
          notices.failures.accept("Choice not saved: \(key) = \(value) (\(path) cannot be written)")
        })
  }

  /// Stops following and closes the store: nothing is kept after this.
  public func close() {
    follows.removeAll()
    try? database?.close()
  }

  /// Puts back each of `choices` (its remembered value, else the settings file's value of its
  /// `settingsKey`), in order, then keeps each change: how every app's session is given its
  /// remembered choices at start.
  public func keep(_ choices: [RememberedChoice], settings: [String: String]) {
    for choice in choices {
      if let value = recalled(choice.key) ?? choice.settingsKey.flatMap({ settings[$0] }) {
        choice.restore(value)
      }
    }
    for choice in choices {
      follow(choice.values, key: choice.key, skippingCurrent: choice.isSetAtStart)
    }
  }
}
