import CheckoutFeature
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: navigation and checkout rows")
@MainActor
struct NavigationBehaviourTests {
  @Test("CO-19 checkout routes only with a filled cart")
  func co19() {
    let h = Harness().start()
    // The route is the session's one coordinator's: its top scene, as the heads follow it.
    let routes = h.record(h.session.scene)
    let message = h.record(h.catalog.messages)
    #expect(h.catalog.checkout() == .rejected("Your cart is empty"))
    h.scheduler.settle()
    #expect(routes.values == [.catalog])
    #expect(message.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
    h.fill([("peas", 1)])
    #expect(h.catalog.checkout() == .accepted)
    h.scheduler.settle()
    #expect(routes.values == [.catalog, .checkout])
  }

  @Test("issue 39, item 3: the session's one Signal carries its screens' messages; a refusal none")
  func sessionMessages() {
    let h = Harness().start()
    let merged = h.record(h.session.messages.map(\.message))
    let checkout = h.record(h.checkout.messages)
    #expect(h.catalog.checkout() == .rejected("Your cart is empty"))
    for _ in 0..<100 { h.catalog.add("peas") }  // the 100th is refused: at most 99
    h.rates.fallback = .failure(.timeout)
    h.checkout.openCurrencyPicker()  // fails: one message, the checkout screen's
    h.scheduler.advance(seconds: 11)
    #expect(merged.values == checkout.values)
    #expect(merged.values == [RatesError.message], "\(merged.values)")
  }

  @Test("the session's one navigator follows the routes: checkout on top, then back")
  func navigatorFollowsRoutes() {
    let h = Harness().start()
    let scenes = h.record(h.session.scene)
    #expect(h.session.coordinator.stack.map(\.scene) == [.catalog])
    h.fill([("peas", 1)])
    h.catalog.checkout()
    h.catalog.checkout()  // asking twice pushes once
    h.scheduler.settle()
    #expect(h.session.coordinator.stack.map(\.scene) == [.catalog, .checkout])
    #expect(h.value(h.session.scene) == .checkout)
    h.checkout.back()
    h.checkout.back()  // nothing left to pop: the catalog stays the root
    h.scheduler.settle()
    #expect(h.session.coordinator.stack.map(\.scene) == [.catalog])
    #expect(scenes.values == [.catalog, .checkout, .catalog])
  }

  @Test("CO-20 checkout rows follow catalog order")
  func co20() {
    let h = Harness().start()
    h.fill([("eggs", 2), ("peas", 2)])
    #expect(
      h.value(h.checkout.rows).map(\.text) == [
        "2 Bag of Peas for 1.90 GBP", "2 Dozen of Eggs for 4.20 GBP",
      ])
    #expect(h.value(h.checkout.total) == "Total: 6.10 GBP")
  }

  @Test("CO-21 a single can")
  func co21() {
    let h = Harness().start()
    h.fill([("beans", 1)])
    #expect(h.value(h.checkout.rows).map(\.text) == ["1 Can of Beans for 0.73 GBP"])
  }

  @Test("CO-22 catalog adds reach the checkout in the same tick")
  func co22() {
    let h = Harness().start()
    let rows = h.record(h.checkout.rows)
    h.scheduler.settle()
    h.catalog.add("milk")
    h.scheduler.settle()
    #expect(rows.last?.map(\.text) == ["1 Bottle of Milk for 1.30 GBP"])
    #expect(rows.times.last == 0)
    h.catalog.remove("milk")
    h.scheduler.settle()
    #expect(rows.last == [])
  }

  @Test("CO-23 an empty checkout")
  func co23() {
    let h = Harness().start()
    #expect(h.value(h.checkout.rows) == [])
    #expect(h.value(h.checkout.total) == "Total: 0.00 GBP")
    #expect(h.value(h.checkout.emptyText) == "Your cart is empty")
    h.fill([("peas", 1)])
    #expect(h.value(h.checkout.emptyText) == "")
  }

  @Test("CO-24 back routes and changes nothing")
  func co24() {
    let h = Harness().start()
    h.fill([("peas", 2)])
    h.choose("AUD")
    h.catalog.checkout()
    let routes = h.record(h.session.scene)
    h.checkout.back()
    h.scheduler.settle()
    #expect(routes.values == [.checkout, .catalog])  // the spec's `.back`: back to the catalog
    #expect(h.value(h.checkout.total) == "Total: 3.97 AUD")
    #expect(h.value(h.checkout.currency) == "Currency: AUD")
  }

  @Test("the history opens as a modal scene over the current one and closes back to it")
  func historyIsAScene() {
    let h = Harness().start()
    h.fill([("peas", 1)])
    h.catalog.checkout()
    h.scheduler.settle()  // the route reaches the navigator on the UI scheduler
    h.session.history.open()
    h.session.history.open()  // already shown: no second scene
    #expect(h.session.coordinator.stack.map(\.scene) == [.catalog, .checkout, .history])
    #expect(h.session.coordinator.stack.last?.transition == .modal)
    let stack = h.value(h.session.stack)
    #expect(CheckoutSession.topScene(of: stack) == .history)
    #expect(CheckoutSession.fullScreenScene(of: stack) == .checkout)
    h.session.history.close()
    h.session.history.close()  // not shown: nothing
    #expect(h.session.coordinator.stack.map(\.scene) == [.catalog, .checkout])
  }
}
