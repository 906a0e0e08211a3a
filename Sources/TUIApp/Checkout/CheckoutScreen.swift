import CheckoutFeature
import TerminalUI
import ViewModelKit

/// Tab 4: the catalog and checkout screens, the currency picker, the order confirmation and
/// the order history, drawn from the checkout view models' outputs.
@MainActor
public final class CheckoutScreen: AppScreen {
  enum Mode { case catalog, checkout }
  enum Field: Int { case filter, name, email, address }

  private let session: CheckoutSession
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let redraw: () -> Void
  private var subscriptions = Set<AnyCancellable>()
  /// Answers to inputs still being worked out; each is dropped once it has come.
  private let answers = InFlightWork()
  private lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }

  // What the view models last said.
  private var rows: [CatalogRow] = []
  private var catalogLoading = true
  private var total = ""
  private var cartCount = ""
  private var checkoutEnabled = false
  private var emptyText = ""
  private var cartRows: [CheckoutRow] = []
  private var checkoutTotal = ""
  private var currency = ""
  private var cartEmptyText = ""
  private var ratesLoading = false
  private var currencyEnabled = false
  private var offlineNotice = ""
  private var picker: CurrencyPicker?
  private var statuses: [Field: FieldStatus] = [:]
  private var placeEnabled = false
  private var placeHint = ""
  private var placing = false
  private var confirmation: String?
  private var orders: [OrderRow] = []
  private var ordersEmptyText = ""

  // What only the screen knows.
  private(set) var mode = Mode.catalog
  private var focus: Field?
  private var fields: [Field: TextField] = [
    .filter: TextField(), .name: TextField(), .email: TextField(), .address: TextField(),
  ]
  private var list = ListPosition()
  private var pickerSelection = 0
  private var historyOpen = false
  private var historyPosition = ListPosition()
  private var expandedOrder: Int?
  private lazy var spinner = SpinnerClock(scheduler: scheduler) { [weak self] in self?.redraw() }
  private var listHeight = 10

  public init(
    session: CheckoutSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    self.scheduler = scheduler
    self.redraw = redraw
    bind()
  }

  private func bind() {
    let catalog = session.catalog
    let checkout = session.checkout
    let form = session.orderForm
    func keep<T>(_ driver: Driver<T>, _ store: @escaping (CheckoutScreen, T) -> Void) {
      driver.drive { [weak self] value in
        guard let self else { return }
        store(self, value)
        self.updateSpinner()
        self.redraw()
      }
      .store(in: &subscriptions)
    }
    keep(catalog.rows) {
      $0.rows = $1; $0.list.clamp(count: $1.count, visible: $0.listHeight)
    }
    keep(catalog.isLoading) { $0.catalogLoading = $1 }
    keep(catalog.total) { $0.total = $1 }
    keep(catalog.cartCount) { $0.cartCount = $1 }
    keep(catalog.checkoutEnabled) { $0.checkoutEnabled = $1 }
    keep(catalog.emptyText) { $0.emptyText = $1 }
    keep(checkout.rows) { $0.cartRows = $1 }
    keep(checkout.total) { $0.checkoutTotal = $1 }
    keep(checkout.currency) { $0.currency = $1 }
    keep(checkout.emptyText) { $0.cartEmptyText = $1 }
    keep(checkout.isLoading) { $0.ratesLoading = $1 }
    keep(checkout.changeCurrencyEnabled) { $0.currencyEnabled = $1 }
    keep(checkout.offlineNotice) { $0.offlineNotice = $1 }
    keep(checkout.currencyPicker) { screen, picker in
      if screen.picker == nil, let picker {
        screen.pickerSelection = picker.choices.firstIndex(where: \.isCurrent) ?? 0
      }
      screen.picker = picker
    }
    keep(form.nameStatus) { $0.statuses[.name] = $1 }
    keep(form.emailStatus) { $0.statuses[.email] = $1 }
    keep(form.addressStatus) { $0.statuses[.address] = $1 }
    keep(form.placeOrderEnabled) { $0.placeEnabled = $1 }
    keep(form.placeOrderHint) { $0.placeHint = $1 }
    keep(form.isPlacing) { $0.placing = $1 }
    keep(form.confirmation) { $0.confirmation = $1 }
    keep(session.history.rows) { $0.orders = $1 }
    keep(session.history.emptyText) { $0.ordersEmptyText = $1 }
    for signal in [catalog.message, checkout.message, form.message, session.history.message] {
      signal.emit { [weak self] in self?.toast.show($0) }.store(in: &subscriptions)
    }
    catalog.navigation.emit { [weak self] _ in self?.enter(.checkout) }.store(in: &subscriptions)
    checkout.navigation.emit { [weak self] _ in self?.enter(.catalog) }.store(in: &subscriptions)
    form.navigation.emit { [weak self] _ in self?.enter(.catalog) }.store(in: &subscriptions)
  }

  private func enter(_ mode: Mode) {
    self.mode = mode
    focus = nil
    redraw()
  }

  private var isLoading: Bool { mode == .catalog ? catalogLoading : (ratesLoading || placing) }

  private func updateSpinner() { spinner.run(isLoading) }

  // MARK: AppScreen

  public var hasFocusedField: Bool { focus != nil }
  public var hasOverlay: Bool { picker != nil || confirmation != nil || historyOpen }

  public var hints: [Hint] {
    guard focus == nil else { return [] }
    return switch mode {
    case .catalog:
      [
        Hint("j/k", "move"), Hint("+/-", "qty"), Hint("/", "filter"),
        Hint("Enter", "checkout", enabled: checkoutEnabled), Hint("o", "orders"),
      ]
    case .checkout:
      [
        Hint("x", "currency", enabled: currencyEnabled), Hint("n/e/a", "edit"),
        Hint("p", "place order", enabled: placeEnabled), Hint("b", "back"), Hint("o", "orders"),
      ]
    }
  }

  public var helpLines: [(key: String, meaning: String)] {
    [
      ("↑/↓ k/j PgUp/PgDn Home/End", "move in the catalog"), ("+ = →  /  - ←", "add / remove one"),
      ("/", "filter the catalog (Esc clears)"), ("Enter or c", "checkout"), ("o", "order history"),
      ("x", "change currency"), ("n e a", "edit name, email, address"), ("p", "place order"),
      ("b or Esc", "back to the catalog"),
    ]
  }

  public func willQuit() { session.shutdown() }

  // MARK: Keys

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if historyOpen { return handleHistory(key) }
    if confirmation != nil {
      if key == .enter || key == .escape { session.orderForm.dismissConfirmation() }
      return .handled
    }
    if let picker { return handlePicker(key, picker) }
    if let focus { return handleField(key, focus) }
    switch mode {
    case .catalog: return handleCatalog(key)
    case .checkout: return handleCheckout(key)
    }
  }

  private func refuse(_ result: InputResult) {
    if let message = result.message { toast.show(message) }
  }

  private func handleCatalog(_ key: Key) -> KeyOutcome {
    let count = rows.count
    switch key {
    case .up, .character("k"): list.move(by: -1, count: count, visible: listHeight)
    case .down, .character("j"): list.move(by: 1, count: count, visible: listHeight)
    case .pageUp: list.move(by: -listHeight, count: count, visible: listHeight)
    case .pageDown: list.move(by: listHeight, count: count, visible: listHeight)
    case .home: list.moveToStart(count: count, visible: listHeight)
    case .end: list.moveToEnd(count: count, visible: listHeight)
    case .character("+"), .character("="), .right:
      if let row = selectedRow { refuse(session.catalog.add(row.id)) }
    case .character("-"), .left:
      if let row = selectedRow { refuse(session.catalog.remove(row.id)) }
    case .character("/"): focus = .filter
    case .enter, .character("c"): refuse(session.catalog.checkout())
    case .character("o"): openHistory()
    default: return .ignored
    }
    return .handled
  }

  private var selectedRow: CatalogRow? {
    rows.indices.contains(list.selection) ? rows[list.selection] : nil
  }

  private func handleCheckout(_ key: Key) -> KeyOutcome {
    switch key {
    case .character("x"):
      answers.sink(
        session.checkout.openCurrencyPicker(), receiveValue: { [weak self] in self?.refuse($0) })
    case .character("n"): focus = .name
    case .character("e"): focus = .email
    case .character("a"): focus = .address
    case .character("p"): refuse(session.orderForm.submitOrder())
    case .character("b"), .escape: session.checkout.back()
    case .character("o"): openHistory()
    default: return .ignored
    }
    return .handled
  }

  private func handleField(_ key: Key, _ field: Field) -> KeyOutcome {
    switch key {
    case .escape:
      if field == .filter {
        fields[.filter]?.set("")
        session.catalog.filter("")
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
      case .filter: session.catalog.filter(editor.text)
      case .name: session.orderForm.setName(editor.text)
      case .email: session.orderForm.setEmail(editor.text)
      case .address: session.orderForm.setAddress(editor.text)
      }
    }
    return .handled
  }

  private func handlePicker(_ key: Key, _ picker: CurrencyPicker) -> KeyOutcome {
    let count = picker.choices.count + 1  // the choices, then Cancel
    switch key {
    case .up: pickerSelection = max(0, pickerSelection - 1)
    case .down: pickerSelection = min(count - 1, pickerSelection + 1)
    case .escape: session.checkout.cancel()
    case .enter:
      if pickerSelection < picker.choices.count {
        refuse(session.checkout.select(picker.choices[pickerSelection].code))
      } else {
        session.checkout.cancel()
      }
    case .character(let letter) where letter.isLetter:
      if let next = picker.choice(startingWith: letter, after: pickerSelection) {
        pickerSelection = next
      }
    default: return .ignored
    }
    return .handled
  }

  private func openHistory() {
    historyOpen = true
    historyPosition = ListPosition()
    expandedOrder = nil
  }

  private func handleHistory(_ key: Key) -> KeyOutcome {
    switch key {
    case .escape, .character("o"): historyOpen = false
    case .up: historyPosition.move(by: -1, count: orders.count, visible: 100)
    case .down: historyPosition.move(by: 1, count: orders.count, visible: 100)
    case .enter:
      guard orders.indices.contains(historyPosition.selection) else { break }
      let number = orders[historyPosition.selection].number
      expandedOrder = expandedOrder == number ? nil : number
    default: return .ignored
    }
    return .handled
  }

  // MARK: Drawing

  public func draw(_ painter: Painter) {
    switch mode {
    case .catalog: drawCatalog(painter)
    case .checkout: drawCheckout(painter)
    }
    toast.draw(painter, row: painter.height - 2)
    if let picker { drawPicker(painter, picker) }
    if let confirmation {
      Modal.draw(
        painter, title: "Order placed", lines: [confirmation, "", "[ OK ]"], highlighted: 2)
    }
    if historyOpen { drawHistory(painter) }
  }

  private func drawCatalog(_ painter: Painter) {
    let width = painter.width
    let narrow = width < 60
    TitleLine.draw(
      painter, title: "Supermarket", spinnerTick: catalogLoading ? spinner.tick : nil,
      status: "\(cartCount) in cart")
    painter.rule(row: 2)
    let quantityColumn = width - 18
    let priceColumn = 37 + (width - 80) / 2
    let titleWidth = (narrow ? quantityColumn : priceColumn) - 8
    if focus == .filter || !(fields[.filter]?.text.isEmpty ?? true) {
      painter.text(" Filter", row: 3, column: 0, style: .bold)
      fields[.filter]?.draw(
        painter, row: 3, column: 9, width: min(40, width - 10), focused: focus == .filter)
    } else {
      painter.text("    #  Product", row: 3, column: 0, style: .bold)
      if !narrow { painter.text("Price", row: 3, column: priceColumn, style: .bold) }
      painter.text("Qty", row: 3, column: quantityColumn + 4, style: .bold)
    }
    let firstRow = 4
    listHeight = max(1, painter.height - 4 - firstRow)
    list.clamp(count: rows.count, visible: listHeight)
    if rows.isEmpty && !emptyText.isEmpty {
      painter.fitted("  " + emptyText, row: firstRow, column: 0, width: width, style: .dim)
    }
    for (offset, row) in rows.dropFirst(list.offset).prefix(listHeight).enumerated() {
      let y = firstRow + offset
      let selected = list.offset + offset == list.selection
      let number = String(row.number)
      painter.text(selected ? " >" : "  ", row: y, column: 0, style: selected ? .bold : .plain)
      painter.text(
        String(repeating: " ", count: max(0, 3 - number.count)) + number, row: y, column: 2)
      painter.fitted(
        row.title, row: y, column: 7, width: titleWidth, style: selected ? .reverse : .plain)
      if !narrow {
        painter.fitted(
          row.price, row: y, column: priceColumn, width: quantityColumn - priceColumn - 1)
      }
      let quantity = String(repeating: " ", count: max(0, 3 - row.quantity.count)) + row.quantity
      painter.text("[-]" + quantity + " [+]", row: y, column: quantityColumn)
    }
    painter.rule(row: painter.height - 4)
    // Amounts are never cut: the button gives way when the line is full.
    var totalText = " " + total
    if narrow, let row = selectedRow {
      totalText += "  " + row.priceAmount
    }
    painter.text(totalText, row: painter.height - 3, column: 0, style: .bold)
    let buttonColumn = max(width - 16, TextWidth.of(totalText) + 1)
    if buttonColumn + Button.width("Checkout") <= width {
      Button.draw(
        painter, "Checkout", enabled: checkoutEnabled, row: painter.height - 3, column: buttonColumn
      )
    }
  }

  private func drawCheckout(_ painter: Painter) {
    let width = painter.width
    let height = painter.height
    let compact = height < 20
    TitleLine.draw(
      painter, title: "Checkout", spinnerTick: (ratesLoading || placing) ? spinner.tick : nil,
      status: currency)
    painter.rule(row: 2)
    let formRows = compact ? 2 : 5
    let totalRow = height - 3 - formRows - 1
    let listBottom = totalRow - 1
    if cartRows.isEmpty {
      painter.fitted("  " + cartEmptyText, row: 3, column: 0, width: width, style: .dim)
    }
    for (index, row) in cartRows.prefix(max(0, listBottom - 3)).enumerated() {
      painter.fitted("  " + row.text, row: 3 + index, column: 0, width: width)
    }
    if cartRows.count > listBottom - 3, listBottom - 3 > 0 {
      painter.fitted(
        "  … \(cartRows.count - (listBottom - 4)) more", row: listBottom - 1, column: 0,
        width: width, style: .dim)
    }
    painter.rule(row: listBottom)
    // Total line: total, then the buttons on the right.
    let currencyLabel = offlineNotice.isEmpty ? "Change currency" : offlineNotice
    var right = width - 1
    if width >= 60 {
      right -= Button.width("Back")
      Button.draw(painter, "Back", enabled: true, row: totalRow, column: right)
      right -= 3
    }
    let currencyWidth = min(
      Button.width(currencyLabel), max(0, right - TextWidth.of(checkoutTotal) - 3))
    if currencyWidth >= 8 {
      let label = TextWidth.truncate(
        currencyLabel, to: currencyWidth - 4, ellipsis: painter.ellipsis)
      Button.draw(
        painter, label, enabled: currencyEnabled, row: totalRow, column: right - currencyWidth)
    }
    painter.text(" " + checkoutTotal, row: totalRow, column: 0, style: .bold)
    // The form.
    var row = totalRow + 1
    if !compact {
      painter.rule(row: row)
      row += 1
    }
    let shownFields: [Field] = compact ? [focus ?? .name] : [.name, .email, .address]
    for field in shownFields {
      drawField(painter, field, row: row)
      row += 1
    }
    let placeEnd = Button.draw(painter, "Place order", enabled: placeEnabled, row: row, column: 1)
    painter.fitted(
      placeHint, row: row, column: placeEnd + 2, width: max(0, width - placeEnd - 3), style: .dim)
    if !compact { painter.rule(row: height - 3) }
  }

  private func drawField(_ painter: Painter, _ field: Field, row: Int) {
    let label = ["Filter", "Name", "Email", "Address"][field.rawValue]
    painter.text(" " + label, row: row, column: 0)
    let fieldWidth = min(32, max(10, painter.width - 22))
    fields[field]?.draw(painter, row: row, column: 10, width: fieldWidth, focused: focus == field)
    let status = statuses[field] ?? .pristine
    let style: TextStyle = status == .valid ? .green : (status.isValid ? .plain : .red)
    painter.fitted(
      status.text, row: row, column: 10 + fieldWidth + 2,
      width: max(0, painter.width - fieldWidth - 13), style: style)
  }

  private func drawPicker(_ painter: Painter, _ picker: CurrencyPicker) {
    var lines = [picker.prompt]
    if !picker.ratesDate.isEmpty { lines.append(picker.ratesDate) }
    let header = lines.count
    lines += picker.choices.map { $0.label + ($0.isCurrent ? " *" : "") }
    lines.append("Cancel")
    Modal.draw(painter, title: picker.title, lines: lines, highlighted: header + pickerSelection)
  }

  private func drawHistory(_ painter: Painter) {
    var lines: [String] = []
    var highlighted: Int?
    if orders.isEmpty { lines.append(ordersEmptyText.isEmpty ? "Loading…" : ordersEmptyText) }
    for (index, order) in orders.enumerated() {
      if index == historyPosition.selection { highlighted = lines.count }
      lines.append(order.summary)
      if expandedOrder == order.number {
        lines.append("  " + order.customer)
        lines += order.lines.map { "  " + $0 }
      }
    }
    lines += ["", "Enter details  Esc close"]
    Modal.draw(painter, title: "Order history", lines: lines, highlighted: highlighted)
  }
}
