/// The money rules every checkout view model uses. Amounts are integer minor units (pence,
/// cents, whole yen: as many decimals as ISO 4217 gives the currency), exact, and formatted
/// without locale or `NumberFormatter`.
public enum Money {
  /// `base` minor units of GBP in the currency of `rate`, in that currency's `minorUnits`
  /// (ISO 4217: 2 for most, 0 for JPY and KRW, 3 for BHD): multiplied exactly, then rounded
  /// once, half-up, at the end. 18192.5 JPY (peas) becomes 18193 yen. A result beyond `Int`'s
  /// range (only reachable with a rate the decoder refuses) is clamped, never a trap.
  public static func convert(_ base: Int, rate: ScaledDecimal, minorUnits: Int = 2) -> Int {
    // base is in hundredths of a pound: the result is base × rate × 10^minorUnits / 100.
    let units = min(max(minorUnits, 0), 18)
    var (product, overflow) = Int128(base).multipliedReportingOverflow(by: Int128(rate.units))
    let scaled = product.multipliedReportingOverflow(by: power10(units))
    (product, overflow) = (scaled.partialValue, overflow || scaled.overflow)
    if overflow { return base < 0 ? Int.min : Int.max }
    let divisor = power10(min(rate.scale + 2, 38))
    let magnitude = (product.magnitude + UInt128(divisor / 2)) / UInt128(divisor)
    return product < 0 ? Int(clamping: -Int128(clamping: magnitude)) : Int(clamping: magnitude)
  }

  /// "0.95 GBP", "761 JPY", "0.125 BHD": the currency's own decimals, ".", no grouping, a space
  /// and the code. Never "-0.00".
  public static func format(_ minor: Int, code: String) -> String {
    "\(amountText(minor, minorUnits: Currency.minorUnits(of: code))) \(code)"
  }

  /// The number part of `format`: "0.95", "1234.50", "761" (with `minorUnits` decimals).
  public static func amountText(_ minor: Int, minorUnits: Int = 2) -> String {
    let units = min(max(minorUnits, 0), 18)
    let magnitude = minor.magnitude
    guard units > 0 else { return minor < 0 ? "-\(magnitude)" : "\(magnitude)" }
    let divisor = UInt(power10(units))
    let fraction = String(magnitude % divisor)
    let text =
      "\(magnitude / divisor)." + String(repeating: "0", count: units - fraction.count) + fraction
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

  static func power10(_ exponent: Int) -> Int128 {
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

  /// "1.90", "761": the currency's own decimals (ISO 4217), never "-0.00".
  public var amount: String {
    Money.amountText(minor, minorUnits: Currency.minorUnits(of: currency))
  }
}

extension MoneyAmount: Codable {
  private enum CodingKeys: String, CodingKey { case amount, currency }

  /// `{"amount": "1.90", "currency": "GBP"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(amount, forKey: .amount)
    try container.encode(currency, forKey: .currency)
  }

  /// Reads what `encode(to:)` writes: an optional `-`, digits, and the currency's decimals
  /// after a `.` (none for JPY), within `Int`'s range; anything else is refused as corrupt.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .amount)
    let currency = try container.decode(String.self, forKey: .currency)
    guard let minor = Self.minor(text, decimals: Currency.minorUnits(of: currency)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .amount, in: container,
        debugDescription: "Not an amount with \(currency)'s decimals")
    }
    self.init(minor: minor, currency: currency)
  }

  /// Minor units of `"-12.34"` (with `decimals` digits after the point, none and no point
  /// for 0), or nil.
  private static func minor(_ text: String, decimals: Int) -> Int? {
    let negative = text.hasPrefix("-")
    let parts = text.dropFirst(negative ? 1 : 0)
      .split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count == 2 ? parts[1] : ""
    guard parts.count == (decimals == 0 ? 1 : 2), fraction.count == decimals, !parts[0].isEmpty,
      (parts[0] + fraction).allSatisfy({ $0.isASCII && $0.isNumber }),
      parts[0].count <= 19, let whole = Int(parts[0])
    else { return nil }
    let scaled = whole.multipliedReportingOverflow(by: Int(Money.power10(decimals)))
    let sum = scaled.partialValue.addingReportingOverflow(Int(fraction) ?? 0)
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
