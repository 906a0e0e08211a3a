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
      let code: String = row["currency"] ?? ""
      let units = Currency.minorUnits(of: code)
      guard units != 2, let number: Int = row["number"] else { continue }
      let rate = (row["rate"] as String?).flatMap { ScaledDecimal(text: $0) }
      let convert = { (pence: Int?, stored: Int?) -> Int? in
        if let rate, let pence { return Money.convert(pence, rate: rate, minorUnits: units) }
        return stored.map { rescale($0, to: units) }
      }
      try db.execute(
        sql: "UPDATE order_header SET total_minor = ? WHERE number = ?",
        arguments: [convert(row["base_total_minor"], row["total_minor"]), number])
      for line in try Row.fetchAll(
        db,
        sql: """
          SELECT position, quantity, unit_price_minor, amount_minor FROM order_line
          WHERE order_number = ?
          """, arguments: [number])
      {
        let quantity: Int? = line["quantity"]
        let unit: Int? = line["unit_price_minor"]
        let pence = quantity.flatMap { q in
          unit.flatMap { u in
            let (product, overflow) = q.multipliedReportingOverflow(by: u)
            return overflow ? nil : product
          }
        }
        try db.execute(
          sql: "UPDATE order_line SET amount_minor = ? WHERE order_number = ? AND position = ?",
          arguments: [convert(pence, line["amount_minor"]), number, line["position"] as Int?])
      }
    }
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
