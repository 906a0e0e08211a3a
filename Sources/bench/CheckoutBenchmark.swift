import AppInfrastructure
import CheckoutFeature
import Foundation
import ViewModelKit

/// The checkout performance budget (spec section 8): 10,000 products, a cart of 1,000
/// distinct products, 1,000 stored orders; every view model alive with one subscriber on
/// every output.
///
/// Delivery is immediate: each operation is followed by running the scheduler for the current
/// instant (a test scheduler, `advance(by: .zero)`), so no time passes and no thread hop is
/// measured. (OpenCombine's `timeout` deadlocks on a true `ImmediateScheduler`, which runs a
/// 10-second timer at once, inside the subscription.)
let checkoutSuite = BenchmarkSuite(
  name: "checkout",
  summary: "add/remove, currency switch, filter, catalog parsing and SQLite at the spec's scale"
) {
  runCheckoutBenchmarks()
  // The checkout budgets are printed beside the figures for the reader; this suite does not
  // judge them (only the todo suite's spec asks for an exit status).
  return true
}

private struct GeneratedCatalog: CatalogService {
  let products: [Product]
  func loadCatalog() -> AnyPublisher<[Product], CatalogError> {
    Just(products).setFailureType(to: CatalogError.self).eraseToAnyPublisher()
  }
}

@MainActor
private func runCheckoutBenchmarks() {
  let products = CatalogGenerator.generate(count: 10_000)
  let scheduler = DispatchQueue.test
  let immediate = scheduler.eraseToAnyScheduler()
  let session = CheckoutSession(
    services: CheckoutServices(
      catalog: GeneratedCatalog(products: products), rates: FixtureRatesService(),
      connectivity: AlwaysOnline(),
      storage: InMemoryCheckoutStorage(orders: [])),
    clock: { Date(timeIntervalSince1970: 0) }, scheduler: immediate)
  var subscriptions = Set<AnyCancellable>()
  let emitted = Tally()
  func watch<T>(_ driver: Driver<T>) {
    driver.drive { _ in emitted.count += 1 }.store(in: &subscriptions)
  }
  let catalog = session.catalog
  let checkout = session.checkout
  let form = session.orderForm
  watch(catalog.rows); watch(catalog.total); watch(catalog.cartCount);
  watch(catalog.checkoutEnabled)
  watch(catalog.emptyText); watch(catalog.isLoading); watch(checkout.rows); watch(checkout.total)
  watch(checkout.currency); watch(checkout.currencyPicker); watch(checkout.changeCurrencyEnabled)
  watch(form.placeOrderEnabled); watch(form.placeOrderHint); watch(form.nameStatus)
  scheduler.advance()
  for k in 1...1_000 { catalog.add(products[k * 10 - 1].id, quantity: (k % 99) + 1) }
  scheduler.advance()

  var results: [(Measurement, String)] = []
  var toggle = false
  let addRemove = measure("add/remove one unit", warmup: 20, runs: 200) {
    toggle.toggle()
    if toggle { catalog.add("item-00010") } else { catalog.remove("item-00010") }
    scheduler.advance()
  }
  results.append((addRemove, "p50 < 1 ms, p99 < 5 ms"))

  var codes = ["AUD", "EUR"]
  let select = measure("select another currency", warmup: 20, runs: 200) {
    codes.swapAt(0, 1)
    _ = checkout.chooseCurrency(code: codes[0])
    scheduler.advance()
  }
  results.append((select, "p50 < 20 ms, p99 < 40 ms"))

  var filters = ["Product 09", "Product 08"]
  let filter = measure("filter on 10,000 rows", warmup: 20, runs: 200) {
    filters.swapAt(0, 1)
    catalog.filter(filters[0])
    scheduler.advance()
  }
  catalog.filter("")
  results.append((filter, "p50 < 5 ms, p99 < 10 ms"))

  let body = CatalogGenerator.json(products)
  let parse = measure("parse a 10,000-product catalog", warmup: 3, runs: 20) {
    _ = try? CatalogDecoder.decode(body)
  }
  results.append((parse, "p50 < 150 ms"))

  results += sqliteBenchmarks(products: products)

  print("checkout (10,000 products, 1,000 cart lines; \(emitted.count) output values observed):")
  report(results.map(\.0))
  for (measurement, budget) in results {
    print("  budget \(measurement.label): \(budget)")
  }
  _ = subscriptions
}

/// Runs `publisher` to its end on the storage's queue and waits for it.
private func complete<T>(_ publisher: AnyPublisher<T, StorageError>, storage: SQLiteCheckoutStorage)
{
  var cancellable: AnyCancellable?
  let done = DispatchSemaphore(value: 0)
  cancellable = publisher.sink(receiveCompletion: { _ in done.signal() }, receiveValue: { _ in })
  done.wait()
  _ = cancellable
}

@MainActor
private func sqliteBenchmarks(products: [Product]) -> [(Measurement, String)] {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bench-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let storage = SQLiteCheckoutStorage(path: folder.appendingPathComponent("checkout.sqlite").path)
  let cart = Dictionary(
    uniqueKeysWithValues: (1...1_000).map { (products[$0 * 10 - 1].id, ($0 % 99) + 1) })
  complete(storage.applyCartChanges(cart), storage: storage)
  // 1,000 other products, alternately added (1,000 inserts) and taken away (1,000 deletes):
  // the cart loaded below stays as seeded.
  let others = (1...1_000).map { products[$0 * 10 - 2].id }
  let more = Dictionary(uniqueKeysWithValues: others.map { ($0, 1) })
  let less = more.mapValues { -$0 }
  var grow = true
  let save = measure("SQLite applyCartChanges, 1,000 lines", warmup: 3, runs: 30) {
    complete(storage.applyCartChanges(grow ? more : less), storage: storage)
    grow.toggle()
  }
  let scheduler = DispatchQueue.test
  let immediate = scheduler.eraseToAnyScheduler()
  let load = measure("SQLite loadCart + attach, 1,000 lines", warmup: 3, runs: 30) {
    let store = CartStore(
      storage: storage, activity: ActivityTracker(scheduler: immediate), scheduler: immediate)
    store.attach(catalog: products)
    while store.current.lines.count < 1_000 {
      storage.waitForPendingWork()
      scheduler.advance()
    }
  }
  let lines = (1...1_000).map { k in
    OrderLine(
      productID: products[k].id, title: products[k].title, quantity: 1,
      unitPriceMinor: products[k].priceMinor, amountMinor: products[k].priceMinor)
  }
  let draft = OrderDraft(
    placedAt: Date(timeIntervalSince1970: 0),
    customer: Customer(name: "Ana", email: "a@b.c", address: "x"),
    currency: .gbp, lines: lines, baseTotalMinor: 1, totalMinor: 1)
  let saveOrder = measure("SQLite saveOrder, 1,000 lines", warmup: 2, runs: 20) {
    complete(storage.saveOrder(draft), storage: storage)
  }
  // History: 1,000 orders of a few lines each.
  let small = OrderDraft(
    placedAt: draft.placedAt, customer: draft.customer, currency: .gbp,
    lines: Array(lines.prefix(3)),
    baseTotalMinor: 3, totalMinor: 3)
  let historyFolder = folder.appendingPathComponent("history")
  try? FileManager.default.createDirectory(at: historyFolder, withIntermediateDirectories: true)
  let historyStorage = SQLiteCheckoutStorage(
    path: historyFolder.appendingPathComponent("checkout.sqlite").path)
  for _ in 0..<1_000 { complete(historyStorage.saveOrder(small), storage: historyStorage) }
  let history = measure("history of 1,000 orders until rows emits", warmup: 2, runs: 20) {
    let model = OrderHistoryViewModel(storage: historyStorage, scheduler: immediate)
    var count = 0
    let watch = model.rows.drive { count = $0.count }
    while count < 1_000 {
      historyStorage.waitForPendingWork()
      scheduler.advance()
    }
    watch.cancel()
  }
  return [
    (save, "< 30 ms"), (load, "< 30 ms"), (saveOrder, "< 50 ms"), (history, "< 200 ms"),
  ]
}

/// Counts output values, so that the benchmark observes every output.
@MainActor
private final class Tally {
  var count = 0
}
