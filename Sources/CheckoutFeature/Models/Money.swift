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
