import CheckoutFeature
import Foundation

// Checkout's values as `--json` writes them: money exact, counts as numbers, states by name
// (Docs/cli-json.schema.json).
extension JSONValue {
  /// `{"amount":"1.90","currency":"GBP"}`.
  static func money(_ amount: MoneyAmount) -> JSONValue {
    .object([("amount", .string(amount.amount)), ("currency", .string(amount.currency))])
  }

  /// A catalog row: id, position, title, price of one and quantity in the cart.
  static func catalogRow(_ row: CatalogRow) -> JSONValue {
    .object([
      ("id", .string(row.id)), ("number", .int(row.number)), ("title", .string(row.title)),
      ("price", .money(row.unitPrice)), ("quantity", .int(row.quantityValue)),
    ])
  }

  /// A cart or order line: the product, how many, and what they cost together.
  static func line(_ line: LineAmount) -> JSONValue {
    .object([
      ("id", .string(line.productID)), ("title", .string(line.title)),
      ("quantity", .int(line.quantity)), ("amount", .money(line.amount)),
    ])
  }

  /// A past order.
  static func order(_ row: OrderRow) -> JSONValue {
    .object([
      ("number", .int(row.number)), ("placedAt", .time(row.placedAt)),
      ("customer", .string(row.customer)), ("items", .int(row.itemCount)),
      ("total", .money(row.total)), ("lines", .array(row.items.map(line))),
    ])
  }

  /// A currency of the picker: its code, its rate's label, whether it is the one in use.
  static func currency(_ choice: CurrencyChoice) -> JSONValue {
    .object([
      ("code", .string(choice.code)), ("label", .string(choice.label)),
      ("current", .bool(choice.isCurrent)),
    ])
  }

  /// A form field's check: `{"state":"invalid","message":"…"}`, `{"state":"valid"}` or
  /// `{"state":"pristine"}`.
  static func field(_ status: FieldStatus) -> JSONValue {
    switch status {
    case .pristine: .object([("state", .string("pristine"))])
    case .valid: .object([("state", .string("valid"))])
    case .invalid(let message):
      .object([("state", .string("invalid")), ("message", .string(message))])
    }
  }
}

extension CLIValue {
  /// Money, or nothing yet.
  static func money(_ text: String, _ amount: MoneyAmount?) -> CLIValue {
    .data(text: text, json: amount.map(JSONValue.money) ?? .null)
  }

  /// A form field's check.
  static func field(_ status: FieldStatus) -> CLIValue {
    .data(text: status.text, json: .field(status))
  }
}
