/// A currency and its rate: how many units of it one pound buys.
public struct Currency: Identifiable, Equatable, Hashable, Sendable {
  /// Three upper-case ASCII letters.
  public let code: String
  /// Units per 1 GBP, > 0; exactly 1 for GBP.
  public let rate: ScaledDecimal

  public init(code: String, rate: ScaledDecimal) {
    self.code = code
    self.rate = rate
  }

  public var id: String { code }

  /// Pounds sterling at 1.
  public static let gbp = Currency(code: "GBP", rate: ScaledDecimal(units: 1, scale: 0))

  /// `base` pence converted into this currency's minor units (see `Money.convert`).
  public func convert(_ base: Int) -> Int {
    Money.convert(base, rate: rate, minorUnits: minorUnits)
  }

  /// How many decimals the currency's amounts have (ISO 4217's minor units).
  public var minorUnits: Int { Self.minorUnits(of: code) }

  /// ISO 4217's minor units for `code`: 0 for currencies without a subdivision in use (JPY,
  /// KRW, ISK, …), 3 for the dinars and rials that have thousandths (BHD, KWD, OMR, …), else 2.
  public static func minorUnits(of code: String) -> Int {
    switch code {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
      "VND", "VUV", "XAF", "XOF", "XPF":
      0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
    case "CLF", "UYW": 4
    default: 2
    }
  }

  /// `base` pence, converted and formatted: "1.99 AUD".
  public func format(base: Int) -> String { Money.format(convert(base), code: code) }

  /// `base` pence, converted, as data.
  public func amount(base: Int) -> MoneyAmount { MoneyAmount(minor: convert(base), currency: code) }

  /// Whether a shop can charge in `code` (issue 51, item 6): not a precious metal (XAU, XAG,
  /// XPT, XPD), a fund or unit of account (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW, XDR,
  /// XSU, XUA, the bond units XBA–XBD) or a testing code (XTS, XXX). Of ISO 4217's X codes only
  /// the CFA, East Caribbean, Caribbean and CFP currencies are money a shop takes.
  public static func isChargeable(_ code: String) -> Bool {
    guard isValidCode(code) else { return false }
    if code.hasPrefix("X") { return ["XAF", "XCD", "XCG", "XOF", "XPF"].contains(code) }
    return !["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"].contains(code)
  }

  /// Whether every amount of `cart` keeps a value in this currency: no line and no total that
  /// is not nothing in pounds comes to nothing here once rounded to its minor units.
  public func keepsValue(of cart: Cart) -> Bool {
    cart.lines.allSatisfy { $0.baseAmount == 0 || convert($0.baseAmount) > 0 }
      && (cart.baseTotal == 0 || convert(cart.baseTotal) > 0)
  }

  /// Whether `code` is three upper-case ASCII letters.
  public static func isValidCode(_ code: String) -> Bool {
    code.utf8.count == 3 && code.utf8.allSatisfy { (65...90).contains($0) }
  }
}

/// Where a rates table came from.
public enum RatesOrigin: Equatable, Sendable {
  /// The rates service's answer now.
  case live
  /// The last answer kept on disk, as the service could not be had.
  case kept
  /// The bundled sample rates, as the session found no network and none were kept.
  case sample
}

/// A downloaded set of rates: GBP first, then by code, without duplicates.
public struct RatesTable: Equatable, Sendable {
  /// The rates' date, `YYYY-MM-DD`, when the response gave a valid one.
  public let date: String?
  public let currencies: [Currency]
  /// Where the table came from: the service now, the copy kept on disk from its last answer,
  /// or the bundled samples (no network).
  public var origin: RatesOrigin = .live

  public init(date: String?, currencies: [Currency], origin: RatesOrigin = .live) {
    self.date = date
    self.currencies = currencies
    self.origin = origin
  }

  /// The currency with `code`, if the table has it.
  public func currency(_ code: String) -> Currency? { currencies.first { $0.code == code } }
}
