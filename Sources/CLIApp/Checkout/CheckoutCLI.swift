import CheckoutFeature
import Foundation
import ViewModelKit

/// The checkout app's commands and screens for the CLI shell. It only maps words to view
/// model inputs and the fields of the screens' states to printable values.
@MainActor
public final class CheckoutCLI: CLIApplication {
  private let session: CheckoutSession
  private let catalogScreen: CLIScreen
  private let checkoutScreen: CLIScreen
  private let catalogOutput: CLIOutput
  private let cartOutput: CLIOutput
  private let totalOutput: CLIOutput
  private let currenciesOutput: CLIOutput
  private let ordersOutput: CLIOutput
  private let accountCommands: AccountCommands
  /// The navigator's stack as last delivered: the CLI follows the session's `stack` Driver,
  /// as the TUI does, and never reads the navigator directly.
  private var stack: [SceneEntry<CheckoutScene>] = []
  private var subscription: AnyCancellable?

  public init(session: CheckoutSession) {
    self.session = session
    accountCommands = AccountCommands(account: session.account)
    let catalog = session.catalog.state
    catalogOutput = CLIOutput("catalog", initial: true, textCap: 50, driver: catalog) { state in
      .list(
        rows: state.rows.map { "\($0.number). \($0.title) | \($0.price) | \($0.quantity)" },
        json: state.rows.map(JSONValue.row))
    }
    catalogScreen = CLIScreen(
      name: "catalog",
      outputs: [
        catalogOutput, .text("total", initial: true, catalog, \.total),
        .text("cartCount", initial: true, catalog, \.cartCount),
        .flag("checkoutEnabled", initial: true, catalog, \.checkoutEnabled),
      ])
    let checkout = session.checkout.state
    cartOutput = CLIOutput("cart", initial: true, driver: checkout) { state in
      .list(rows: state.rows.map(\.text), json: state.rows.map(JSONValue.row))
    }
    totalOutput = .text("total", initial: true, checkout, \.total)
    currenciesOutput = CLIOutput("currencies", initial: false, driver: checkout) { state in
      let choices = state.currencyPicker?.choices ?? []
      return .list(rows: choices.map(\.line), json: choices.map(JSONValue.row))
    }
    let form = session.orderForm.state
    checkoutScreen = CLIScreen(
      name: "checkout",
      outputs: [
        cartOutput, totalOutput, .text("currency", initial: true, checkout, \.currency),
        .flag("changeCurrencyEnabled", initial: true, checkout, \.changeCurrencyEnabled),
        currenciesOutput,
        CLIOutput("nameStatus", initial: false, driver: form) { .text($0.nameStatus.text) },
        CLIOutput("emailStatus", initial: false, driver: form) { .text($0.emailStatus.text) },
        CLIOutput("addressStatus", initial: false, driver: form) { .text($0.addressStatus.text) },
        .flag("placeOrderEnabled", initial: true, form, \.placeOrderEnabled),
        .text("placeOrderHint", initial: true, form, \.placeOrderHint),
        CLIOutput("confirmation", initial: false, driver: form) { .optional($0.confirmation) },
      ])
    ordersOutput = CLIOutput("orders", initial: false, driver: session.history.state) { state in
      .list(
        rows: state.rows.flatMap { [$0.summary] + $0.lines.map { "  " + $0 } },
        json: state.rows.map(JSONValue.row))
    }
    subscription = session.stack.drive { [weak self] in self?.stack = $0 }
  }

  /// Whether the navigator shows the checkout.
  private var onCheckout: Bool { CheckoutSession.fullScreenScene(of: stack) == .checkout }

  /// The scene on top of the stack.
  private var topScene: CheckoutScene { CheckoutSession.topScene(of: stack) }

  public var currentScreen: CLIScreen {
    if topScene == .account { return accountCommands.screen }
    return onCheckout ? checkoutScreen : catalogScreen
  }
  public var isBusy: Bool { session.isBusy }
  public var isSettled: Driver<Bool> { session.isSettled }

  public var messages: AnyPublisher<String, Never> {
    [
      session.catalog.events, session.checkout.events, session.orderForm.events,
      session.history.events, session.account.events,
    ]
    .merge()
    .map(\.message)
    .eraseToAnyPublisher()
  }

  /// A cart change that could not be saved, or orders that could not be read, fail the
  /// session (exit status 1).
  public var failures: AnyPublisher<String, Never> {
    [session.cart.saveFailures, session.history.loadFailures].merge().eraseToAnyPublisher()
  }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public static var commandHelp: [(command: String, meaning: String)] {
    [
      ("catalog", "show the catalog (alias: back)"),
      ("add <n|name> [qty]", "add units of a product (qty defaults to 1)"),
      ("remove <n|name> [qty]", "remove units of a product"),
      ("find [text]", "filter the catalog by title (no text clears the filter)"),
      ("cart", "show the cart and its total"),
      ("checkout", "go to the checkout screen"),
      ("currency [CODE]", "list currencies, or switch to CODE"),
      ("cancel", "close the currency list"),
      ("name <text>", "set the name for the order"),
      ("email <text>", "set the email for the order"),
      ("address <text>", "set the delivery address"),
      ("order", "place the order"),
      ("ok", "close the order confirmation"),
      ("orders", "show past orders"),
    ] + AccountCommands.help
  }

  public func finish() { session.cart.flush() }

  public func takesRestOfLine(_ word: String) -> Bool {
    ["name", "email", "address", "find"].contains(word)
      || AccountCommands.restOfLine.contains(word)
  }

  public func perform(_ word: String, arguments: [String], rest: String) -> CommandOutcome? {
    if word == "account" {
      session.account.open()
      return CommandOutcome()
    }
    if topScene == .account, let outcome = accountCommands.perform(word, rest: rest) {
      return outcome
    }
    switch word {
    case "catalog", "back":
      if onCheckout { session.checkout.back() }
      return CommandOutcome(show: [(catalogOutput, true)])
    case "add", "remove":
      return changeQuantity(adding: word == "add", arguments)
    case "find":
      session.catalog.filter(rest)
      return CommandOutcome(show: [(catalogOutput, false)])
    case "cart":
      return CommandOutcome(show: [(cartOutput, false), (totalOutput, false)])
    case "checkout":
      return CommandOutcome(session.catalog.checkout())
    case "currency":
      guard !arguments.isEmpty else {
        let answer = session.checkout.openCurrencyPicker()
        return CommandOutcome(later: answer, show: [(currenciesOutput, false)])
      }
      return CommandOutcome(
        later: session.checkout.chooseCurrency(code: arguments.joined(separator: " ")))
    case "cancel":
      session.checkout.cancel()
      return CommandOutcome()
    case "name":
      session.orderForm.setName(rest)
      return CommandOutcome()
    case "email":
      session.orderForm.setEmail(rest)
      return CommandOutcome()
    case "address":
      session.orderForm.setAddress(rest)
      return CommandOutcome()
    case "order":
      return CommandOutcome(later: session.orderForm.submitOrder())
    case "ok":
      session.orderForm.dismissConfirmation()
      return CommandOutcome()
    case "orders":
      return CommandOutcome(show: [(ordersOutput, true)])
    default:
      return nil
    }
  }

  /// `add|remove <n|name> [qty]`: the last word is the quantity when it is an integer.
  /// The products' names after `add` and `remove`.
  public func completions(after word: String) -> [String] {
    guard word == "add" || word == "remove" else { return [] }
    return session.catalog.loadedProducts.map(\.id)
  }

  private func changeQuantity(adding: Bool, _ arguments: [String]) -> CommandOutcome {
    var words = arguments
    var quantity = 1
    if words.count >= 2, let last = words.last, let number = Int(last) {
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
      let result =
        adding
        ? session.catalog.add(product.id, quantity: quantity)
        : session.catalog.remove(product.id, quantity: quantity)
      var outcome = CommandOutcome(result)
      let catalog = session.catalog
      outcome.summary = { catalog.cartSummary }
      return outcome
    }
  }
}
