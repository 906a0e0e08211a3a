import CheckoutFeature
import TerminalUI

extension CheckoutScreen {
  /// Where the keys go: an open dialog first (the account form, the history, the
  /// confirmation, the picker), then a focused field, then the scene shown.
  enum KeyMode: Hashable {
    case account, history, confirmation, picker
    case field(Field)
    case catalog, checkout
  }

  /// What a key does: an input for one of the screen models, or a move of the screen's own
  /// selection and focus.
  enum KeyCommand {
    case move(Int), page(Int), toStart, toEnd
    case addOne, removeOne
    case catalog(CatalogInput), checkout(CheckoutInput), form(OrderFormInput)
    case history(OrderHistoryInput), account(AccountInput)
    case focus(Field?), clearFilter
    case pickerMove(Int), pickerChoose
    case historyMove(Int), expandOrder
    /// The checkout's cart lines: move the selection, one more or one less of the selected
    /// line, take the line out (issue 42).
    case lineMove(Int), lineAdd, lineRemove, lineDrop
  }

  var keyMode: KeyMode {
    if accountOverlay != nil { return .account }
    if historyOpen { return .history }
    if form.confirmation != nil { return .confirmation }
    if checkout.currencyPicker != nil { return .picker }
    if let focus { return .field(focus) }
    return mode == .checkout ? .checkout : .catalog
  }

  /// The mode whose hints the bar shows: a dialog over a scene shows the scene's.
  var barMode: KeyMode {
    if accountOverlay != nil { return .account }
    if let focus { return .field(focus) }
    return mode == .checkout ? .checkout : .catalog
  }

  /// The checkout tab's keys, once: what they do, the help bar, and the `?` overlay.
  var keys: KeyTable<KeyMode, KeyCommand> {
    let formFields: Set<KeyMode> = [.field(.name), .field(.email), .field(.address)]
    let step = { (field: Field, by: Int) -> Field? in
      Field(rawValue: (field.rawValue - 1 + by + 3) % 3 + 1)
    }
    let next = focus.flatMap { step($0, 1) }
    let previous = focus.flatMap { step($0, -1) }
    return KeyTable([
      KeyBinding(
        [.up, .character("k")], "j/k", in: [.catalog], hint: "move",
        helpLabel: "↑/↓ k/j PgUp/PgDn Home/End", help: "move in the catalog", .move(-1)),
      KeyBinding([.down, .character("j")], "↓", in: [.catalog], .move(1)),
      KeyBinding([.pageUp], "PgUp", in: [.catalog], .page(-1)),
      KeyBinding([.pageDown], "PgDn", in: [.catalog], .page(1)),
      KeyBinding([.home], "Home", in: [.catalog], .toStart),
      KeyBinding([.end], "End", in: [.catalog], .toEnd),
      KeyBinding(
        [.character("+"), .character("="), .right], "+/-", in: [.catalog], hint: "qty",
        helpLabel: "+ = →  /  - ←", help: "add / remove one", .addOne),
      KeyBinding([.character("-"), .left], "-", in: [.catalog], .removeOne),
      KeyBinding(
        [.character("/")], "/", in: [.catalog], hint: "filter",
        help: "filter the catalog (Esc clears)", .focus(.filter)),
      KeyBinding(
        [.enter, .character("c")], "Enter", in: [.catalog], hint: "checkout",
        helpLabel: "Enter or c", help: "checkout", enabled: catalog.checkoutEnabled,
        .catalog(.checkout)),
      KeyBinding(
        [.character("o")], "o", in: [.catalog], hint: "orders", help: "order history",
        .history(.open)),
      KeyBinding([.character("A")], "A", in: [.catalog], hint: "account", .account(.open)),
      KeyBinding([.up, .character("k")], "↑", in: [.checkout], .lineMove(-1)),
      KeyBinding([.down, .character("j")], "↓", in: [.checkout], .lineMove(1)),
      // No hint on the bar (it is full at 80 columns); `?` lists them.
      KeyBinding(
        [.character("+"), .character("=")], "+/-", in: [.checkout],
        help: "one more or one less of the selected line", .lineAdd),
      KeyBinding([.character("-")], "-", in: [.checkout], .lineRemove),
      KeyBinding(
        [.character("d"), .delete], "d", in: [.checkout],
        help: "take the selected line out of the cart", .lineDrop),
      KeyBinding(
        [.character("x")], "x", in: [.checkout], hint: "currency", help: "change currency",
        enabled: checkout.changeCurrencyEnabled, .checkout(.openCurrencyPicker)),
      KeyBinding(
        [.character("n")], "n/e/a", in: [.checkout], hint: "edit", helpLabel: "n e a",
        help: "edit name, email, address", .focus(.name)),
      KeyBinding([.character("e")], "e", in: [.checkout], .focus(.email)),
      KeyBinding([.character("a")], "a", in: [.checkout], .focus(.address)),
      KeyBinding(
        [.character("p")], "p", in: [.checkout], hint: "place order", help: "place order",
        enabled: form.placeOrderEnabled, .form(.submitOrder)),
      KeyBinding(
        [.character("b"), .escape], "b", in: [.checkout], hint: "back", helpLabel: "b or Esc",
        help: "back to the catalog", .checkout(.back)),
      KeyBinding([.character("o")], "o", in: [.checkout], hint: "orders", .history(.open)),
      KeyBinding(
        [.character("A")], "A", in: [.checkout], hint: "account",
        help: "account: sign up, rename, sign out (Tab moves, Enter runs, Esc closes)",
        .account(.open)),
      KeyBinding([.enter], "Enter", in: [.field(.filter)], hint: "keep", .focus(nil)),
      KeyBinding([.escape], "Esc", in: [.field(.filter)], hint: "clear", .clearFilter),
      KeyBinding([.enter, .tab], "Tab", in: formFields, hint: "next", .focus(next)),
      KeyBinding([.shiftTab], "Shift-Tab", in: formFields, .focus(previous)),
      KeyBinding([.escape], "Esc", in: formFields, hint: "done", .focus(nil)),
      // The account form takes its keys itself (AccountOverlay); these name them on the bar.
      KeyBinding([], "Tab", in: [.account], hint: "next", .focus(nil)),
      KeyBinding([], "Enter", in: [.account], hint: "run", .focus(nil)),
      KeyBinding([], "Esc", in: [.account], hint: "close", .focus(nil)),
      KeyBinding([.up], "↑", in: [.picker], .pickerMove(-1)),
      KeyBinding([.down], "↓", in: [.picker], .pickerMove(1)),
      KeyBinding([.escape], "Esc", in: [.picker], .checkout(.cancel)),
      KeyBinding([.enter], "Enter", in: [.picker], .pickerChoose),
      KeyBinding([.escape, .character("o")], "Esc", in: [.history], .history(.close)),
      KeyBinding([.up], "↑", in: [.history], .historyMove(-1)),
      KeyBinding([.down], "↓", in: [.history], .historyMove(1)),
      KeyBinding([.enter], "Enter", in: [.history], .expandOrder),
      KeyBinding([.enter, .escape], "Enter", in: [.confirmation], .form(.dismissConfirmation)),
    ])
  }

  func perform(_ command: KeyCommand) {
    let rows = ListRows(count: catalog.rows.count)
    switch command {
    case .move(let delta): list.move(by: delta, in: rows, visible: listHeight)
    case .page(let pages): list.move(by: pages * listHeight, in: rows, visible: listHeight)
    case .toStart: list.moveToStart(in: rows, visible: listHeight)
    case .toEnd: list.moveToEnd(in: rows, visible: listHeight)
    case .addOne: if let row = selectedRow { send(CatalogInput.add(id: row.id, quantity: 1)) }
    case .removeOne: if let row = selectedRow { send(CatalogInput.remove(id: row.id, quantity: 1)) }
    case .catalog(let input): send(input)
    case .checkout(let input): send(input)
    case .form(let input): send(input)
    case .history(let input): send(input)
    case .account(let input): send(input)
    case .focus(let field): focus = field
    case .clearFilter:
      fields[.filter]?.set("")
      send(.filter(text: ""))
      focus = nil
    case .pickerMove(let delta):
      let count = (checkout.currencyPicker?.choices.count ?? 0) + 1  // the choices, then Cancel
      pickerSelection = min(count - 1, max(0, pickerSelection + delta))
    case .pickerChoose:
      guard let picker = checkout.currencyPicker else { return }
      if pickerSelection < picker.choices.count {
        send(.select(code: picker.choices[pickerSelection].code))
      } else {
        send(CheckoutInput.cancel)
      }
    case .historyMove(let delta):
      historyPosition.move(by: delta, in: ListRows(count: history.rows.count), visible: 100)
    case .lineMove(let delta):
      linePosition.move(by: delta, in: ListRows(count: checkout.rows.count), visible: 100)
    case .lineAdd: if let line = selectedLine { send(CheckoutInput.add(id: line.id, quantity: 1)) }
    case .lineRemove:
      if let line = selectedLine { send(CheckoutInput.remove(id: line.id, quantity: 1)) }
    case .lineDrop: if let line = selectedLine { send(CheckoutInput.removeLine(id: line.id)) }
    case .expandOrder:
      guard history.rows.indices.contains(historyPosition.selection) else { return }
      let number = history.rows[historyPosition.selection].number
      expandedOrder = expandedOrder == number ? nil : number
    }
  }
}
