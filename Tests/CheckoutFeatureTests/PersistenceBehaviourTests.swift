import AppInfrastructure
import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: persistence")
@MainActor
struct PersistenceBehaviourTests {
  @Test("CO-69 one debounced save after the last change, none without a change")
  func co69() {
    let h = Harness().start()
    h.catalog.add("peas")
    h.scheduler.advance(seconds: 0.3)
    h.catalog.add("peas")
    h.scheduler.advance(seconds: 2)
    #expect(h.storage.cartSaves.map(\.cart) == [["peas": 2]])
    #expect(h.storage.cartSaves.map(\.time) == [0.8])
    let idle = Harness().start()
    idle.catalog.reload()
    idle.scheduler.advance(seconds: 5)
    #expect(idle.storage.cartSaves.isEmpty)
  }

  @Test("CO-70 flush saves at once and cancels the pending save")
  func co70() {
    let h = Harness().start()
    h.catalog.add("peas")
    h.scheduler.advance(seconds: 0.1)
    h.session.cart.flush()
    #expect(h.storage.cartSaves.count == 1)
    h.scheduler.advance(seconds: 1)
    #expect(h.storage.cartSaves.count == 1)
  }

  @Test("CO-71 a saved cart is restored at t=0")
  func co71() {
    let h = Harness()
    h.storage = FakeStorage(h.scheduler, cart: ["peas": 2, "eggs": 1])
    h.start()
    #expect(h.value(h.catalog.rows).map(\.quantity) == ["2", "1", "0", "0"])
    #expect(h.value(h.catalog.total) == "Total: 4.00 GBP")
    #expect(h.value(h.catalog.checkoutEnabled))
    h.scheduler.advance(seconds: 2)
    #expect(h.storage.cartSaves.isEmpty)
  }

  @Test("CO-72 restoring drops unknown products and clamps quantities")
  func co72() {
    let h = Harness()
    h.storage = FakeStorage(h.scheduler, cart: ["ghost": 3, "peas": 0, "milk": 150])
    h.start()
    #expect(h.value(h.catalog.rows).map(\.quantity) == ["0", "0", "99", "0"])
  }

  @Test("CO-73 storage failures are messages; the cart in memory stays")
  func co73() {
    let h = Harness()
    h.storage.failLoadCart = true
    h.storage.failSaveCart = true
    let message = h.record(h.catalog.messages)
    h.start()
    #expect(message.values == ["Saved cart could not be loaded"])
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
    h.catalog.add("peas")
    h.scheduler.advance(seconds: 0.5)
    #expect(message.values == ["Saved cart could not be loaded", "Your cart could not be saved"])
    #expect(h.value(h.catalog.total) == "Total: 0.95 GBP")
  }
}

@Suite("Checkout: SQLite storage")
@MainActor
struct SQLiteStorageTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("checkout-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  var path: String { directory.appendingPathComponent("checkout.sqlite").path }

  /// A session on SQLite in `directory`, driven until nothing is in flight.
  @MainActor final class Live {
    let scheduler = DispatchQueue.test
    let storage: SQLiteCheckoutStorage
    let session: CheckoutSession
    init(path: String) {
      storage = SQLiteCheckoutStorage(path: path)
      session = CheckoutSession(
        services: CheckoutServices(
          catalog: FixtureCatalogService(), rates: FixtureRatesService(),
          connectivity: AlwaysOnline(),
          storage: storage),
        clock: { (ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z") ?? .distantPast) },
        timeZone: TimeZone.gmt, scheduler: scheduler.asAny)
      settle()
    }
    func settle() {
      for _ in 0..<100 {
        storage.waitForPendingWork()
        scheduler.advance(seconds: 1)
        if !session.isBusy { break }
      }
    }
    func value<T>(_ driver: Driver<T>) -> T {
      let recorder = driver.record(on: scheduler)
      scheduler.settle()
      return recorder.last!
    }
  }

  @Test("CO-74 the cart and orders survive a restart")
  func co74() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let first = Live(path: path)
      first.session.catalog.add("peas", quantity: 2)
      first.session.orderForm.setName("Ana Lima")
      first.session.orderForm.setEmail("ana@example.com")
      first.session.orderForm.setAddress("4 Quay Lane")
      first.settle()
      let placed = first.session.orderForm.submitOrder().record(on: first.scheduler)
      first.settle()
      #expect(placed.values == [.accepted])
      first.session.catalog.add("beans")
      first.session.cart.flush()
      first.settle()
    }
    let second = Live(path: path)
    #expect(second.value(second.session.catalog.rows).map(\.quantity) == ["0", "0", "0", "1"])
    #expect(second.value(second.session.catalog.total) == "Total: 0.73 GBP")
    #expect(second.value(second.session.checkout.currency) == "Currency: GBP")
    let history = second.value(second.session.history.rows)
    #expect(history.map(\.summary) == ["#000001  2025-01-15 14:03  2 items  1.90 GBP"])
    #expect(history.first?.lines == ["2 Bag of Peas for 1.90 GBP"])
  }

  @Test("CO-75 a file that is not a database: unavailable, a message, and the file untouched")
  func co75() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let garbage = Data("this is not a database, but it is the user's file\n".utf8)
    try garbage.write(to: URL(fileURLWithPath: path))
    let live = Live(path: path)
    let message = live.session.catalog.messages.record(on: live.scheduler)
    // The load already failed during start-up; run a fresh session to see its message.
    let again = Live(path: path)
    _ = message
    #expect(again.value(again.session.catalog.total) == "Total: 0.00 GBP")
    var result: Result<[String: Int], StorageError>?
    let cancellable = again.storage.loadCart().sink(
      receiveCompletion: { if case .failure(let e) = $0 { result = .failure(e) } },
      receiveValue: { result = .success($0) })
    again.storage.waitForPendingWork()
    _ = cancellable
    #expect(result == .failure(.unavailable))
    again.session.catalog.add("peas")
    again.session.cart.flush()
    again.settle()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }

  @Test("CO-75 the start-up message for a broken file")
  func co75Message() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    let scheduler = DispatchQueue.test
    let storage = SQLiteCheckoutStorage(path: path)
    let session = CheckoutSession(
      services: CheckoutServices(
        catalog: FixtureCatalogService(), rates: FixtureRatesService(),
        connectivity: AlwaysOnline(),
        storage: storage),
      clock: { Date(timeIntervalSince1970: 0) }, scheduler: scheduler.asAny)
    let message = session.catalog.messages.record(on: scheduler)
    for _ in 0..<10 {
      storage.waitForPendingWork()
      scheduler.advance(seconds: 1)
    }
    #expect(message.values.contains("Saved cart could not be loaded"))
    #expect(message.values.contains("Unable to load orders") == false)
  }

  @Test("saving replaces the cart, and order numbers are sequential")
  func storeRoundTrip() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let live = Live(path: path)
    live.session.catalog.add("milk", quantity: 3)
    live.session.cart.flush()
    live.settle()
    live.session.catalog.remove("milk", quantity: 3)
    live.session.catalog.add("eggs")
    live.session.cart.flush()
    live.settle()
    let reopened = Live(path: path)
    #expect(reopened.value(reopened.session.catalog.rows).map(\.quantity) == ["0", "1", "0", "0"])
  }
}
