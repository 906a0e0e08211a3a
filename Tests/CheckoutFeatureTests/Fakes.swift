import AppInfrastructure
import CheckoutFeature
import Fixtures
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

// The fixtures every checkout test starts from. One that cannot be read is empty, so the tests
// that use it fail on their expectations instead of trapping the whole test process.
let fixtureTable =
  (try? RatesDecoder.decode(FixtureLoader.bundled.data("checkout/rates.json")))
  ?? RatesTable(date: nil, currencies: [])
let fixtureProducts =
  (try? CatalogDecoder.decode(FixtureLoader.bundled.data("checkout/catalog.json"))) ?? []

extension Publisher {
  /// This publisher's outcome delayed by `seconds` of the scheduler's time (0: at once).
  func after(_ seconds: Double, on scheduler: TestSchedulerOf<DispatchQueue>) -> AnyPublisher<
    Output, Failure
  > {
    guard seconds > 0 else { return eraseToAnyPublisher() }
    return Just(()).setFailureType(to: Failure.self)
      .delay(for: .nanoseconds(Int(seconds * 1e9)), scheduler: scheduler)
      .flatMap { self }
      .eraseToAnyPublisher()
  }
}

final class FakeCatalog: CatalogService {
  var answer: Result<[Product], CatalogError> = .success(fixtureProducts)
  var delay = 0.0
  var calls = 0
  let scheduler: TestSchedulerOf<DispatchQueue>
  init(_ scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
  func loadCatalog() -> AnyPublisher<[Product], CatalogError> {
    calls += 1
    return answer.publisher.after(delay, on: scheduler)
  }
}

final class FakeRates: RatesService {
  var answers: [Result<RatesTable, RatesError>] = []
  var fallback: Result<RatesTable, RatesError> = .success(fixtureTable)
  var delay = 0.0
  var never = false
  var calls = 0
  /// Whether it says it can answer offline (rates kept on disk).
  var canAnswerOffline = false
  let scheduler: TestSchedulerOf<DispatchQueue>
  init(_ scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
  func latestRates() -> AnyPublisher<RatesTable, RatesError> {
    calls += 1
    if never { return Empty(completeImmediately: false).eraseToAnyPublisher() }
    let answer = answers.isEmpty ? fallback : answers.removeFirst()
    return answer.publisher.after(delay, on: scheduler)
  }
}

final class FakeConnectivity: ConnectivityService {
  let relay = BehaviorRelay(value: true)
  var isOnline: AnyPublisher<Bool, Never> { relay.removeDuplicates().eraseToAnyPublisher() }
}

/// In-memory storage with failures, delays and a log of what was saved when.
final class FakeStorage: CheckoutStorage {
  let inner: InMemoryCheckoutStorage
  let scheduler: TestSchedulerOf<DispatchQueue>
  var failLoadCart = false
  var failSaveCart = false
  var failSaveOrder = false
  var failObserve = false
  var orderDelay = 0.0
  var nextOrderNumber: Int?
  private(set) var cartSaves: [(time: Double, cart: [String: Int])] = []
  private(set) var cartChangeBatches: [[String: Int]] = []
  private(set) var savedDrafts: [OrderDraft] = []

  init(_ scheduler: TestSchedulerOf<DispatchQueue>, cart: [String: Int] = [:], orders: [Order] = [])
  {
    self.scheduler = scheduler
    inner = InMemoryCheckoutStorage(cart: cart, orders: orders)
  }

  func loadCart() -> AnyPublisher<[String: Int], StorageError> {
    failLoadCart ? Fail(error: .unavailable).eraseToAnyPublisher() : inner.loadCart()
  }

  /// Records the cart as stored after each save (what a whole-cart save would have written).
  func applyCartChanges(_ changes: [String: Int]) -> AnyPublisher<[String: Int], StorageError> {
    cartChangeBatches.append(changes)
    if failSaveCart {
      cartSaves.append((scheduler.elapsed, CartArithmetic.applying(changes, to: inner.savedCart)))
      return Fail(error: .writeFailed).eraseToAnyPublisher()
    }
    let result = inner.applyCartChanges(changes)
    cartSaves.append((scheduler.elapsed, inner.savedCart))
    return result
  }

  func saveOrder(_ draft: OrderDraft) -> AnyPublisher<Order, StorageError> {
    savedDrafts.append(draft)
    if failSaveOrder { return Fail(error: .writeFailed).after(orderDelay, on: scheduler) }
    let number = nextOrderNumber
    return Deferred { [inner] in
      inner.saveOrder(draft).map { order in
        number.map { Order(number: $0, draft: order.draft) } ?? order
      }
    }
    .after(orderDelay, on: scheduler)
  }

  var failAccount = false
  func loadAccount() -> AnyPublisher<Account?, StorageError> {
    failAccount ? Fail(error: .readFailed).eraseToAnyPublisher() : inner.loadAccount()
  }
  func saveAccount(_ account: Account?) -> AnyPublisher<Void, StorageError> {
    failAccount ? Fail(error: .writeFailed).eraseToAnyPublisher() : inner.saveAccount(account)
  }

  func observeOrders() -> AnyPublisher<[Order], StorageError> {
    failObserve ? Fail(error: .readFailed).eraseToAnyPublisher() : inner.observeOrders()
  }
}

/// A checkout session on fakes and a test scheduler; "t=0" is after `start()`.
@MainActor
final class Harness {
  let scheduler = DispatchQueue.test
  lazy var catalogService = FakeCatalog(scheduler)
  lazy var rates = FakeRates(scheduler)
  let connectivity = FakeConnectivity()
  lazy var storage = FakeStorage(scheduler)
  var now = (ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z") ?? .distantPast)
  lazy var session = CheckoutSession(
    services: CheckoutServices(
      catalog: catalogService, rates: rates, connectivity: connectivity, storage: storage),
    clock: { [unowned self] in now }, timeZone: TimeZone.gmt,
    scheduler: scheduler.asAny)

  var catalog: CatalogViewModel { session.catalog }
  var checkout: CheckoutViewModel { session.checkout }
  var form: OrderFormViewModel { session.orderForm }
  var history: OrderHistoryViewModel { session.history }

  @discardableResult
  func start() -> Harness {
    _ = session
    scheduler.settle()
    return self
  }

  func record<P: Publisher>(_ publisher: P) -> OutputRecorder<P.Output, P.Failure> {
    publisher.record(on: scheduler)
  }

  /// Adds each (id, quantity) and settles.
  func fill(_ items: [(String, Int)]) {
    for (id, quantity) in items { catalog.add(id, quantity: quantity) }
    scheduler.settle()
  }

  /// Opens the picker with the fixture table and selects `code`.
  func choose(_ code: String) {
    let result = checkout.chooseCurrency(code: code).record(on: scheduler)
    scheduler.advance(seconds: rates.delay)
    scheduler.settle()
    // A refused choice is a failed expectation of the test that asked for it, not a trap.
    #expect(result.values == [.accepted], "choosing \(code): \(result.values)")
  }

  func fillForm(
    name: String = "Ana Lima", email: String = "ana@example.com",
    address: String = "4 Quay Lane, Dunmore"
  ) {
    form.setName(name)
    form.setEmail(email)
    form.setAddress(address)
    scheduler.settle()
  }

  /// The current value of a Driver.
  func value<T>(_ driver: Driver<T>) -> T {
    let recorder = driver.record(on: scheduler)
    scheduler.settle()
    return recorder.last!
  }
}

extension SQLiteCheckoutStorage {
  /// The outcome of `publisher`, once the store's queue has run it.
  func outcome<T>(_ publisher: AnyPublisher<T, StorageError>) -> Result<T, StorageError>? {
    var result: Result<T, StorageError>?
    let subscription = publisher.sink(
      receiveCompletion: { if case .failure(let error) = $0 { result = .failure(error) } },
      receiveValue: { result = .success($0) })
    waitForPendingWork()
    subscription.cancel()
    return result
  }
}
