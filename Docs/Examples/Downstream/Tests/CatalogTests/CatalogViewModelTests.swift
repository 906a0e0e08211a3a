import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// A catalog service of our own: two products, answered after one second of virtual time,
/// or a failure.
struct TwoProductCatalog: CatalogService {
  let scheduler: TestSchedulerOf<DispatchQueue>
  var fails = false

  func loadCatalog() -> AnyPublisher<[Product], CatalogError> {
    let products = [
      Product(id: "tea", name: "Tea", unit: .bag, priceMinor: 250),
      Product(id: "milk", name: "Milk", unit: .bottle, priceMinor: 120),
    ]
    let answer: AnyPublisher<[Product], CatalogError> =
      fails
      ? Fail(error: .network).eraseToAnyPublisher()
      : Just(products).setFailureType(to: CatalogError.self).eraseToAnyPublisher()
    return answer.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
  }
}

@Suite("CatalogViewModel, tested from another package")
@MainActor
struct CatalogViewModelTests {
  let scheduler = DispatchQueue.test

  /// The view model on our fake service, an in-memory cart and the test scheduler.
  func makeViewModel(fails: Bool = false) -> CatalogViewModel {
    let activity = ActivityTracker(scheduler: scheduler.asAny)
    let cart = CartStore(
      storage: InMemoryCheckoutStorage(orders: []), activity: activity, scheduler: scheduler.asAny)
    return CatalogViewModel(
      catalog: TwoProductCatalog(scheduler: scheduler, fails: fails), cart: cart,
      currency: CurrencyStore(), activity: activity, scheduler: scheduler.asAny)
  }

  @Test func loadsAfterOneSecondAndTotalsWhatIsAdded() {
    let viewModel = makeViewModel()
    let isLoading = viewModel.isLoading.record(on: scheduler)
    let total = viewModel.total.record(on: scheduler)
    scheduler.advance(seconds: 1)
    #expect(viewModel.add("tea", quantity: 2) == .accepted)
    #expect(viewModel.add("milk") == .accepted)
    scheduler.advance()
    #expect(isLoading.values == [true, false])
    #expect(isLoading.times == [0, 1])
    #expect(total.last == "Total: 6.20 GBP")
  }

  @Test func aFailedLoadSaysSoAndAddsNothing() {
    let viewModel = makeViewModel(fails: true)
    let events = viewModel.events.record(on: scheduler)
    scheduler.advance(seconds: 1)
    #expect(events.values.count == 1)
    #expect(viewModel.add("tea") != .accepted)
  }

  @Test func inputValuesInAndTheStateDecodedOut() throws {
    let viewModel = makeViewModel()
    let states = viewModel.state.record(on: scheduler)
    scheduler.advance(seconds: 1)
    // Inputs as a head sends them: values, here read from the JSON a web page would send.
    let inputs = try JSONDecoder().decode(
      [CatalogInput].self,
      from: Data(#"[{"add":{"id":"tea","quantity":2}},{"add":{"id":"cake","quantity":1}}]"#.utf8))
    #expect(inputs.map { viewModel.send($0) } == [.accepted, .rejected("Unknown product")])
    scheduler.advance()
    // The state as a head receives it: its wire form, decoded again.
    let wire = try WireFormat.text(try #require(states.last))
    let state = try WireFormat.decoder().decode(CatalogState.self, from: Data(wire.utf8))
    #expect(state.cartItems == 2)
    #expect(state.totalAmount == MoneyAmount(minor: 500, currency: "GBP"))
    #expect(wire.contains(#""totalAmount":{"amount":"5.00","currency":"GBP"}"#))
  }
}
