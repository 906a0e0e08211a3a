import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import CheckoutFeature

/// The four checkout screens as screen models: one state each, asserted exhaustively, so a
/// change that reached the screen as two half-states would fail.
@Suite("Checkout: each screen's one state")
@MainActor
struct CheckoutStateTests {
  @Test("adding to the cart changes the row, the total, the count and the button in one state")
  func catalogAdd() throws {
    let h = Harness().start()
    let state = StateRecorder(h.catalog.state, on: h.scheduler, exhaustive: true)
    let start = try #require(state.current)
    #expect(start.title == "Supermarket" && !start.isLoading && start.cartCount == "0 items")
    h.catalog.add("peas")
    h.scheduler.settle()
    let rows = h.value(h.catalog.rows)
    #expect(try #require(rows.first).quantity == "1")
    state.expect {
      $0.rows = rows
      $0.total = "Total: 0.95 GBP"
      $0.cartCount = "1 item"
      $0.checkoutEnabled = true
      $0.totalAmount = MoneyAmount(minor: 95, currency: "GBP")
      $0.cartItems = 1
    }
    state.finish()
  }

  @Test("going offline turns the currency button off and says why, in one state")
  func checkoutOffline() throws {
    let h = Harness().start()
    let state = StateRecorder(h.checkout.state, on: h.scheduler, exhaustive: true)
    let start = try #require(state.current)
    #expect(start.changeCurrencyEnabled && start.offlineNotice == "" && start.currencyPicker == nil)
    h.connectivity.relay.accept(false)
    h.scheduler.settle()
    state.expect {
      $0.changeCurrencyEnabled = false
      $0.offlineNotice = "Offline: currency change unavailable"
    }
    state.finish()
  }

  @Test("typing a name changes the text and its status together; a full form enables the button")
  func orderForm() throws {
    let h = Harness().start()
    h.fill([("peas", 1)])
    let state = StateRecorder(h.form.state, on: h.scheduler, exhaustive: true)
    h.form.setName("A")
    h.scheduler.settle()
    state.expect {
      $0.name = "A"
      $0.nameStatus = OrderFormRules.name("A")
    }
    h.form.setName("Ana Lima")
    h.form.setEmail("ana@example.com")
    h.form.setAddress("4 Quay Lane, Dunmore")
    h.scheduler.settle()
    state.expect {
      $0.name = "Ana Lima"
      $0.nameStatus = .valid
    }
    state.expect {
      $0.email = "ana@example.com"
      $0.emailStatus = .valid
    }
    state.expect {
      $0.address = "4 Quay Lane, Dunmore"
      $0.addressStatus = .valid
      $0.formValid = true
      $0.placeOrderEnabled = true
      $0.placeOrderHint = "Ready to order"
    }
    state.finish()
  }

  @Test("a failed save answers 'order not placed' and is one event with its reason")
  func failedSave() {
    let h = Harness().start()
    h.storage.failSaveOrder = true
    h.fill([("peas", 1)])
    h.fillForm()
    let events = h.form.events.record(on: h.scheduler)
    let answer = h.form.submitOrder().record(on: h.scheduler)
    #expect(answer.values.isEmpty)
    h.scheduler.settle()
    #expect(answer.values == [.rejected(OrderFormViewModel.notPlaced)])
    #expect(events.values == [.failure("Unable to place your order. Please try again.")])
  }

  @Test("the history's state before and after its first list")
  func history() throws {
    let h = Harness()
    let state = h.session.history.state.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(state.values.first == .empty)
    #expect(
      state.values.last == OrderHistoryState(rows: [], isLoading: false, emptyText: "No orders yet")
    )
  }

  /// Issue 27, item 7: the history, exhaustively (states, events, and no work left).
  @Test("the history, exhaustively: loading, then no orders, no event, nothing pending")
  func historyExhaustive() throws {
    let h = Harness()
    let history = h.session.history
    let state = StateRecorder(
      history.state, events: history.events, settled: h.session.isSettled, on: h.scheduler)
    h.scheduler.settle()
    #expect(state.current == OrderHistoryState(rows: [], isLoading: true, emptyText: ""))
    state.expect {
      $0.isLoading = false
      $0.emptyText = "No orders yet"
    }
    state.finish()
  }
}
