import CheckoutFeature
import Foundation
import GRDB
import Testing
import ViewModelKit

/// Issue 42, item 5: every amount in its currency's ISO 4217 minor units (JPY and KRW with
/// none, BHD with three), converted and rounded once, at the end; on the wire too; and stored
/// orders of an earlier version read in the same units.
@Suite("Checkout: amounts in each currency's own minor units")
struct MinorUnitsTests {
  @Test("issue 42: ISO 4217's minor units, and one rounding at the end")
  func units() {
    #expect(
      ["JPY", "KRW", "ISK", "GBP", "EUR", "BHD", "KWD"].map(Currency.minorUnits(of:)) == [
        0, 0, 0, 2, 2, 3, 3,
      ])
    // 0.95 GBP at 191.5 is 181.925 yen: 182, rounded once (not 181.93 and then 182).
    #expect(Money.convert(95, rate: ScaledDecimal(units: 1915, scale: 1), minorUnits: 0) == 182)
    // 0.95 GBP at 0.4812 is 0.45714 BHD: 457 fils.
    #expect(Money.convert(95, rate: ScaledDecimal(units: 4812, scale: 4), minorUnits: 3) == 457)
    let krw = Currency(code: "KRW", rate: ScaledDecimal(units: 18234, scale: 1))
    #expect(krw.format(base: 95) == "1732 KRW")  // 1732.23
    #expect(
      Money.convert(Int.max, rate: ScaledDecimal(units: Int64.max, scale: 0), minorUnits: 3)
        == Int.max)
  }

  @Test("issue 42: the wire form writes the currency's decimals and reads no others")
  func wire() throws {
    #expect(
      try WireFormat.text(MoneyAmount(minor: 1168, currency: "JPY"))
        == #"{"amount":"1168","currency":"JPY"}"#)
    #expect(
      try WireFormat.text(MoneyAmount(minor: 457, currency: "BHD"))
        == #"{"amount":"0.457","currency":"BHD"}"#)
    let decoder = JSONDecoder()
    #expect(
      try decoder.decode(MoneyAmount.self, from: Data(#"{"amount":"1168","currency":"JPY"}"#.utf8))
        == MoneyAmount(minor: 1168, currency: "JPY"))
    #expect(
      try decoder.decode(
        MoneyAmount.self, from: Data(#"{"amount":"-0.457","currency":"BHD"}"#.utf8))
        == MoneyAmount(minor: -457, currency: "BHD"))
    for bad in [
      #"{"amount":"1168.15","currency":"JPY"}"#, #"{"amount":"0.45","currency":"BHD"}"#,
      #"{"amount":"99999999999999999999","currency":"JPY"}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try decoder.decode(MoneyAmount.self, from: Data(bad.utf8))
      }
    }
  }

  @Test("issue 42: a yen order stored by an earlier version is read in whole yen (v3-minor-units)")
  func migration() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.earlierStore(
      in: directory,
      rows: """
        INSERT INTO order_header VALUES
          (1, '2025-01-15T14:03:00Z', 'Ana', 'ana@example.com', 'Here', 'JPY', '191.5', 610, 116815),
          (2, '2025-01-15T14:04:00Z', 'Ana', 'ana@example.com', 'Here', 'GBP', '1', 190, 190),
          (3, '2025-01-15T14:05:00Z', 'Ana', 'ana@example.com', 'Here', 'JPY', 'bad', 95, 18193);
        INSERT INTO order_line VALUES
          (1, 0, 'peas', 'Bag of Peas', 2, 95, 36385), (1, 1, 'eggs', 'Dozen of Eggs', 2, 210, 80430),
          (2, 0, 'peas', 'Bag of Peas', 2, 95, 190), (3, 0, 'peas', 'Bag of Peas', 1, 95, 18193);
        """)
    let storage = SQLiteCheckoutStorage(path: path)
    var orders: [Order] = []
    let subscription = storage.observeOrders().sink(
      receiveCompletion: { _ in }, receiveValue: { orders = $0 })
    storage.waitForPendingWork()
    subscription.cancel()
    let byNumber = Dictionary(uniqueKeysWithValues: orders.map { ($0.number, $0.draft) })
    #expect(byNumber[1]?.totalMinor == 1168)  // 6.10 × 191.5 = 1168.15, once
    #expect(byNumber[1]?.lines.map(\.amountMinor) == [364, 804])  // 363.85 and 804.3
    #expect(byNumber[2]?.totalMinor == 190)  // pounds keep their pence
    #expect(byNumber[3]?.totalMinor == 182)  // no readable rate: 181.93 rescaled, once
  }

  @Test("issue 42: an order edited by hand to values of the wrong type does not stop the migration")
  func hostileMigration() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.earlierStore(
      in: directory,
      rows: """
        INSERT INTO order_header VALUES
          (1, '2025-01-15T14:03:00Z', 'Ana', 'a@b.c', 'Here', 'JPY', X'00FF', 'lots', 'many');
        INSERT INTO order_line VALUES (1, 'first', 'peas', 'Peas', 'two', 95, 'x');
        """)
    let storage = SQLiteCheckoutStorage(path: path)
    var failure: StorageError?
    let subscription = storage.observeOrders().sink(
      receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
      receiveValue: { _ in })
    storage.waitForPendingWork()
    subscription.cancel()
    // No trap: the order that does not read is reported as the store's failure, as before.
    #expect(failure == .readFailed)
  }

  static func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "minor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A checkout store as the version before `v3-minor-units` left it, holding `rows` (SQL
  /// inserts); its path.
  static func earlierStore(in directory: URL, rows: String) throws -> String {
    let path = directory.appendingPathComponent("checkout.sqlite").path
    let old = try DatabaseQueue(path: path)
    try old.write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1'), ('v2');
          CREATE TABLE cart_item (product_id TEXT PRIMARY KEY,
            quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99));
          CREATE TABLE order_header (number INTEGER PRIMARY KEY AUTOINCREMENT, placed_at TEXT,
            name TEXT, email TEXT, address TEXT, currency TEXT, rate TEXT,
            base_total_minor INTEGER, total_minor INTEGER);
          CREATE TABLE order_line (order_number INTEGER REFERENCES order_header ON DELETE CASCADE,
            position INTEGER, product_id TEXT, title TEXT, quantity INTEGER,
            unit_price_minor INTEGER, amount_minor INTEGER, PRIMARY KEY (order_number, position));
          CREATE TABLE account (id INTEGER PRIMARY KEY CHECK (id = 1), username TEXT NOT NULL,
            email TEXT NOT NULL);
          """ + rows)
    }
    try old.close()
    return path
  }
}
