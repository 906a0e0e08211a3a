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

/// An amount of money as data: integer minor units and the currency's code. On the wire (the
/// CLI's `--json`, a screen's encoded state) it is exact: `{"amount": "1.90", "currency": "GBP"}`,
/// the amount a decimal string, never a binary floating-point number.
public struct MoneyAmount: Equatable, Sendable {
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

extension MoneyAmount: Codable {
  private enum CodingKeys: String, CodingKey { case amount, currency }

  /// `{"amount": "1.90", "currency": "GBP"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amount, forKey: .amount)
    try container.encode(currency, forKey: .currency)
  }

  /// Reads what `encode(to:)` writes: an optional `-`, digits, `.` and exactly 2 digits,
  /// within `Int`'s range; anything else is refused as corrupt.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .amount)
    guard let minor = Self.minor(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .amount, in: container, debugDescription: "Not an amount with 2 decimals")
    }
    self.init(minor: minor, currency: try container.decode(String.self, forKey: .currency))
  }

  /// Minor units of `"-12.34"`, or nil.
  private static func minor(_ text: String) -> Int? {
    let negative = text.hasPrefix("-")
    let parts = text.dropFirst(negative ? 1 : 0)
      .split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 2, !parts[0].isEmpty,
      (parts[0] + parts[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
      let whole = Int(parts[0]), let cents = Int(parts[1])
    else { return nil }
    let scaled = whole.multipliedReportingOverflow(by: 100)
    let sum = scaled.partialValue.addingReportingOverflow(cents)
    guard !scaled.overflow, !sum.overflow else { return nil }
    return negative ? -sum.partialValue : sum.partialValue
  }
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

  /// On the wire the product's id is `id`.
  enum CodingKeys: String, CodingKey {
    case productID = "id"
    case title, quantity, amount
  }

  public init(productID: String, title: String, quantity: Int, amount: MoneyAmount) {
    self.productID = productID
    self.title = title
    self.quantity = quantity
    self.amount = amount
  }
}
