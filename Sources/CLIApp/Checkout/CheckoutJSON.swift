import CheckoutFeature
import Foundation

// Checkout's values as `--json` writes them: each the wire form of the state's own field
// (Docs/WireFormat.md, Docs/cli-json.schema.json).
extension CLIValue {
  /// Money, or nothing yet.
  static func money(_ text: String, _ amount: MoneyAmount?) -> CLIValue {
    .data(text: text, json: .encoded(amount))
  }

  /// A form field's check.
  static func field(_ status: FieldStatus) -> CLIValue {
    .data(text: status.text, json: .encoded(status))
  }
}
