import Foundation

/// Who an order is for; every field is stored trimmed.
public struct Customer: Equatable, Sendable {
  public let name: String
  public let email: String
  public let address: String

  public init(name: String, email: String, address: String) {
    self.name = name
    self.email = email
    self.address = address
  }
}

/// One product of an order, with the amounts in force when it was placed.
public struct OrderLine: Equatable, Sendable {
  public let productID: String
  public let title: String
  public let quantity: Int
  /// The GBP unit price, in pence.
  public let unitPriceMinor: Int
  /// price × quantity converted into the order currency, in its minor units.
  public let amountMinor: Int

  public init(
    productID: String, title: String, quantity: Int, unitPriceMinor: Int, amountMinor: Int
  ) {
    self.productID = productID
    self.title = title
    self.quantity = quantity
    self.unitPriceMinor = unitPriceMinor
    self.amountMinor = amountMinor
  }

  public var unitPrice: Decimal { Decimal(unitPriceMinor) / 100 }
  /// `amountMinor` in the order currency's major units (`minorUnits`: its decimals).
  public func amount(minorUnits: Int) -> Decimal {
    Decimal(amountMinor) / Decimal(Int(Money.power10(min(max(minorUnits, 0), 18))))
  }
}

/// An order ready to be saved.
public struct OrderDraft: Equatable, Sendable {
  public let placedAt: Date
  public let customer: Customer
  public let currency: Currency
  /// In catalog order.
  public let lines: [OrderLine]
  /// In pence.
  public let baseTotalMinor: Int
  /// In the order currency's minor units: the converted base total.
  public let totalMinor: Int

  public init(
    placedAt: Date, customer: Customer, currency: Currency, lines: [OrderLine],
    baseTotalMinor: Int, totalMinor: Int
  ) {
    self.placedAt = placedAt
    self.customer = customer
    self.currency = currency
    self.lines = lines
    self.baseTotalMinor = baseTotalMinor
    self.totalMinor = totalMinor
  }

  public var baseTotal: Decimal { Decimal(baseTotalMinor) / 100 }
  public var total: Decimal {
    Decimal(totalMinor) / Decimal(Int(Money.power10(min(max(currency.minorUnits, 0), 18))))
  }
  /// The sum of the quantities.
  public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
}

/// A saved order: a draft plus the number storage assigned to it.
public struct Order: Identifiable, Equatable, Sendable {
  /// ≥ 1, sequential per data directory.
  public let number: Int
  public let draft: OrderDraft

  public init(number: Int, draft: OrderDraft) {
    self.number = number
    self.draft = draft
  }

  public var id: Int { number }
}
