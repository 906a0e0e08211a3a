import Foundation

/// Reads a rates body in the public exchange-rate API format:
/// `{"base":"GBP","date":"2025-01-15","rates":{"USD":1.43,...}}`.
///
/// Entries that are not usable (a key that is not 3 upper-case letters, a value that is not a
/// number within `usableRange`, GBP itself) are skipped; the body fails only as a whole.
public enum RatesDecoder {
  /// The rates the app converts with. Outside it a rate is a server's mistake, and with it
  /// every price × rate stays far from `Int.max`.
  public static let usableRange = 1e-6...1e6

  private struct Body: Decodable {
    let success: Bool?
    let error: APIError?
    let base: String?
    let date: Loose<String>?
    let rates: [String: Loose<Double>]?
  }

  private struct APIError: Decodable {
    let code: Int?
  }

  /// A value that is kept when it has the expected type, and ignored otherwise.
  private enum Loose<T: Decodable>: Decodable {
    case value(T)
    case other

    init(from decoder: any Decoder) throws {
      self = (try? decoder.singleValueContainer().decode(T.self)).map(Loose.value) ?? .other
    }

    var value: T? {
      if case .value(let v) = self { return v }
      return nil
    }
  }

  public static func decode(_ data: Data) throws(RatesError) -> RatesTable {
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else { throw .malformed }
    if body.success == false { throw .api(code: body.error?.code) }
    guard let base = body.base else { throw .malformed }
    guard base == Currency.gbp.code else { throw .wrongBase(base) }
    guard let rates = body.rates else { throw .malformed }
    var currencies: [Currency] = []
    for (code, entry) in rates where code != Currency.gbp.code && Currency.isChargeable(code) {
      guard let number = entry.value, usableRange.contains(number),
        let rate = ScaledDecimal(jsonNumber: number), rate.isPositive
      else { continue }
      currencies.append(Currency(code: code, rate: rate))
    }
    guard !currencies.isEmpty else { throw .malformed }
    currencies.sort { $0.code < $1.code }
    return RatesTable(date: body.date?.value.flatMap(validDate), currencies: [.gbp] + currencies)
  }

  /// `text` when it is a `YYYY-MM-DD` date, else nil.
  static func validDate(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    for (offset, byte) in bytes.enumerated() where offset != 4 && offset != 7 {
      guard (48...57).contains(byte) else { return nil }
    }
    let month = Int(text.dropFirst(5).prefix(2)) ?? 0
    let day = Int(text.suffix(2)) ?? 0
    return (1...12).contains(month) && (1...31).contains(day) ? text : nil
  }
}
