import CheckoutFeature
import Foundation
import GRDB
import Testing
import ViewModelKit

@Suite("Checkout: a store edited by hand")
struct HostileStoreTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("hostile-\(UUID().uuidString)")
  var path: String { directory.appendingPathComponent("checkout.sqlite").path }

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  @Test("orders and cart lines edited by hand to values of the wrong type fail the read, no crash")
  func hostileOrders() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let storage = SQLiteCheckoutStorage(path: path)
    _ = storage.outcome(storage.applyCartChanges(["peas": 1]))
    let draft = OrderDraft(
      placedAt: Date(timeIntervalSince1970: 0),
      customer: Customer(name: "Ana Lima", email: "ana@example.com", address: "4 Quay Lane"),
      currency: .gbp, lines: [], baseTotalMinor: 0, totalMinor: 0)
    _ = storage.outcome(storage.saveOrder(draft))
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(sql: "UPDATE order_header SET name = NULL, total_minor = 'lots'")
      try db.execute(sql: "INSERT INTO cart_item (product_id, quantity) VALUES (NULL, 3)")
    }
    try database.close()
    let again = SQLiteCheckoutStorage(path: path)
    var failure: StorageError?
    let subscription = again.observeOrders().sink(
      receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
      receiveValue: { _ in })
    again.waitForPendingWork()
    subscription.cancel()
    #expect(failure == .readFailed)
    #expect(again.outcome(again.loadCart()) == .failure(.readFailed))
  }
}
