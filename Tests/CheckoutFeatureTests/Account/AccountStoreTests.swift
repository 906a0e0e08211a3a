import CheckoutFeature
import Foundation
import GRDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Account: kept in checkout.sqlite, and filling the order form")
struct AccountStoreTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("account-\(UUID().uuidString)")
  var path: String { directory.appendingPathComponent("checkout.sqlite").path }

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func wait<T>(_ publisher: AnyPublisher<T, StorageError>, on storage: SQLiteCheckoutStorage)
    -> Result<T, StorageError>?
  {
    var result: Result<T, StorageError>?
    let subscription = publisher.sink(
      receiveCompletion: { if case .failure(let error) = $0 { result = .failure(error) } },
      receiveValue: { result = .success($0) })
    storage.waitForPendingWork()
    subscription.cancel()
    return result
  }

  @Test("AC-22 the account survives a restart; signing out forgets it")
  func restart() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let account = Account(username: "ana_42", email: "ana@example.com")
    let first = SQLiteCheckoutStorage(path: path)
    #expect(try wait(first.saveAccount(account), on: first)?.get() != nil)
    let again = SQLiteCheckoutStorage(path: path)
    #expect(try wait(again.loadAccount(), on: again)?.get() == account)
    _ = wait(again.saveAccount(nil), on: again)
    #expect(try wait(again.loadAccount(), on: again)?.get() == .some(nil))
  }

  @Test("AC-22 a store made by the previous schema keeps its cart and orders and gains the account")
  func migration() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = SQLiteCheckoutStorage(path: path)
    _ = wait(old.applyCartChanges(["peas": 2]), on: old)
    let draft = OrderDraft(
      placedAt: Date(timeIntervalSince1970: 0),
      customer: Customer(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane"),
      currency: .gbp, lines: [], baseTotalMinor: 0, totalMinor: 0)
    _ = wait(old.saveOrder(draft), on: old)
    // Back to the schema before the account: no table, no record of its migration.
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(sql: "DROP TABLE account")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
    }
    try database.close()
    let migrated = SQLiteCheckoutStorage(path: path)
    #expect(try wait(migrated.loadCart(), on: migrated)?.get() == ["peas": 2])
    #expect(try wait(migrated.loadAccount(), on: migrated)?.get() == .some(nil))
    let account = Account(username: "ana_42", email: "ana@example.com")
    #expect(try wait(migrated.saveAccount(account), on: migrated)?.get() != nil)
    #expect(try wait(migrated.loadAccount(), on: migrated)?.get() == account)
    var orders: [Order] = []
    let subscription = migrated.observeOrders().sink(receiveCompletion: { _ in }) { orders = $0 }
    migrated.waitForPendingWork()
    subscription.cancel()
    #expect(orders.map(\.draft.customer.name) == ["Ana Lima"])
  }

  @Test("AC-22 a row edited by hand into something else is no account, and no crash")
  func hostileRow() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage = SQLiteCheckoutStorage(path: path)
    _ = wait(storage.saveAccount(Account(username: "ana_42", email: "a@b.c")), on: storage)
    let database = try DatabaseQueue(path: path)
    for edit in [
      "UPDATE account SET username = 'Not Valid!'", "UPDATE account SET username = 42",
      "UPDATE account SET email = x'00ff'",
    ] {
      try database.write { db in
        try db.execute(sql: "DELETE FROM account")
        try db.execute(
          sql: "INSERT INTO account (id, username, email) VALUES (1, 'ana_42', 'a@b.c')")
        try db.execute(sql: edit)
      }
      let result = wait(storage.loadAccount(), on: storage)
      #expect(try result?.get() == .some(nil), "\(edit)")
    }
    try database.close()
  }

  @Test("AC-19 the order form's email comes from the account while it is pristine")
  func orderFormEmail() {
    let h = Harness()
    _ = h.storage.inner.saveAccount(Account(username: "ana_42", email: "ana@example.com"))
    h.start()
    #expect(h.value(h.form.state).email == "ana@example.com")
    #expect(h.value(h.form.emailStatus) == .valid)

    let typed = Harness().start()
    typed.form.setEmail("me@example.org")
    typed.session.account.setUsername("ana_42")
    typed.scheduler.advance(seconds: 1)
    typed.session.account.setEmail("ana@example.com")
    typed.session.account.setPassword("hunter2hunter2")
    typed.session.account.setConfirmation("hunter2hunter2")
    typed.scheduler.settle()
    let created = typed.session.account.create().record(on: typed.scheduler)
    typed.scheduler.advance(seconds: 1)
    #expect(created.values == [.accepted])
    #expect(typed.value(typed.form.state).email == "me@example.org")  // never overwritten

    let fresh = Harness().start()
    fresh.session.account.setUsername("ben_7")
    fresh.scheduler.advance(seconds: 1)
    fresh.session.account.setEmail("ben@example.com")
    fresh.session.account.setPassword("hunter2hunter2")
    fresh.session.account.setConfirmation("hunter2hunter2")
    fresh.session.account.create()
    fresh.scheduler.advance(seconds: 1)
    #expect(fresh.value(fresh.form.state).email == "ben@example.com")
  }
}
