import CheckoutFeature
import TerminalUI
import TextColumns
import ViewModelKit

// How the checkout tab draws what its view models last said: the catalog, the checkout with
// its form, and over them the currency picker, the confirmation and the order history.

extension CheckoutScreen {
  public func draw(_ painter: Painter) { _ = frame(painter) }

  /// Draws the tab and answers what a click can hit in what it drew: one pass, from the
  /// states, the size and the screen's own selection and focus, writing nothing back. A click
  /// asks the same function again, on a canvas of the terminal's size that no one sees.
  func frame(_ painter: Painter) -> ClickTargets<Target> {
    var targets = ClickTargets<Target>()
    switch mode {
    case .catalog, .history, .account: drawCatalog(painter, &targets)
    case .checkout: drawCheckout(painter, &targets)
    }
    toast.draw(painter, row: painter.height - 2)
    if let picker = checkout.currencyPicker { drawPicker(painter, picker) }
    if let confirmation = form.confirmation {
      Modal.draw(
        painter, title: "Order placed", lines: [confirmation, "", "[ OK ]"], highlighted: 2)
    }
    if historyOpen { drawHistory(painter) }
    accountOverlay?.draw(painter, state: account)
    return targets
  }

  /// Where the catalog's Price and Qty columns start. Up to 80 columns, the spec's layout
  /// (Price at 37 and Qty 18 from the right at 80, moving with the width). Wider, the columns
  /// stay where they are at 80 unless the widest title or price needs more room, so a wide
  /// terminal does not spread the table 85 columns apart (issue 29, item 4).
  private func catalogColumns(width: Int) -> (price: Int, quantity: Int) {
    let proportional = (price: 37 + (width - 80) / 2, quantity: width - 18)
    guard width > 80 else { return proportional }
    let titles = catalog.rows.map { TextWidth.of($0.title) }.max() ?? 0
    let prices = catalog.rows.map { TextWidth.of($0.price) }.max() ?? 0
    let price = max(37, 7 + titles + 3)
    let quantity = max(62, price + prices + 3)
    return quantity <= proportional.quantity ? (price, quantity) : proportional
  }

  private func drawCatalog(_ painter: Painter, _ targets: inout ClickTargets<Target>) {
    let width = painter.width
    let narrow = width < 60
    TitleLine.draw(
      painter, title: catalog.title, spinnerTick: catalog.isLoading ? spinner.tick : nil,
      status: "\(catalog.cartCount) in cart")
    painter.rule(row: 2)
    let (priceColumn, quantityColumn) = catalogColumns(width: width)
    let titleWidth = (narrow ? quantityColumn : priceColumn) - 8
    if focus == .filter || !(fields[.filter]?.text.isEmpty ?? true) {
      painter.text(" Filter", row: 3, column: 0, style: .bold)
      fields[.filter]?.draw(
        painter, row: 3, column: 9, width: min(40, width - 10), focused: focus == .filter)
      targets.add(.field(.filter), row: 3, column: 0, width: 9 + min(40, width - 10))
    } else {
      painter.text("    #  Product", row: 3, column: 0, style: .bold)
      if !narrow { painter.text("Price", row: 3, column: priceColumn, style: .bold) }
      painter.text("Qty", row: 3, column: quantityColumn + 4, style: .bold)
    }
    let firstRow = 4
    // The list as the keys left it, seen through the rows that fit now.
    let list = list.clamped(in: ListRows(count: catalog.rows.count), visible: listHeight)
    if catalog.rows.isEmpty && !catalog.emptyText.isEmpty {
      painter.fitted("  " + catalog.emptyText, row: firstRow, column: 0, width: width, style: .dim)
    }
    for (offset, row) in catalog.rows.dropFirst(list.offset).prefix(listHeight).enumerated() {
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
      let index = list.offset + offset
      targets.add(.row(index), row: y, column: 0, width: width)
      targets.add(.decrease(index), row: y, column: quantityColumn, width: 3)
      targets.add(.increase(index), row: y, column: quantityColumn + 7, width: 3)
    }
    painter.rule(row: painter.height - 4)
    // Amounts are never cut: the button gives way when the line is full.
    var totalText = " " + catalog.total
    if narrow, let row = selectedRow {
      totalText += "  " + row.priceEach
    }
    painter.text(totalText, row: painter.height - 3, column: 0, style: .bold)
    let buttonColumn = max(width - 16, TextWidth.of(totalText) + 1)
    if buttonColumn + Button.width("Checkout") <= width {
      Button.draw(
        painter, "Checkout", enabled: catalog.checkoutEnabled, row: painter.height - 3,
        column: buttonColumn
      )
      targets.add(
        .checkout, row: painter.height - 3, column: buttonColumn,
        width: Button.width("Checkout"))
    }
  }

  private func drawCheckout(_ painter: Painter, _ targets: inout ClickTargets<Target>) {
    let width = painter.width
    let height = painter.height
    let compact = height < 20
    TitleLine.draw(
      painter, title: checkout.title,
      spinnerTick: (checkout.isLoading || form.isPlacing) ? spinner.tick : nil,
      status: checkout.currency)
    painter.rule(row: 2)
    let formRows = compact ? 2 : 5
    let totalRow = height - 3 - formRows - 1
    let listBottom = totalRow - 1
    let cartRows = checkout.rows
    if cartRows.isEmpty {
      painter.fitted("  " + checkout.emptyText, row: 3, column: 0, width: width, style: .dim)
    }
    let selected = min(max(linePosition.selection, 0), max(cartRows.count - 1, 0))
    for (index, row) in cartRows.prefix(max(0, listBottom - 3)).enumerated() {
      let isSelected = index == selected && focus == nil
      painter.fitted(
        "  " + row.text, row: 3 + index, column: 0, width: width,
        style: isSelected ? .reverse : .plain)
      if isSelected { painter.text(">", row: 3 + index, column: 0, style: .bold) }
    }
    if cartRows.count > listBottom - 3, listBottom - 3 > 0 {
      painter.fitted(
        "  … \(cartRows.count - (listBottom - 4)) more", row: listBottom - 1, column: 0,
        width: width, style: .dim)
    }
    painter.rule(row: listBottom)
    // Total line: total, then the buttons on the right.
    let notice = checkout.offlineNotice
    let currencyLabel = notice.isEmpty ? "Change currency" : notice
    var right = width - 1
    if width >= 60 {
      right -= Button.width("Back")
      Button.draw(painter, "Back", enabled: true, row: totalRow, column: right)
      targets.add(.back, row: totalRow, column: right, width: Button.width("Back"))
      right -= 3
    }
    let currencyWidth = min(
      Button.width(currencyLabel), max(0, right - TextWidth.of(checkout.total) - 3))
    if currencyWidth >= 8 {
      let label = TextWidth.truncate(
        currencyLabel, to: currencyWidth - 4, ellipsis: painter.ellipsis)
      Button.draw(
        painter, label, enabled: checkout.changeCurrencyEnabled, row: totalRow,
        column: right - currencyWidth)
      targets.add(.currency, row: totalRow, column: right - currencyWidth, width: currencyWidth)
    }
    painter.text(" " + checkout.total, row: totalRow, column: 0, style: .bold)
    // The form.
    var row = totalRow + 1
    if !compact {
      painter.rule(row: row)
      row += 1
    }
    let shownFields: [Field] = compact ? [focus ?? .name] : [.name, .email, .address]
    for field in shownFields {
      drawField(painter, field, row: row, &targets)
      row += 1
    }
    let placeEnd = Button.draw(
      painter, "Place order", enabled: form.placeOrderEnabled, row: row, column: 1)
    targets.add(.placeOrder, row: row, column: 1, width: placeEnd - 1)
    painter.fitted(
      form.placeOrderHint, row: row, column: placeEnd + 2, width: max(0, width - placeEnd - 3),
      style: .dim)
    if !compact { painter.rule(row: height - 3) }
  }

  private func drawField(
    _ painter: Painter, _ field: Field, row: Int, _ targets: inout ClickTargets<Target>
  ) {
    let label = ["Filter", "Name", "Email", "Address"][field.rawValue]
    painter.text(" " + label, row: row, column: 0)
    let fieldWidth = min(32, max(10, painter.width - 22))
    fields[field]?.draw(painter, row: row, column: 10, width: fieldWidth, focused: focus == field)
    targets.add(.field(field), row: row, column: 0, width: 10 + fieldWidth)
    let status: FieldStatus =
      switch field {
      case .filter: .pristine
      case .name: form.nameStatus
      case .email: form.emailStatus
      case .address: form.addressStatus
      }
    let style: TextStyle = status == .valid ? .success : (status.isValid ? .plain : .error)
    painter.fitted(
      status.text, row: row, column: 10 + fieldWidth + 2,
      width: max(0, painter.width - fieldWidth - 13), style: style)
  }

  private func drawPicker(_ painter: Painter, _ picker: CurrencyPicker) {
    var lines = [picker.prompt]
    if !picker.ratesDate.isEmpty { lines.append(picker.ratesDate) }
    let header = lines.count
    lines += picker.choices.map(\.line)
    lines.append("Cancel")
    Modal.draw(painter, title: picker.title, lines: lines, highlighted: header + pickerSelection)
  }

  private func drawHistory(_ painter: Painter) {
    var lines: [String] = []
    var highlighted: Int?
    if history.rows.isEmpty {
      lines.append(history.emptyText.isEmpty ? "Loading…" : history.emptyText)
    }
    for (index, order) in history.rows.enumerated() {
      if index == historyPosition.selection { highlighted = lines.count }
      lines.append(order.summary)
      if expandedOrder == order.number {
        lines.append("  " + order.customer)
        lines.append("  " + order.shipTo)
        lines += order.lines.map { "  " + $0 }
      }
    }
    lines += ["", "Enter details  Esc close"]
    Modal.draw(painter, title: "Order history", lines: lines, highlighted: highlighted)
  }
}
