import CheckoutFeature
import TerminalUI

extension CheckoutScreen {
  /// What a click can hit on the checkout tab.
  enum Target: Equatable {
    /// A catalog row, by its index in the catalog.
    case row(Int)
    /// The row's `[-]` and `[+]`.
    case decrease(Int), increase(Int)
    /// The buttons: Checkout (catalog), Back, Change currency and Place order (checkout).
    case checkout, back, currency, placeOrder
    /// A text field: the filter, or a field of the order form.
    case field(Field)
  }

  /// The wheel moves the catalog's selection three rows; a click selects a row, presses
  /// `[-]`, `[+]` or a button, or focuses a field (a click elsewhere leaves the field). While
  /// a dialog is open (the account, the orders, the picker, the confirmation) clicks do
  /// nothing: its keys are the way through it.
  func handle(_ event: MouseEvent) -> KeyOutcome {
    guard accountOverlay == nil, !historyOpen, form.confirmation == nil,
      checkout.currencyPicker == nil
    else { return .handled }
    let rows = ListRows(count: catalog.rows.count)
    switch event.action {
    case .wheelUp, .wheelDown:
      guard mode != .checkout else { return .handled }
      list.move(by: event.action == .wheelUp ? -3 : 3, in: rows, visible: listHeight)
    case .click:
      // What is under the click, from the same drawing at the terminal's size.
      let canvas = MemoryCanvas(width: size.columns, height: size.rows)
      let targets = frame(Painter(canvas: canvas, ascii: false, color: false))
      let target = targets.target(atRow: event.row, column: event.column)
      if case .field(let field) = target {
        focus = field
        return .handled
      }
      focus = nil
      switch target {
      case .row(let index)?: list.select(index, in: rows, visible: listHeight)
      case .decrease(let index)?:
        list.select(index, in: rows, visible: listHeight)
        if let row = selectedRow { send(CatalogInput.remove(id: row.id, quantity: 1)) }
      case .increase(let index)?:
        list.select(index, in: rows, visible: listHeight)
        if let row = selectedRow { send(CatalogInput.add(id: row.id, quantity: 1)) }
      case .checkout?: send(CatalogInput.checkout)
      case .back?: send(CheckoutInput.back)
      case .currency?: openCurrencyPicker()
      case .placeOrder?: send(.submitOrder)
      case .field?, nil: break
      }
    }
    return .handled
  }
}
