import AppInfrastructure
import CheckoutFeature
import Foundation
import Observation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// The same view models tested in async style, from another package: await the next state in
/// virtual time, read states as an async sequence, await a pending answer, run an Action with
/// an async closure, and observe a screen through Observation.
@Suite("Async style, from another package", .timeLimit(.minutes(1)))
@MainActor
struct AsyncStyleTests {
  let scheduler = DispatchQueue.test

  func makeCatalog() -> CatalogViewModel {
    let activity = ActivityTracker(scheduler: scheduler.asAny)
    let cart = CartStore(
      storage: InMemoryCheckoutStorage(orders: []), activity: activity, scheduler: scheduler.asAny)
    return CatalogViewModel(
      catalog: TwoProductCatalog(scheduler: scheduler), cart: cart, currency: CurrencyStore(),
      activity: activity, scheduler: scheduler.asAny)
  }

  @Test func theNextStateComesAfterOneVirtualSecond() async {
    let viewModel = makeCatalog()
    scheduler.settle()  // the first state: loading
    let done = await scheduler.nextChange(of: viewModel.isLoading, within: 5)
    #expect(done == false && abs(scheduler.elapsed - 1) < 0.02)
  }

  @Test func statesAsAnAsyncSequence() async throws {
    let viewModel = makeCatalog()
    scheduler.advance(seconds: 1)
    #expect(viewModel.add("tea", quantity: 2) == .accepted)
    // The sequence subscribes when made; the test scheduler delivers when it runs.
    var totals = viewModel.total.values.makeAsyncIterator()
    scheduler.settle()
    #expect(await totals.next() == "Total: 5.00 GBP")
  }

  @Test func aPendingAnswerAwaited() async {
    let activity = ActivityTracker(scheduler: scheduler.asAny)
    let checkout = CheckoutViewModel(
      rates: FixtureRatesService(), connectivity: AlwaysOnline(),
      cart: CartStore(
        storage: InMemoryCheckoutStorage(orders: []), activity: activity,
        scheduler: scheduler.asAny),
      currency: CurrencyStore(), activity: activity, scheduler: scheduler.asAny)
    scheduler.settle()
    let pending = checkout.chooseCurrency(code: "AUD")
    // In virtual time, the answer comes as the scheduler runs; `next` moves it on.
    #expect(await scheduler.next(pending, within: 5) == .accepted)
    // Once answered, `value` reads the replayed answer at once.
    #expect(await pending.value == .accepted)
  }

  @Test func anActionWithAnAsyncClosure() {
    let double = Action<Int, Int>(scheduler: scheduler.asAny) { (number: Int) async throws in
      number * 2
    }
    let results = double.elements.record(on: scheduler)
    _ = double.execute(21)
    scheduler.settle()
    #expect(results.values == [42])
  }

  @Test func observedThroughObservation() async throws {
    let viewModel = makeCatalog()
    let initial = try #require(await scheduler.next(viewModel.state, within: 1))
    let store = ScreenStore(viewModel, initial: initial)
    let changes = Locked(0)
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    scheduler.advance(seconds: 1)
    #expect(changes.withLock { $0 } == 1)
  }
}
