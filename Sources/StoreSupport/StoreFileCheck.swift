import AppInfrastructure
import Foundation
import GRDB
import ViewModelKit

/// What a SQLite store of ours looks like: the migrations this build knows and the tables every
/// version of it has. A file is judged against it before anything may write to it.
public struct StoreIdentity: Sendable {
  /// The store's name in messages ("the todo store").
  public let name: String
  /// Every migration identifier this build registers; nil for a store made without GRDB's
  /// migrator (its tables alone say it is ours).
  public let knownMigrations: Set<String>?
  /// Tables the first migration creates: a file without them is some other program's.
  public let tables: Set<String>

  public init(name: String, knownMigrations: Set<String>?, tables: Set<String>) {
    self.name = name
    self.knownMigrations = knownMigrations
    self.tables = tables
  }
}

/// Why a file cannot be used as a store; the file is left exactly as it was found.
public enum StoreFileProblem: Error, Equatable, Sendable {
  /// A FIFO, a device, a folder or a socket where the store should be.
  case notARegularFile(path: String)
  /// A symbolic link to nothing: following it would create a file the user did not expect.
  case danglingLink(path: String)
  /// A store of ours with migrations this build does not know: a newer version wrote it.
  case newerVersion(path: String)
  /// A database that is not this store (another app's).
  case notOurs(path: String)
  /// A file SQLite cannot read: not a database, or a damaged one.
  case damaged(path: String)

  /// The user-facing message.
  public var message: String {
    switch self {
    case .notARegularFile(let path): "\(path) is not a regular file; it was left alone"
    case .danglingLink(let path):
      "\(path) is a symbolic link to nothing; create its target or remove the link"
    case .newerVersion(let path):
      "\(path) was written by a newer version of this app; it was left alone"
    case .notOurs(let path): "\(path) is not this app's database; it was left alone"
    case .damaged(let path): "\(path) is damaged or is not a database; it was left alone"
    }
  }
}

/// The checks every SQLite store makes on its file before opening it for writing (issue 26,
/// item 6): a missing file is fine (it will be created); anything else must be a regular file
/// (a link to one is followed), and a database with tables must carry this store's tables and
/// only migrations this build knows. The checks only read.
public enum StoreFileCheck {
  /// Throws what is wrong with the file at `path` as a store of `identity`, or returns when it
  /// is missing, empty, or one of ours.
  public static func check(_ path: String, as identity: StoreIdentity) throws(StoreFileProblem) {
    var link = stat()
    guard lstat(path, &link) == 0 else { return }  // nothing there yet
    var target = stat()
    guard stat(path, &target) == 0 else { throw .danglingLink(path: path) }
    guard (target.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
    guard target.st_size > 0 else { return }
    // Read-only first: closing such a connection neither checkpoints nor removes the log, so
    // the store's own connection, opened a moment later, starts warm. A read-only connection
    // cannot open a WAL database whose shared-memory file needs recovery; a writable one that
    // only reads does.
    var outcome = SQLiteContents.read(path, readOnly: true)
    if case .unreadable = outcome { outcome = SQLiteContents.read(path, readOnly: false) }
    let contents: (tables: Set<String>, migrations: Set<String>)
    switch outcome {
    case .busy: return  // another process holds it: the store's own open waits and reports
    case .unreadable: throw .damaged(path: path)
    case .contents(let tables, let migrations): contents = (tables, migrations)
    }
    guard !contents.tables.isEmpty else { return }
    guard identity.tables.isSubset(of: contents.tables) else { throw .notOurs(path: path) }
    guard let known = identity.knownMigrations else { return }
    guard contents.tables.contains("grdb_migrations") else { throw .notOurs(path: path) }
    guard contents.migrations.isSubset(of: known) else { throw .newerVersion(path: path) }
  }

  /// What is wrong with the file at `path` (nil: nothing), checked under the data directory's
  /// creation lock, for a caller that does not open the store itself: another process may be
  /// creating it at that moment, and a store half-way through its migrations is not yet
  /// recognisable as ours. (A store's own open checks inside the lock it already holds.)
  public static func problemWhileLocked(_ path: String, as identity: StoreIdentity)
    -> StoreFileProblem?
  {
    CreationLock.whileHolding(lockFor: path) { () -> StoreFileProblem? in
      do throws(StoreFileProblem) {
        try check(path, as: identity)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Moves what the write-ahead log holds into the database file, so that the file alone (a
  /// user's backup copy) has every committed change, and empties the log, so that the next
  /// process to open the store has no log to read through first (a process ends without
  /// closing its connections, which would have done it). A reader in another process holding
  /// pages of the log past the connection's busy wait leaves the log as it is, to be moved by
  /// a later write.
  public static func checkpoint(_ db: Database) {
    _ = try? Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
  }
}
