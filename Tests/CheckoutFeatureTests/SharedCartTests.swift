import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 9, items 3 and 5: a cart shared with other processes keeps everyone's edits, and a
/// failed save keeps the edit for the next one.
@Suite("Checkout: a cart shared with other processes")
@MainActor
struct SharedCartTests {
  @Test("a save adds this session's changes to what another process stored meanwhile")
  func changesNotSnapshots() {
    let h = Harness().start()
    h.catalog.add("peas")
    // Another process adds 2 eggs and 1 pea before this session saves.
    _ = h.storage.inner.applyCartChanges(["eggs": 2, "peas": 1]).sink(
      receiveCompletion: { _ in }, receiveValue: { _ in })
    h.scheduler.advance(seconds: 0.5)
    h.scheduler.settle()
    #expect(h.storage.inner.savedCart == ["peas": 2, "eggs": 2])
    #expect(h.storage.cartChangeBatches == [["peas": 1]])
    #expect(h.value(h.catalog.total) == "Total: 6.10 GBP")
  }

  @Test("a failed save keeps its change, and the next save stores it")
  func failedSaveIsKept() {
    let h = Harness().start()
    let failures = h.record(h.session.cart.saveFailures)
    h.storage.failSaveCart = true
    h.catalog.add("peas")
    h.scheduler.advance(seconds: 0.5)
    #expect(failures.values == ["Your cart could not be saved"])
    #expect(h.session.cart.hasUnsavedChanges)
    h.storage.failSaveCart = false
    h.catalog.add("eggs")
    h.scheduler.advance(seconds: 0.5)
    #expect(h.storage.inner.savedCart == ["peas": 1, "eggs": 1])
    #expect(!h.session.cart.hasUnsavedChanges)
  }
}

@Suite("Checkout: SQLite cart shared between connections")
@MainActor
struct SQLiteSharedCartTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("checkout-shared-\(UUID().uuidString)")
  var path: String { directory.appendingPathComponent("checkout.sqlite").path }

  func stored(_ storage: SQLiteCheckoutStorage, _ changes: [String: Int]) -> [String: Int]? {
    var result: [String: Int]?
    let done = DispatchSemaphore(value: 0)
    let cancellable = storage.applyCartChanges(changes).sink(
      receiveCompletion: { _ in done.signal() }, receiveValue: { result = $0 })
    let answered = done.wait(timeout: .now() + 30) == .success
    #expect(answered, "the store answered the cart change \(changes) within 30 s")
    _ = cancellable
    return result
  }

  @Test("two connections adding to one line end with the sum; removing to 0 drops it")
  func sums() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = SQLiteCheckoutStorage(path: path)
    let b = SQLiteCheckoutStorage(path: path)
    #expect(stored(a, ["peas": 3]) == ["peas": 3])
    #expect(stored(b, ["peas": 4, "eggs": 1]) == ["peas": 7, "eggs": 1])
    #expect(stored(a, ["peas": 200]) == ["peas": 99, "eggs": 1])
    #expect(stored(b, ["eggs": -5]) == ["peas": 99])
  }

  @Test("a session shows another connection's commit at its next 2 s check")
  func picksUpOtherCommits() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let live = SQLiteStorageTests.Live(path: path)
    let other = SQLiteCheckoutStorage(path: path)
    live.session.catalog.add("peas")
    live.session.cart.flush()
    live.settle()
    _ = stored(other, ["eggs": 2])
    for _ in 0..<4 {
      live.scheduler.advance(seconds: 1)
      live.storage.waitForPendingWork()
    }
    live.scheduler.settle()
    #expect(live.session.cart.current.lines.map(\.id) == ["peas", "eggs"])
    #expect(live.value(live.session.catalog.total) == "Total: 5.15 GBP")
  }
}
