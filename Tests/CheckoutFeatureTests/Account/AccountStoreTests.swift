import CheckoutFeature
import Foundation
import GRDB
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Account: kept in checkout.sqlite, and filling the order form")
@MainActor
struct AccountStoreTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("account-\(UUID().uuidString)")
  var path: String { directory.appendingPathComponent("checkout.sqlite").path }

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  @Test("AC-22 the account survives a restart; signing out forgets it")
  func restart() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let account = Account(username: "ana_42", email: "ana@example.com")
    let first = SQLiteCheckoutStorage(path: path)
    #expect(try first.outcome(first.saveAccount(account))?.get() != nil)
    let again = SQLiteCheckoutStorage(path: path)
    #expect(try again.outcome(again.loadAccount())?.get() == account)
    _ = again.outcome(again.saveAccount(nil))
    #expect(try again.outcome(again.loadAccount())?.get() == .some(nil))
  }

  @Test("AC-22 a store made by the previous schema keeps its cart and orders and gains the account")
  func migration() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = SQLiteCheckoutStorage(path: path)
    _ = old.outcome(old.applyCartChanges(["peas": 2]))
    let draft = OrderDraft(
      placedAt: Date(timeIntervalSince1970: 0),
      customer: Customer(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane"),
      currency: .gbp, lines: [], baseTotalMinor: 0, totalMinor: 0)
    _ = old.outcome(old.saveOrder(draft))
    // Back to the schema before the account: no table, no record of its migration.
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(sql: "DROP TABLE account")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
    }
    try database.close()
    let migrated = SQLiteCheckoutStorage(path: path)
    #expect(try migrated.outcome(migrated.loadCart())?.get() == ["peas": 2])
    #expect(try migrated.outcome(migrated.loadAccount())?.get() == .some(nil))
    let account = Account(username: "ana_42", email: "ana@example.com")
    #expect(try migrated.outcome(migrated.saveAccount(account))?.get() != nil)
    #expect(try migrated.outcome(migrated.loadAccount())?.get() == account)
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
    _ = storage.outcome(storage.saveAccount(Account(username: "ana_42", email: "a@b.c")))
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
      let result = storage.outcome(storage.loadAccount())
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
