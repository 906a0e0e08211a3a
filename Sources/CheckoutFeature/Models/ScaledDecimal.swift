import Foundation

/// An exact decimal number as an integer count of 10^-scale units: 1.1235 is (11235, 4).
///
/// It is how money and rates are computed without `Double` or locale-aware formatting.
public struct ScaledDecimal: Hashable, Sendable {
  /// The digits, as an integer.
  public let units: Int64
  /// How many of those digits are decimals (0...18).
  public let scale: Int

  public init(units: Int64, scale: Int) {
    self.units = units
    self.scale = scale
  }

  /// The exact value of plain decimal text such as "2.09", "191.5" or "1"; nil for
  /// anything else (signs, exponents, more than 18 decimals or digits that do not fit).
  public init?(text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty,
      whole.allSatisfy(\.isASCIIDigit)
    else { return nil }
    var fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else {
      return nil
    }
    while fraction.count > 1, fraction.last == "0" { fraction = fraction.dropLast() }
    guard fraction.count <= 18, let units = Int64(whole + fraction) else { return nil }
    self.init(units: units, scale: fraction.count)
  }

  /// The exact value of a JSON number as `JSONSerialization` read it: its shortest
  /// round-trip text, which matches the JSON text for up to 15 significant digits.
  public init?(jsonNumber value: Double) {
    guard value.isFinite else { return nil }
    guard let decimal = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    self.init(text: NSDecimalNumber(decimal: decimal).description(withLocale: nil))
  }

  /// The same value as a Foundation `Decimal`.
  public var decimal: Decimal {
    Decimal(
      sign: units < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(units.magnitude))
  }

  public var isPositive: Bool { units > 0 }

  /// The value with at least `minimumDecimals` decimals and no trailing zeros beyond them:
  /// "1.00", "2.09", "1.1235", "191.50". No grouping, always ".".
  public func text(minimumDecimals: Int) -> String {
    var digits = String(units.magnitude)
    if digits.count <= scale {
      digits = String(repeating: "0", count: scale - digits.count + 1) + digits
    }
    var whole = String(digits.dropLast(scale))
    var fraction = String(digits.suffix(scale))
    while fraction.count > minimumDecimals, fraction.last == "0" { fraction.removeLast() }
    while fraction.count < minimumDecimals { fraction.append("0") }
    if units < 0 { whole = "-" + whole }
    return fraction.isEmpty ? whole : whole + "." + fraction
  }

  public static func == (lhs: ScaledDecimal, rhs: ScaledDecimal) -> Bool {
    lhs.normalized.units == rhs.normalized.units && lhs.normalized.scale == rhs.normalized.scale
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(normalized.units)
    hasher.combine(normalized.scale)
  }

  private var normalized: (units: Int64, scale: Int) {
    var (units, scale) = (units, scale)
    while scale > 0, units % 10 == 0 {
      units /= 10
      scale -= 1
    }
    return (units, scale)
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
