/// The money rules every checkout view model uses. Amounts are integer minor units (pence,
/// cents): exact, and formatted without locale or `NumberFormatter`.
public enum Money {
  /// `base` minor units of GBP in the currency of `rate`: multiplied exactly, then rounded
  /// once, half-up, to 2 decimals. 18192.5 (Peas in JPY) becomes 18193. A result beyond
  /// `Int`'s range (only reachable with a rate the decoder refuses) is clamped, never a trap.
  public static func convert(_ base: Int, rate: ScaledDecimal) -> Int {
    let product = Int128(base) * Int128(rate.units)
    guard rate.scale > 0 else { return Int(clamping: product) }
    let divisor = power10(min(rate.scale, 38))
    let magnitude = (product.magnitude + UInt128(divisor / 2)) / UInt128(divisor)
    return product < 0 ? Int(clamping: -Int128(clamping: magnitude)) : Int(clamping: magnitude)
  }

  /// "0.95 GBP", "1168.15 JPY": exactly 2 decimals, ".", no grouping, a space and the code.
  /// Never "-0.00".
  public static func format(_ minor: Int, code: String) -> String {
    "\(amountText(minor)) \(code)"
  }

  /// The number part of `format`: "0.95", "1234.50".
  public static func amountText(_ minor: Int) -> String {
    let magnitude = minor.magnitude
    let cents = magnitude % 100
    let text = "\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    return minor < 0 ? "-" + text : text
  }

  /// Pence for a catalog price string matching `^[0-9]{1,5}\.[0-9]{2}$`, else nil.
  public static func parsePrice(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard (4...8).contains(bytes.count), bytes[bytes.count - 3] == UInt8(ascii: ".") else {
      return nil
    }
    var value = 0
    for (index, byte) in bytes.enumerated() where index != bytes.count - 3 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func power10(_ exponent: Int) -> Int128 {
    var result: Int128 = 1
    for _ in 0..<exponent { result *= 10 }
    return result
  }
}

/// An amount of money as data: integer minor units and the currency's code. A front end that
/// writes data (the CLI's `--json`) writes it exactly, as a decimal string and a code.
public struct MoneyAmount: Equatable, Sendable, Codable {
  /// Minor units (pence, cents).
  public let minor: Int
  /// The ISO 4217 code: "GBP".
  public let currency: String

  public init(minor: Int, currency: String) {
    self.minor = minor
    self.currency = currency
  }

  /// "1.90": exactly 2 decimals, never "-0.00".
  public var amount: String { Money.amountText(minor) }
}

/// One line of a cart or an order as data: the product, how many, and what they cost.
public struct LineAmount: Equatable, Sendable, Codable {
  /// The product's id.
  public let productID: String
  /// The product's title.
  public let title: String
  /// How many.
  public let quantity: Int
  /// What they cost together.
  public let amount: MoneyAmount

  public init(productID: String, title: String, quantity: Int, amount: MoneyAmount) {
    self.productID = productID
    self.title = title
    self.quantity = quantity
    self.amount = amount
  }
}
