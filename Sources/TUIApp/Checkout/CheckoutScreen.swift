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
  var pickerSelection = 0
  var historyPosition = ListState()
  /// The selected line of the checkout's cart.
  var linePosition = ListState()
  var expandedOrder: Int?
  lazy var spinner = SpinnerClock(scheduler: scheduler) { [weak self] in self?.redraw() }
  /// The terminal's size, as last told (`resize`).
  private(set) var size = (columns: 80, rows: 24)

  /// How many catalog rows fit: from the terminal's size, for drawing and for the keys alike.
  var listHeight: Int { max(1, size.rows - 8) }

  public func resize(columns: Int, rows: Int) {
    size = (columns, rows)
    list.clamp(in: ListRows(count: catalog.rows.count), visible: listHeight)
  }

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
    session.messages.emit { [weak self] in self?.toast.show($0) }
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

  public var hints: [Hint] { keys.hints(in: barMode) }

  public var helpLines: [(key: String, meaning: String)] { keys.helpLines }

  public func willQuit() { session.shutdown() }

  public func setActive(_ active: Bool) { session.setActive(active) }

  // MARK: Keys

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    if var overlay = accountOverlay {
      // The account form is a form of its own: every key goes to it.
      let input = overlay.handle(key, state: account)
      accountOverlay = overlay
      if let input { send(input) }
      return .handled
    }
    let mode = keyMode
    if let command = keys.action(for: key, in: mode) {
      perform(command)
      return .handled
    }
    // Keys no binding has: type-ahead in the picker, editing in a field.
    switch mode {
    case .picker:
      guard case .character(let letter) = key, letter.isLetter,
        let picker = checkout.currencyPicker,
        let next = picker.choice(startingWith: letter, after: pickerSelection)
      else { return .ignored }
      pickerSelection = next
    case .field(let field):
      guard var editor = fields[field], editor.handle(key) else { return .ignored }
      fields[field] = editor
      switch field {
      case .filter: send(.filter(text: editor.text))
      case .name: send(.setName(text: editor.text))
      case .email: send(OrderFormInput.setEmail(text: editor.text))
      case .address: send(.setAddress(text: editor.text))
      }
    case .confirmation: break  // the confirmation takes every key
    case .history, .catalog, .checkout, .account: return .ignored
    }
    return .handled
  }

  // Each input goes to its screen's model; a refusal shows on the toast line.
  func send(_ input: CatalogInput) { toast.showRefusal(of: session.catalog.send(input)) }
  func send(_ input: CheckoutInput) { toast.showRefusal(of: session.checkout.send(input)) }
  func send(_ input: OrderFormInput) { toast.showRefusal(of: session.orderForm.send(input)) }
  func send(_ input: OrderHistoryInput) { toast.showRefusal(of: session.history.send(input)) }
  func send(_ input: AccountInput) { toast.showRefusal(of: session.account.send(input)) }

  /// The checkout's selected cart line, if there is one.
  var selectedLine: CheckoutRow? {
    let rows = checkout.rows
    guard !rows.isEmpty else { return nil }
    return rows[min(max(linePosition.selection, 0), rows.count - 1)]
  }

  var selectedRow: CatalogRow? {
    catalog.rows.indices.contains(list.selection) ? catalog.rows[list.selection] : nil
  }

  /// Asks for the currency picker; a refusal shows on the toast line, a failed fetch arrives as
  /// the screen's event.
  func openCurrencyPicker() { send(CheckoutInput.openCurrencyPicker) }
}
