import CheckoutFeature
import Foundation
import ViewModelKit

/// The checkout app's commands and screens for the CLI shell. It only maps words to view
/// model inputs and the fields of the screens' states to printable values.
@MainActor
public final class CheckoutCLI: CLIApplication {
  let session: CheckoutSession
  private let catalogScreen: CLIScreen
  private let checkoutScreen: CLIScreen
  private let catalogOutput: CLIOutput
  private let cartOutput: CLIOutput
  private let totalOutput: CLIOutput
  private let currenciesOutput: CLIOutput
  /// The picker's rates line (`Rates of 2025-01-15 (ECB, via Frankfurter)`), shown with the
  /// list by `currency`.
  private let ratesDateOutput: CLIOutput
  private let ordersOutput: CLIOutput
  private let accountScreen: AccountScreen
  /// The navigator's stack as last delivered: the CLI follows the session's `stack` Driver,
  /// as the TUI does, and never reads the navigator directly.
  private var stack: [SceneEntry<CheckoutScene>] = []
  private var subscription: AnyCancellable?
  /// The catalog as last delivered, for a one-shot `add`'s answer as data.
  private var catalogState: CatalogState?
  private var followingCatalog: AnyCancellable?
  /// The checkout screen as last delivered, for a one-shot `currency`'s answer.
  private var checkoutState: CheckoutState?
  private var followingCheckout: AnyCancellable?

  public init(session: CheckoutSession) {
    self.session = session
    accountScreen = AccountScreen(account: session.account)
    let catalog = session.catalog.state
    catalogOutput = .rows(
      "catalog", initial: true, textCap: 50, catalog, \.rows,
      text: { "\($0.number). \($0.title) | \($0.price) | \($0.quantity)" }, data: { $0 })
    catalogScreen = CLIScreen(
      name: "catalog",
      outputs: [
        catalogOutput,
        .field("total", initial: true, catalog, text: \.total, data: \.totalAmount),
        .field("cartCount", initial: true, catalog, text: \.cartCount, data: \.cartItems),
        .flag("checkoutEnabled", initial: true, catalog, \.checkoutEnabled),
      ])
    let checkout = session.checkout.state
    cartOutput = .rows("cart", initial: true, checkout, \.rows, text: \.text, data: \.line)
    totalOutput = .field("total", initial: true, checkout, text: \.total, data: \.totalAmount)
    currenciesOutput = .rows(
      "currencies", initial: false, checkout, { $0.currencyPicker?.choices ?? [] },
      text: \.line, data: { $0 })
    ratesDateOutput = .text("ratesDate", initial: false, checkout, shown: { _ in true }) {
      $0.currencyPicker?.ratesDate ?? ""
    }
    let form = session.orderForm.state
    checkoutScreen = CLIScreen(
      name: "checkout",
      outputs: [
        cartOutput, totalOutput,
        .field("currency", initial: true, checkout, text: \.currency, data: \.currencyCode),
        .flag("changeCurrencyEnabled", initial: true, checkout, \.changeCurrencyEnabled),
        currenciesOutput,
        .field("nameStatus", initial: false, form, text: \.nameStatus.text, data: \.nameStatus),
        .field("emailStatus", initial: false, form, text: \.emailStatus.text, data: \.emailStatus),
        .field(
          "addressStatus", initial: false, form, text: \.addressStatus.text,
          data: \.addressStatus),
        .flag("placeOrderEnabled", initial: true, form, \.placeOrderEnabled),
        .text("placeOrderHint", initial: true, form, \.placeOrderHint),
        .optional("confirmation", initial: false, form, \.confirmation),
      ])
    ordersOutput = .rows(
      "orders", initial: false, session.history.state, \.rows,
      lines: { [$0.summary, "  " + $0.customer, "  " + $0.shipTo] + $0.lines.map { "  " + $0 } },
      data: { $0 })
    subscription = session.stack.drive { [weak self] in self?.stack = $0 }
    followingCatalog = catalog.drive { [weak self] in self?.catalogState = $0 }
    followingCheckout = checkout.drive { [weak self] in self?.checkoutState = $0 }
  }

  /// Whether the navigator shows the checkout.
  private var onCheckout: Bool { CheckoutSession.fullScreenScene(of: stack) == .checkout }

  /// The scene on top of the stack.
  private var topScene: CheckoutScene { CheckoutSession.topScene(of: stack) }

  /// The screen of the scene on top: the account form over either, else the full-screen
  /// scene (the history, drawn over a scene in the TUI, prints through `orders`).
  public var currentScreen: CLIScreen {
    let top = session.model(of: topScene)
    if case .account = top { return accountScreen.screen }
    switch session.model(of: CheckoutSession.fullScreenScene(of: stack)) {
    case .checkout: return checkoutScreen
    case .catalog, .history, .account: return catalogScreen
    }
  }
  public var isBusy: Bool { session.isBusy }
  public var isSettled: Driver<Bool> { session.isSettled }

  public var appSession: any AppSession { session }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public nonisolated static var grammar: any AppGrammar.Type { CheckoutGrammar.self }

  public func finish() { session.cart.flush() }

  /// `catalog` (or `back`): closes the account screen, else leaves checkout for the catalog.
  func showCatalog() -> CommandOutcome {
    if topScene == .account {
      session.account.send(.close)
      return CommandOutcome()
    }
    if onCheckout { session.checkout.send(.back) }
    return CommandOutcome(show: [(catalogOutput, true)])
  }

  /// `find [text]`.
  func find(_ text: String) -> CommandOutcome {
    session.catalog.send(.filter(text: text))
    return CommandOutcome(show: [(catalogOutput, false)])
  }

  /// `cart`: its lines and total.
  func cart() -> CommandOutcome {
    CommandOutcome(show: [(cartOutput, false), (totalOutput, false)])
  }

  /// `currency [CODE]`: the list, or a switch to CODE.
  func currency(_ code: String) -> CommandOutcome {
    guard !code.isEmpty else {
      let answer = session.checkout.send(.openCurrencyPicker)
      return CommandOutcome(
        later: answer, show: [(currenciesOutput, false), (ratesDateOutput, false)])
    }
    var outcome = CommandOutcome(later: session.checkout.send(.chooseCurrency(code: code)))
    outcome.summary = { [weak self] in
      guard let state = self?.checkoutState, !state.currencyCode.isEmpty else { return nil }
      return CommandReply("answer", state.currency, data: ["currency": state.currencyCode])
    }
    return outcome
  }

  /// `orders`: every past order.
  func orders() -> CommandOutcome { CommandOutcome(show: [(ordersOutput, true)]) }

  /// `email <text>`: the account's email on the account screen, else the order's.
  func email(_ text: String) -> CommandOutcome {
    if topScene == .account {
      session.account.send(.setEmail(text: text))
    } else {
      session.orderForm.send(.setEmail(text: text))
    }
    return CommandOutcome()
  }

  /// An account command: runs `work` on the account screen, or says to open it first.
  func onAccount(_ work: (AccountViewModel) -> CommandOutcome) -> CommandOutcome {
    guard topScene == .account else {
      return CommandOutcome(.rejected("not on the account screen; type account first"))
    }
    return work(session.account)
  }

  /// The products' names after `add` and `remove`.
  public func completions(after word: String) -> [String] {
    guard word == "add" || word == "remove" else { return [] }
    return session.catalog.loadedProducts.map(\.id)
  }

  /// `add|remove <n|name> [qty]`: the last word is the quantity when it is an integer.
  func changeQuantity(adding: Bool, _ arguments: [String]) -> CommandOutcome {
    var words = arguments
    var quantity = 1
    // `remove peas all` takes the whole line out (issue 42).
    var wholeLine = false
    if !adding, words.count >= 2, words.last == "all" {
      wholeLine = true
      words.removeLast()
    } else if words.count >= 2, let last = words.last, let number = Int(last) {
      quantity = number
      words.removeLast()
    }
    guard !words.isEmpty else {
      return CommandOutcome(.rejected("usage: \(adding ? "add" : "remove") <n|name> [qty]"))
    }
    switch ProductMatcher.match(words.joined(separator: " "), in: session.catalog.loadedProducts) {
    case .failure(let error):
      return CommandOutcome(.rejected(error.message))
    case .success(let product):
      // On the checkout screen its own inputs edit the lines (issue 42); else the catalog's.
      let onCheckout: Bool
      if case .checkout = session.model(of: CheckoutSession.fullScreenScene(of: stack)) {
        onCheckout = true
      } else {
        onCheckout = false
      }
      let id = product.id
      var outcome: CommandOutcome
      switch (onCheckout, adding) {
      case (true, true):
        outcome = CommandOutcome(later: session.checkout.send(.add(id: id, quantity: quantity)))
      case (true, false):
        outcome = CommandOutcome(
          later: session.checkout.send(
            wholeLine ? .removeLine(id: id) : .remove(id: id, quantity: quantity)))
      case (false, true):
        outcome = CommandOutcome(session.catalog.send(.add(id: id, quantity: quantity)))
      case (false, false):
        outcome = CommandOutcome(
          session.catalog.send(
            wholeLine ? .removeLine(id: id) : .remove(id: id, quantity: quantity)))
      }
      let catalog = session.catalog
      outcome.summary = { [weak self] in
        guard let state = self?.catalogState, let total = state.totalAmount else { return nil }
        return CommandReply(
          "answer", catalog.cartSummary,
          data: ["cart": CartFigures(items: state.cartItems, total: total)])
      }
      return outcome
    }
  }
}

/// `add`'s and `remove`'s answer as data: the cart's units and total now.
struct CartFigures: Encodable, Equatable, Sendable {
  let items: Int
  let total: MoneyAmount
}
