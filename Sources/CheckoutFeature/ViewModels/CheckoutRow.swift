/// One line of the checkout list: "2 Bag of Peas for 1.90 GBP".
public struct CheckoutRow: Identifiable, Equatable, Sendable, Codable {
  /// The product id.
  public let id: String
  public let quantity: Int
  public let text: String
}

/// One choice of the currency picker: "AUD  2.09".
public struct CurrencyChoice: Identifiable, Equatable, Sendable, Codable {
  public let code: String
  public let label: String
  /// Whether this is the currency in use.
  public let isCurrent: Bool

  public var id: String { code }
}

/// The open currency picker.
public struct CurrencyPicker: Equatable, Sendable {
  /// "Change Currency".
  public let title: String
  /// "Please choose your currency".
  public let prompt: String
  /// "Rates of 2025-01-15", or "".
  public let ratesDate: String
  /// GBP first, then A→Z.
  public let choices: [CurrencyChoice]
}

/// Where the checkout screen asks to go.
public enum CheckoutRoute: Equatable, Sendable {
  case back
}
