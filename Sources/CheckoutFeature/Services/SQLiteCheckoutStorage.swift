import AppInfrastructure
import Foundation
import GRDB
import StoreSupport
import ViewModelKit

/// Checkout storage in `<data dir>/checkout.sqlite`: WAL mode, migrations "v1" (the cart and
/// the orders) and "v2" (the account, added to existing stores as they are opened), money in
/// integer minor units and rates as exact decimal text. Every operation is one transaction on
/// the storage's own serial queue. A file that is not a database is reported as
/// `.unavailable` and is never overwritten.
public final class SQLiteCheckoutStorage: CheckoutStorage, Sendable {
  private let path: String
  private let queue = DispatchQueue(label: "checkout.sqlite")
  private let connection = Locked<Result<DatabaseQueue, StorageError>?>(nil)
  private let orderChanges = PublishRelay<Void>()
  /// `PRAGMA data_version` when the cart was last read; nil before the first read.
  private let seenVersion = Locked<Int?>(nil)
  /// Seconds between two checks for another process's commits.
  static let checkInterval = 2

  /// A store on the file at `path`; the file is opened at the first operation.
  public init(path: String) { self.path = path }

  /// What a checkout store looks like: the composition checks the file against it at start,
  /// before anything may write to it.
  public static let identity = StoreIdentity(
    name: "checkout", knownMigrations: ["v1", "v2", "v3-minor-units"],
    tables: ["cart_item", "order_header", "order_line"])

  public func loadCart() -> AnyPublisher<[String: Int], StorageError> {
    run(failure: .readFailed) { [self] database in
      try database.read { db in
        defer { seenVersion.withLock { $0 = try? Self.dataVersion(db) } }
        return try Self.readCart(db)
      }
    }
  }

  public func applyCartChanges(_ changes: [String: Int]) -> AnyPublisher<
    [String: Int], StorageError
  > {
    run(failure: .writeFailed) { database in
      try database.write { db in
        // Each change is applied by SQLite to the row as stored now, inside one transaction:
        // another process's change to the same line is added to, never overwritten.
        let add = try db.cachedStatement(
          sql: """
            INSERT INTO cart_item (product_id, quantity) VALUES (?, MIN(99, ?))
            ON CONFLICT (product_id) DO UPDATE SET quantity = MIN(99, quantity + excluded.quantity)
            """)
        let drop = try db.cachedStatement(
          sql: "DELETE FROM cart_item WHERE product_id = ? AND quantity + ? <= 0")
        let take = try db.cachedStatement(
          sql: "UPDATE cart_item SET quantity = quantity + ? WHERE product_id = ?")
        for (id, change) in changes where change != 0 {
          // Beyond ±99 every change has the same effect; clamped, the sums cannot overflow.
          let delta = max(-99, min(99, change))
          if delta > 0 {
            try add.execute(arguments: [id, delta])
          } else {
            try drop.execute(arguments: [id, delta])
            try take.execute(arguments: [delta, id])
          }
        }
        return try Self.readCart(db)
      }
    }
  }

  public func cartChangesElsewhere(checkingOn scheduler: AnySchedulerOf<DispatchQueue>)
    -> AnyPublisher<[String: Int], Never>
  {
    scheduler.timerPublisher(every: .seconds(Self.checkInterval)).autoconnect()
      .flatMap(maxPublishers: .max(1)) { [self] _ in
        run(failure: .readFailed) { [self] database -> [String: Int]? in
          // data_version moves only when another connection commits.
          try database.read { db in
            let version = try Self.dataVersion(db)
            let previous = seenVersion.withLock { seen in
              defer { seen = version }
              return seen
            }
            return previous == nil || previous == version ? nil : try Self.readCart(db)
          }
        }
        .replaceError(with: nil)
        .compactMap { $0 }
      }
      .eraseToAnyPublisher()
  }

  public func saveOrder(_ draft: OrderDraft) -> AnyPublisher<Order, StorageError> {
    let changes = orderChanges
    return run(failure: .writeFailed) { database in
      try database.write { db -> Order in
        try db.execute(
          sql: """
            INSERT INTO order_header (placed_at, name, email, address, currency, rate,
              base_total_minor, total_minor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            Self.timestamp(draft.placedAt), draft.customer.name, draft.customer.email,
            draft.customer.address, draft.currency.code,
            draft.currency.rate.text(minimumDecimals: 0),
            draft.baseTotalMinor, draft.totalMinor,
          ])
        let number = Int(db.lastInsertedRowID)
        let statement = try db.makeStatement(
          sql: """
            INSERT INTO order_line (order_number, position, product_id, title, quantity,
              unit_price_minor, amount_minor) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, line) in draft.lines.enumerated() {
          try statement.execute(arguments: [
            number, position, line.productID, line.title, line.quantity, line.unitPriceMinor,
            line.amountMinor,
          ])
        }
        return Order(number: number, draft: draft)
      }
    }
    .handleEvents(receiveOutput: { _ in changes.accept(()) })
    .eraseToAnyPublisher()
  }

  public func loadAccount() -> AnyPublisher<Account?, StorageError> {
    run(failure: .readFailed) { database in
      try database.read { db -> Account? in
        guard
          let row = try Row.fetchOne(db, sql: "SELECT username, email FROM account WHERE id = 1"),
          let username = String.fromDatabaseValue(row[0]),
          let email = String.fromDatabaseValue(row[1])
        else { return nil }
        // A row edited by hand into something this app would not make is no account.
        return AccountRules.checked(Account(username: username, email: email))
      }
    }
  }

  public func saveAccount(_ account: Account?) -> AnyPublisher<Void, StorageError> {
    run(failure: .writeFailed) { database in
      try database.write { db in
        guard let account else { return try db.execute(sql: "DELETE FROM account") }
        try db.execute(
          sql: """
            INSERT INTO account (id, username, email) VALUES (1, ?, ?)
            ON CONFLICT (id) DO UPDATE SET username = excluded.username, email = excluded.email
            """,
          arguments: [account.username, account.email])
      }
    }
  }

  public func observeOrders() -> AnyPublisher<[Order], StorageError> {
    orderChanges.prepend(())
      .setFailureType(to: StorageError.self)
      .map { [self] in run(failure: .readFailed, Self.fetchOrders) }
      .switchToLatest()
      .eraseToAnyPublisher()
  }

  /// Blocks until every operation started so far has run (for tests and shutdown).
  public func waitForPendingWork() { queue.sync {} }

  /// Runs what was started, then closes the file (issue 51, item 2); anything asked after
  /// fails as `unavailable`, and nothing reopens it.
  public func close() {
    queue.sync {
      connection.withLock { state in
        if case .success(let database)? = state { try? database.close() }
        state = .failure(.unavailable)
      }
    }
  }

  // MARK: - Database

  private func run<T: Sendable>(
    failure: StorageError, _ work: @escaping @Sendable (DatabaseQueue) throws -> T
  ) -> AnyPublisher<T, StorageError> {
    BackgroundWork.run(on: queue) { [self] in
      switch open() {
      case .failure(let error): return .failure(error)
      case .success(let database):
        do {
          let result = try work(database)
          // The database file alone holds every committed change (a user's copy of it too).
          if failure == .writeFailed { database.writeWithoutTransaction(StoreFileCheck.checkpoint) }
          return .success(result)
        } catch {
          return .failure(failure)
        }
      }
    }
  }

  /// The open database, opened and migrated on first use, under a `CreationLock` so that
  /// two processes starting on a new directory do not race. A failure is remembered, so a
  /// broken file is not retried (and never rewritten) for the life of the process.
  private func open() -> Result<DatabaseQueue, StorageError> {
    connection.withLock { state in
      if let state { return state }
      let result = CreationLock.whileHolding(lockFor: path) {
        Result { () throws(StorageError) -> DatabaseQueue in
          do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(StoreWaits.busy)
            PrivateFile.prepareStore(path)
            let database = try DatabaseQueue(path: path, configuration: configuration)
            try database.writeWithoutTransaction { db in
              _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try Self.migrator.migrate(database)
            return database
          } catch {
            throw .unavailable
          }
        }
      }
      state = result
      return result
    }
  }

  static func readCart(_ db: Database) throws -> [String: Int] {
    var cart: [String: Int] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT product_id, quantity FROM cart_item") {
      // Throwing decodes: a value of the wrong type (edited by hand) fails the read; the
      // subscripts would trap.
      cart[try row.decode(String.self, atIndex: 0)] = try row.decode(Int.self, atIndex: 1)
    }
    return cart
  }

  static func dataVersion(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE cart_item (
            product_id TEXT PRIMARY KEY,
            quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99));
          CREATE TABLE order_header (
            number INTEGER PRIMARY KEY AUTOINCREMENT, placed_at TEXT, name TEXT, email TEXT,
            address TEXT, currency TEXT, rate TEXT, base_total_minor INTEGER, total_minor INTEGER);
          CREATE TABLE order_line (
            order_number INTEGER REFERENCES order_header ON DELETE CASCADE, position INTEGER,
            product_id TEXT, title TEXT, quantity INTEGER, unit_price_minor INTEGER,
            amount_minor INTEGER, PRIMARY KEY (order_number, position));
          """)
    }
    migrator.registerMigration("v2") { db in
      try db.execute(
        sql: """
          CREATE TABLE account (
            id INTEGER PRIMARY KEY CHECK (id = 1), username TEXT NOT NULL, email TEXT NOT NULL)
          """)
    }
    migrator.registerMigration("v3-minor-units", migrate: OrderAmountsMigration.toMinorUnits)
    return migrator
  }

  @Sendable private static func fetchOrders(_ database: DatabaseQueue) throws -> [Order] {
    try database.read { db in
      var lines: [Int: [OrderLine]] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT * FROM order_line ORDER BY order_number, position")
      {
        lines[try row.decode(Int.self, forColumn: "order_number"), default: []].append(
          OrderLine(
            productID: try row.decode(forColumn: "product_id"),
            title: try row.decode(forColumn: "title"),
            quantity: try row.decode(forColumn: "quantity"),
            unitPriceMinor: try row.decode(forColumn: "unit_price_minor"),
            amountMinor: try row.decode(forColumn: "amount_minor")))
      }
      return try Row.fetchAll(db, sql: "SELECT * FROM order_header ORDER BY number DESC").map {
        row throws in
        let number: Int = try row.decode(forColumn: "number")
        let rateText: String = try row.decode(forColumn: "rate")
        let draft = OrderDraft(
          placedAt: parseTimestamp(try row.decode(forColumn: "placed_at"))
            ?? Date(timeIntervalSince1970: 0),
          customer: Customer(
            name: try row.decode(forColumn: "name"), email: try row.decode(forColumn: "email"),
            address: try row.decode(forColumn: "address")),
          currency: Currency(
            code: try row.decode(forColumn: "currency"),
            rate: ScaledDecimal(text: rateText) ?? Currency.gbp.rate),
          lines: lines[number] ?? [], baseTotalMinor: try row.decode(forColumn: "base_total_minor"),
          totalMinor: try row.decode(forColumn: "total_minor"))
        return Order(number: number, draft: draft)
      }
    }
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  static func parseTimestamp(_ text: String) -> Date? {
    ISO8601DateFormatter().date(from: text)
  }
}
