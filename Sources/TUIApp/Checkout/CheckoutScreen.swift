import CheckoutFeature
import TerminalUI
import ViewModelKit

/// Tab 4: the catalog and checkout screens, the currency picker, the order confirmation and
/// the order history, drawn from the four checkout view models' states.
@MainActor
public final class CheckoutScreen: AppScreen, DriverBound {
  enum Field: Int { case filter, name, email, address }

  let session: CheckoutSession
  let scheduler: AnySchedulerOf<DispatchQueue>
  let redraw: () -> Void
  var subscriptions = Set<AnyCancellable>()
  lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }

  // What the view models last said.
  var catalog = CatalogState.empty
  var checkout = CheckoutState.empty
  var form = OrderFormState.empty
  var history = OrderHistoryState.empty
  var account = AccountState.empty

  // What only the screen knows.
  /// The navigator's full-screen scene as last delivered: the catalog or the checkout.
  var mode = CheckoutScene.catalog
  /// Whether the history is the navigator's top (modal) scene.
  var historyOpen = false
  /// The account overlay, while the account is the navigator's top scene.
  var accountOverlay: AccountOverlay?
  var focus: Field?
  var fields: [Field: TextField] = [
    .filter: TextField(), .name: TextField(), .email: TextField(), .address: TextField(),
  ]
  var list = ListState()
  /// What a click can hit in the last frame drawn.
  var targets = ClickTargets<Target>()
  var pickerSelection = 0
  var historyPosition = ListState()
  var expandedOrder: Int?
  lazy var spinner = SpinnerClock(scheduler: scheduler) { [weak self] in self?.redraw() }
  var listHeight = 10

  public init(
    session: CheckoutSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    self.scheduler = scheduler
    self.redraw = redraw
    bind()
  }

  private func bind() {
    bind(session.catalog.state) { screen, state in
      screen.list.clamp(in: ListRows(count: state.rows.count), visible: screen.listHeight)
      screen.catalog = state
    }
    bind(session.checkout.state) { screen, state in
      if screen.checkout.currencyPicker == nil, let picker = state.currencyPicker {
        screen.pickerSelection = picker.choices.firstIndex(where: \.isCurrent) ?? 0
      }
      screen.checkout = state
    }
    bind(session.orderForm.state) { $0.form = $1 }
    bind(session.history.state) { $0.history = $1 }
    bind(session.account.state) { screen, state in
      screen.account = state
      screen.accountOverlay?.follow(state)
    }
    session.messages.emit { [weak self] in self?.toast.show($0.message) }
      .store(in: &subscriptions)
    bind(session.stack) { screen, stack in
      let full = stack.last { $0.transition != .modal }?.scene ?? .catalog
      if screen.mode != full { screen.focus = nil }
      screen.mode = full
      let historyOnTop = stack.last?.scene == .history
      if historyOnTop && !screen.historyOpen {
        screen.historyPosition = ListState()
        screen.expandedOrder = nil
      }
      screen.historyOpen = historyOnTop
      let accountOnTop = stack.last?.scene == .account
      if accountOnTop && screen.accountOverlay == nil {
        screen.accountOverlay = AccountOverlay(state: screen.account)
      } else if !accountOnTop {
        screen.accountOverlay = nil
      }
    }
  }

  var isLoading: Bool {
    mode == .catalog ? catalog.isLoading : (checkout.isLoading || form.isPlacing)
  }

  func didReceiveValue() {
    spinner.run(isLoading)
    redraw()
  }

  // MARK: AppScreen

  public var hasFocusedField: Bool {
    focus != nil || (accountOverlay.map { $0.focus.rawValue <= 3 } ?? false)
  }
  public var hasOverlay: Bool {
    checkout.currencyPicker != nil || form.confirmation != nil || historyOpen
      || accountOverlay != nil
  }

  public var hints: [Hint] {
    if accountOverlay != nil {
      return [Hint("Tab", "next"), Hint("Enter", "run"), Hint("Esc", "close")]
    }
    // In a field, how to go on and how to leave (the field's editing keys follow them).
    switch focus {
    case .filter?: return [Hint("Enter", "keep"), Hint("Esc", "clear")]
    case _?: return [Hint("Tab", "next"), Hint("Esc", "done")]
    case nil: break
    }
    return switch mode {
    case .catalog, .history, .account:
      [
        Hint("j/k", "move"), Hint("+/-", "qty"), Hint("/", "filter"),
        Hint("Enter", "checkout", enabled: catalog.checkoutEnabled), Hint("o", "orders"),
        Hint("A", "account"),
      ]
    case .checkout:
      [
        Hint("x", "currency", enabled: checkout.changeCurrencyEnabled), Hint("n/e/a", "edit"),
        Hint("p", "place order", enabled: form.placeOrderEnabled), Hint("b", "back"),
        Hint("o", "orders"), Hint("A", "account"),
      ]
    }
  }

  public var helpLines: [(key: String, meaning: String)] {
    [
      ("↑/↓ k/j PgUp/PgDn Home/End", "move in the catalog"), ("+ = →  /  - ←", "add / remove one"),
      ("/", "filter the catalog (Esc clears)"), ("Enter or c", "checkout"), ("o", "order history"),
      ("x", "change currency"), ("n e a", "edit name, email, address"), ("p", "place order"),
      ("b or Esc", "back to the catalog"),
      ("A", "account: sign up, rename, sign out (Tab moves, Enter runs, Esc closes)"),
    ]
  }

  public func willQuit() { session.shutdown() }

  public func setActive(_ active: Bool) { session.setActive(active) }

  // MARK: Keys

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    if var overlay = accountOverlay {
      let input = overlay.handle(key, state: account)
      accountOverlay = overlay
      if let input { send(input) }
      return .handled
    }
    if historyOpen { return handleHistory(key) }
    if form.confirmation != nil {
      if key == .enter || key == .escape { send(.dismissConfirmation) }
      return .handled
    }
    if let picker = checkout.currencyPicker { return handlePicker(key, picker) }
    if let focus { return handleField(key, focus) }
    switch mode {
    case .catalog, .history, .account: return handleCatalog(key)
    case .checkout: return handleCheckout(key)
    }
  }

  // Each input goes to its screen's model; a refusal shows on the toast line.
  func send(_ input: CatalogInput) { toast.showRefusal(of: session.catalog.send(input)) }
  func send(_ input: CheckoutInput) { toast.showRefusal(of: session.checkout.send(input)) }
  func send(_ input: OrderFormInput) { toast.showRefusal(of: session.orderForm.send(input)) }
  func send(_ input: OrderHistoryInput) { toast.showRefusal(of: session.history.send(input)) }
  func send(_ input: AccountInput) { toast.showRefusal(of: session.account.send(input)) }

  private func handleCatalog(_ key: Key) -> KeyOutcome {
    let rows = ListRows(count: catalog.rows.count)
    switch key {
    case .up, .character("k"): list.move(by: -1, in: rows, visible: listHeight)
    case .down, .character("j"): list.move(by: 1, in: rows, visible: listHeight)
    case .pageUp: list.move(by: -listHeight, in: rows, visible: listHeight)
    case .pageDown: list.move(by: listHeight, in: rows, visible: listHeight)
    case .home: list.moveToStart(in: rows, visible: listHeight)
    case .end: list.moveToEnd(in: rows, visible: listHeight)
    case .character("+"), .character("="), .right:
      if let row = selectedRow { send(.add(id: row.id, quantity: 1)) }
    case .character("-"), .left:
      if let row = selectedRow { send(.remove(id: row.id, quantity: 1)) }
    case .character("/"): focus = .filter
    case .enter, .character("c"): send(CatalogInput.checkout)
    case .character("o"): send(OrderHistoryInput.open)
    case .character("A"): send(AccountInput.open)
    default: return .ignored
    }
    return .handled
  }

  var selectedRow: CatalogRow? {
    catalog.rows.indices.contains(list.selection) ? catalog.rows[list.selection] : nil
  }

  private func handleCheckout(_ key: Key) -> KeyOutcome {
    switch key {
    case .character("x"): openCurrencyPicker()
    case .character("n"): focus = .name
    case .character("e"): focus = .email
    case .character("a"): focus = .address
    case .character("p"):
      // A refusal is answered at once; a failed save is an event, shown as a toast anyway.
      send(.submitOrder)
    case .character("b"), .escape: send(CheckoutInput.back)
    case .character("o"): send(OrderHistoryInput.open)
    case .character("A"): send(AccountInput.open)
    default: return .ignored
    }
    return .handled
  }

  /// Asks for the currency picker; a refusal shows on the toast line, a failed fetch arrives as
  /// the screen's event.
  func openCurrencyPicker() { send(CheckoutInput.openCurrencyPicker) }

  private func handleField(_ key: Key, _ field: Field) -> KeyOutcome {
    switch key {
    case .escape:
      if field == .filter {
        fields[.filter]?.set("")
        send(.filter(text: ""))
      }
      focus = nil
    case .enter where field == .filter: focus = nil
    case .enter, .tab:
      focus = field == .filter ? nil : Field(rawValue: field.rawValue == 3 ? 1 : field.rawValue + 1)
    case .shiftTab:
      focus = field == .filter ? nil : Field(rawValue: field.rawValue == 1 ? 3 : field.rawValue - 1)
    default:
      guard var editor = fields[field], editor.handle(key) else { return .ignored }
      fields[field] = editor
      switch field {
      case .filter: send(.filter(text: editor.text))
      case .name: send(.setName(text: editor.text))
      case .email: send(OrderFormInput.setEmail(text: editor.text))
      case .address: send(.setAddress(text: editor.text))
      }
    }
    return .handled
  }

  private func handlePicker(_ key: Key, _ picker: CurrencyPicker) -> KeyOutcome {
    let count = picker.choices.count + 1  // the choices, then Cancel
    switch key {
    case .up: pickerSelection = max(0, pickerSelection - 1)
    case .down: pickerSelection = min(count - 1, pickerSelection + 1)
    case .escape: send(CheckoutInput.cancel)
    case .enter:
      if pickerSelection < picker.choices.count {
        send(.select(code: picker.choices[pickerSelection].code))
      } else {
        send(CheckoutInput.cancel)
      }
    case .character(let letter) where letter.isLetter:
      if let next = picker.choice(startingWith: letter, after: pickerSelection) {
        pickerSelection = next
      }
    default: return .ignored
    }
    return .handled
  }

  private func handleHistory(_ key: Key) -> KeyOutcome {
    switch key {
    case .escape, .character("o"): send(OrderHistoryInput.close)
    case .up: historyPosition.move(by: -1, in: ListRows(count: history.rows.count), visible: 100)
    case .down: historyPosition.move(by: 1, in: ListRows(count: history.rows.count), visible: 100)
    case .enter:
      guard history.rows.indices.contains(historyPosition.selection) else { break }
      let number = history.rows[historyPosition.selection].number
      expandedOrder = expandedOrder == number ? nil : number
    default: return .ignored
    }
    return .handled
  }
}
