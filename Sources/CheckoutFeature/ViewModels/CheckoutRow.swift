/// One line of the checkout list: "2 Bag of Peas for 1.90 GBP".
public struct CheckoutRow: Identifiable, Equatable, Sendable, Codable {
  /// The product id.
  public let id: String
  /// How many.
  public let quantity: Int
  /// "2 Bag of Peas for 1.90 GBP".
  public let text: String
  /// The line as data.
  public let line: LineAmount

  /// On the wire the row's text is `text` and its data `line`; `quantity` is the line's.
  enum CodingKeys: String, CodingKey { case id, quantity, text, line }
}

/// One choice of the currency picker: "AUD  2.09".
public struct CurrencyChoice: Identifiable, Equatable, Sendable, Codable {
  public let code: String
  public let label: String
  /// Whether this is the currency in use.
  public let isCurrent: Bool

  public var id: String { code }

  /// On the wire, `{"code": "AUD", "label": "AUD  2.09", "current": false}`.
  enum CodingKeys: String, CodingKey {
    case code, label
    case isCurrent = "current"
  }

  /// The picker's line: the label, with ` *` after the currency in use (`GBP  1.00 *`).
  public var line: String { isCurrent ? label + " *" : label }
}

/// The open currency picker.
public struct CurrencyPicker: Equatable, Sendable, Codable {
  /// "Change Currency".
  public let title: String
  /// "Please choose your currency".
  public let prompt: String
  /// "Rates of 2025-01-15", or "".
  public let ratesDate: String
  /// GBP first, then A→Z.
  public let choices: [CurrencyChoice]

  /// Type-ahead: the index of the next choice after `index` (wrapping round, `index` itself
  /// last) whose code starts with `letter`, in any case; nil when none does.
  public func choice(startingWith letter: Character, after index: Int) -> Int? {
    guard !choices.isEmpty else { return nil }
    let target = letter.uppercased()
    let start = min(max(index, 0), choices.count - 1)
    return (1...choices.count).lazy.map { (start + $0) % self.choices.count }
      .first { self.choices[$0].code.hasPrefix(target) }
  }
}

/// Builds checkout rows, reusing the text of every line whose quantity and currency did not
/// change: a cart edit formats one line, not the whole cart.
final class CheckoutRowCache {
  private var currency: Currency?
  private var built: [String: CheckoutRow] = [:]

  func rows(cart: Cart, currency: Currency) -> [CheckoutRow] {
    if currency != self.currency {
      self.currency = currency
      built = [:]
    }
    var next: [String: CheckoutRow] = [:]
    next.reserveCapacity(cart.lines.count)
    let rows = cart.lines.map { line -> CheckoutRow in
      if let row = built[line.id], row.quantity == line.quantity {
        next[line.id] = row
        return row
      }
      let row = CheckoutRow(
        id: line.id, quantity: line.quantity,
        text:
          "\(line.quantity) \(line.product.title) for \(currency.format(base: line.baseAmount))",
        line: LineAmount(
          productID: line.id, title: line.product.title, quantity: line.quantity,
          amount: currency.amount(base: line.baseAmount)))
      next[line.id] = row
      return row
    }
    built = next
    return rows
  }
}
