import GRDB

/// Migration `v3-minor-units` of the checkout store (issue 42): orders kept every amount in
/// hundredths whatever the currency, and amounts are now in the currency's own minor units
/// (whole yen, thousandths of a dinar). Each stored order in such a currency has its total and
/// line amounts computed again from its pence and its kept rate, rounded once, as a new order
/// is; an order whose rate text cannot be read has its amounts rescaled instead.
enum OrderAmountsMigration {
  static func toMinorUnits(_ db: Database) throws {
    for row in try Row.fetchAll(
      db, sql: "SELECT number, currency, rate, base_total_minor, total_minor FROM order_header")
    {
      let code = read(String.self, "currency", row) ?? ""
      let units = Currency.minorUnits(of: code)
      guard units != 2, let number = read(Int.self, "number", row) else { continue }
      let rate = read(String.self, "rate", row).flatMap { ScaledDecimal(text: $0) }
      let convert = { (pence: Int?, stored: Int?) -> Int? in
        if let rate, let pence { return Money.convert(pence, rate: rate, minorUnits: units) }
        return stored.map { rescale($0, to: units) }
      }
      try db.execute(
        sql: "UPDATE order_header SET total_minor = ? WHERE number = ?",
        arguments: [
          convert(read(Int.self, "base_total_minor", row), read(Int.self, "total_minor", row)),
          number,
        ])
      for line in try Row.fetchAll(
        db,
        sql: """
          SELECT position, quantity, unit_price_minor, amount_minor FROM order_line
          WHERE order_number = ?
          """, arguments: [number])
      {
        let quantity = read(Int.self, "quantity", line)
        let unit = read(Int.self, "unit_price_minor", line)
        let pence = quantity.flatMap { q in
          unit.flatMap { u in
            let (product, overflow) = q.multipliedReportingOverflow(by: u)
            return overflow ? nil : product
          }
        }
        try db.execute(
          sql: "UPDATE order_line SET amount_minor = ? WHERE order_number = ? AND position = ?",
          arguments: [
            convert(pence, read(Int.self, "amount_minor", line)), number,
            read(Int.self, "position", line),
          ])
      }
    }
  }

  /// A column's value, or nil when it is NULL or of another type (edited by hand): read by
  /// GRDB's throwing decode, never its trapping subscript.
  private static func read<T: DatabaseValueConvertible>(
    _ type: T.Type, _ column: String, _ row: Row
  )
    -> T?
  {
    (try? row.decode(T?.self, forColumn: column)) ?? nil
  }

  /// Hundredths as `units` decimals, rounded half-up once.
  static func rescale(_ hundredths: Int, to units: Int) -> Int {
    switch units {
    case 0:
      let magnitude = (hundredths.magnitude + 50) / 100
      return hundredths < 0 ? -Int(magnitude) : Int(magnitude)
    case 2: return hundredths
    default:
      var value = hundredths
      for _ in 2..<max(units, 3) { value = value.multipliedReportingOverflow(by: 10).partialValue }
      return value
    }
  }
}
