import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

/// Tweets in SQLite (`<data dir>/tweets.sqlite`, or a private in-memory database), kept per
/// list. A file that cannot be opened falls back to memory, with `openFailure` set.
///
/// Pages reach subscribers two ways, both as a fresh read on one private serial queue, so a
/// later read never loses to an earlier one: after each of this store's own writes, before
/// the write returns (so a caller sees its change at once, and tests need no waiting), and
/// whenever GRDB's `ValueObservation` reports a change made elsewhere. The first rows are
/// read at once on the subscribing thread.
public final class GRDBTweetStore: TweetStore, Sendable {
  // `database` is set once; GRDB serialises access to it. Page refreshes run on
  // `observationQueue`, so they reach each page in order; the page table is a `Locked`.
  private let database: any DatabaseWriter
  private let observationQueue = DispatchQueue(label: "tweets.store.observation")
  /// Rows added since the last check against `listCap` (extension E8).
  private let addedSinceCheck = Locked(0)
  /// The newest tweets kept per list.
  public static let defaultListCap = 100_000
  private let listCap: Int
  private let pruneEvery: Int
  private let pages = Locked<[UUID: Page]>([:])
  public let openFailure: StoreError?
  private let writeFailures = PublishRelay<StoreError>()

  /// What a tweet store looks like, for the check made before opening a file.
  static let identity = StoreIdentity(
    name: "tweets", knownMigrations: ["v1", "v2", "v3-post-uri"],
    tables: ["user", "tweet", "list_tweet"])

  /// The store at `url`, or in memory (with `openFailure`) when that fails. The file is checked
  /// and opened under the data directory's creation lock, so two processes starting on a new
  /// directory do not race to create it; a file that is not ours is left untouched.
  public init(url: URL, listCap: Int = defaultListCap, pruneEvery: Int = 1000) {
    self.listCap = listCap
    self.pruneEvery = pruneEvery
    let opened = CreationLock.whileHolding(lockFor: url.path) {
      Result { () throws(StoreError) -> DatabaseQueue in
        do throws(StoreFileProblem) {
          try StoreFileCheck.check(url.path, as: Self.identity)
        } catch .damaged {
          throw .openFailed
        } catch {
          throw .unusable(error)
        }
        do {
          return try Self.openFile(url)
        } catch {
          throw .openFailed
        }
      }
    }
    switch opened {
    case .success(let queue):
      database = queue
      openFailure = nil
    case .failure(let failure):
      database = try! Self.prepare(DatabaseQueue(configuration: Self.configuration))
      openFailure = failure
    }
  }

  /// `openFailure` (at once, when there is one), then each write that fails.
  public var failures: AnyPublisher<StoreError, Never> {
    openFailures.append(writeFailures).eraseToAnyPublisher()
  }

  /// A private in-memory database (`--ephemeral`).
  public init(listCap: Int = defaultListCap, pruneEvery: Int = 1000) {
    self.listCap = listCap
    self.pruneEvery = pruneEvery
    database = try! Self.prepare(DatabaseQueue(configuration: Self.configuration))
    openFailure = nil
  }

  private static var configuration: Configuration {
    var configuration = Configuration()
    // A cache of what was read: a write that finds another process's lock waits a second,
    // then is dropped (the next poll writes again), so the screen never waits long on it.
    configuration.busyMode = .timeout(StoreWaits.cache)
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA cache_size = -2000")
    }
    return configuration
  }

  private static func openFile(_ url: URL) throws -> DatabaseQueue {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    PrivateFile.prepareStore(url.path)
    return try prepare(DatabaseQueue(path: url.path, configuration: configuration))
  }

  private static func prepare(_ queue: DatabaseQueue) throws -> DatabaseQueue {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE user (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, username TEXT NOT NULL,
            description TEXT NOT NULL, profile_image_url TEXT NOT NULL, url TEXT NOT NULL);
          CREATE TABLE tweet (
            id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL, text TEXT NOT NULL,
            created_at REAL NOT NULL);
          CREATE TABLE list_tweet (
            list_id INTEGER NOT NULL, tweet_id INTEGER NOT NULL,
            PRIMARY KEY (list_id, tweet_id));
          """)
    }
    migrator.registerMigration("v2") { db in
      try db.execute(sql: "ALTER TABLE tweet ADD COLUMN kind TEXT NOT NULL DEFAULT ''")
    }
    // A Bluesky post's own AT URI, for its link (issue 42); stored tweets keep none until
    // they are fetched again.
    migrator.registerMigration("v3-post-uri") { db in
      try db.execute(sql: "ALTER TABLE tweet ADD COLUMN uri TEXT")
    }
    try migrator.migrate(queue)
    return queue
  }

  // MARK: Writing

  public func upsert(_ page: TimelinePage, list: TwitterID?) throws(StoreError) {
    do {
      try database.write { db in
        try Self.write(page.users, db)
        for tweet in page.tweets {
          try db.execute(
            sql: """
              INSERT INTO tweet (id, author_id, text, created_at, kind, uri)
              VALUES (?, ?, ?, ?, ?, ?)
              ON CONFLICT(id) DO UPDATE SET author_id = excluded.author_id,
                text = excluded.text, created_at = excluded.created_at, kind = excluded.kind,
                uri = excluded.uri
              WHERE author_id IS NOT excluded.author_id OR text IS NOT excluded.text
                OR created_at IS NOT excluded.created_at OR kind IS NOT excluded.kind
                OR uri IS NOT excluded.uri
              """,
            arguments: [
              tweet.id.rawValue, tweet.authorID.rawValue, tweet.text,
              tweet.createdAt.timeIntervalSince1970, tweet.kind.rawValue, tweet.uri,
            ])
          if let list {
            try db.execute(
              sql: "INSERT OR IGNORE INTO list_tweet (list_id, tweet_id) VALUES (?, ?)",
              arguments: [list.rawValue, tweet.id.rawValue])
          }
        }
      }
    } catch {
      writeFailures.accept(.writeFailed)
      throw .writeFailed
    }
    if let list { pruneIfDue(list, added: page.tweets.count) }
    refreshPages()
  }

  /// Every `pruneEvery` added rows (1,000), drops a list's rows beyond the newest `listCap`
  /// (an index walk too slow to make on every write). Extension E8.
  private func pruneIfDue(_ list: TwitterID, added: Int) {
    let due = addedSinceCheck.withLock { count -> Bool in
      count += added
      guard count >= pruneEvery else { return false }
      count = 0
      return true
    }
    guard due else { return }
    try? database.write { db in
      guard
        let oldestKept = try Int64.fetchOne(
          db,
          sql: """
            SELECT tweet_id FROM list_tweet WHERE list_id = ?
            ORDER BY tweet_id DESC LIMIT 1 OFFSET ?
            """, arguments: [list.rawValue, listCap - 1])
      else { return }
      try db.execute(
        sql: "DELETE FROM list_tweet WHERE list_id = ? AND tweet_id < ?",
        arguments: [list.rawValue, oldestKept])
    }
  }

  public func upsertUsers(_ users: [User]) throws(StoreError) {
    do {
      try database.write { try Self.write(users, $0) }
    } catch {
      writeFailures.accept(.writeFailed)
      throw .writeFailed
    }
    refreshPages()
  }

  /// Reads every subscribed page again and hands it on (duplicates are dropped downstream).
  private func refreshPages() {
    observationQueue.sync {
      for page in pages.withLock({ Array($0.values) }) {
        if let rows = try? database.read({ try Self.rows($0, list: page.list, limit: page.limit) })
        {
          page.latest.accept(rows)
        }
      }
    }
  }

  private static func write(_ users: [User], _ db: Database) throws {
    for user in users {
      try db.execute(
        sql: """
          INSERT INTO user (id, name, username, description, profile_image_url, url)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT(id) DO UPDATE SET name = excluded.name, username = excluded.username,
            description = excluded.description, profile_image_url = excluded.profile_image_url,
            url = excluded.url
          WHERE name IS NOT excluded.name OR username IS NOT excluded.username
            OR description IS NOT excluded.description
            OR profile_image_url IS NOT excluded.profile_image_url OR url IS NOT excluded.url
          """,
        arguments: [
          user.id.rawValue, user.name, user.username, user.description, user.profileImageURL,
          user.url,
        ])
    }
  }

  // MARK: Reading

  public func count(list: TwitterID) -> Int {
    (try? database.read {
      try Int.fetchOne(
        $0, sql: "SELECT count(*) FROM list_tweet WHERE list_id = ?", arguments: [list.rawValue])
    }) ?? 0
  }

  public func timeline(list: TwitterID, limit: Int) -> AnyPublisher<[StoredTweet], Never> {
    Deferred { [self] () -> AnyPublisher<[StoredTweet], Never> in
      let first = (try? database.read { try Self.rows($0, list: list, limit: limit) }) ?? []
      let latest = BehaviorRelay(value: first)
      let key = UUID()
      pages.withLock { $0[key] = Page(list: list, limit: limit, latest: latest) }
      let observation = ValueObservation.tracking { db in
        try Self.rows(db, list: list, limit: limit)
      }
      .removeDuplicates()
      // A change from elsewhere: read again on the queue rather than hand on the observed
      // value, which may be older than a read already handed on.
      let cancellable = observation.start(
        in: database, scheduling: .async(onQueue: observationQueue), onError: { _ in },
        onChange: { [weak self] _ in
          guard let self, let page = pages.withLock({ $0[key] }) else { return }
          if let rows = try? database.read({ try Self.rows($0, list: list, limit: limit) }) {
            page.latest.accept(rows)
          }
        })
      return latest.removeDuplicates()
        .handleEvents(receiveCancel: { [weak self] in
          cancellable.cancel()
          self?.forget(key)
        })
        .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

  private func forget(_ key: UUID) {
    pages.withLock { $0[key] = nil }
  }

  /// One subscribed timeline page: which list, how many rows, and where its rows go.
  private struct Page {
    let list: TwitterID
    let limit: Int
    let latest: BehaviorRelay<[StoredTweet]>
  }

  private static func rows(_ db: Database, list: TwitterID, limit: Int) throws -> [StoredTweet] {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT t.id, t.author_id, t.text, t.created_at, t.kind,
               u.id, u.name, u.username, u.description, u.profile_image_url, u.url, t.uri
        FROM list_tweet l JOIN tweet t ON t.id = l.tweet_id
        LEFT JOIN user u ON u.id = t.author_id
        WHERE l.list_id = ? ORDER BY l.tweet_id DESC LIMIT ?
        """, arguments: [list.rawValue, limit])
    // Throwing decodes: a value of the wrong type (edited by hand) fails the read instead of
    // trapping.
    return try rows.map { row throws in
      let tweet = Tweet(
        id: TwitterID(rawValue: try row.decode(atIndex: 0)),
        authorID: TwitterID(rawValue: try row.decode(atIndex: 1)),
        text: try row.decode(atIndex: 2),
        createdAt: Date(timeIntervalSince1970: try row.decode(atIndex: 3)),
        kind: TweetKind(rawValue: try row.decode(atIndex: 4)) ?? .original,
        uri: (try row.decode(atIndex: 11) as String?).flatMap(BlueskyPostAddress.checked))
      let userID: Int64? = try row.decode(atIndex: 5)
      let author = try userID.map { id throws in
        User(
          id: TwitterID(rawValue: id), name: try row.decode(atIndex: 6),
          username: try row.decode(atIndex: 7), description: try row.decode(atIndex: 8),
          profileImageURL: try row.decode(atIndex: 9), url: try row.decode(atIndex: 10))
      }
      return StoredTweet(tweet: tweet, author: author)
    }
  }
}
