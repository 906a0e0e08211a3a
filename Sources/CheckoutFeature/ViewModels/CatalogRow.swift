import Foundation
import ViewModelKit

/// One line of the catalog list, ready to draw.
public struct CatalogRow: Identifiable, Equatable, Sendable, Codable {
  /// The product id.
  public let id: String
  /// The 1-based catalog position.
  public let number: Int
  /// "Bag of Peas".
  public let title: String
  /// "For only 0.95 GBP".
  public let price: String
  /// The quantity in the cart, as text: "0", "2".
  public let quantity: String
  /// The quantity in the cart.
  public let quantityValue: Int
  /// The price of one, as data.
  public let unitPrice: MoneyAmount

  /// On the wire, data under the plain names (`price` is money, `quantity` a number) and the
  /// display texts under `…Text`.
  enum CodingKeys: String, CodingKey {
    case id, number, title
    case price = "priceText"
    case quantity = "quantityText"
    case quantityValue = "quantity"
    case unitPrice = "price"
  }

  /// The price of one, short and labelled, for where the Price column does not fit (the
  /// narrow total line, beside the total in the same currency): "0.95 each".
  public var priceEach: String { unitPrice.amount + " each" }

  static let pricePrefix = "For only "
}

/// Builds catalog rows, rebuilding only what a change touches: a currency change re-prices
/// every row, a cart change rebuilds just the rows whose quantity moved.
final class CatalogRowCache {
  private var products: [Product] = []
  private var currency: Currency?
  private var quantities: [String: Int] = [:]
  private var positions: [String: Int] = [:]
  private var lowercasedTitles: [[UInt8]] = []
  private(set) var allRows: [CatalogRow] = []
  /// Bumped whenever the rows returned may differ from the previous call's.
  private(set) var version = 0
  private var lastFilter = ""

  func rows(products: [Product], cart: Cart, currency: Currency, filter: String) -> [CatalogRow] {
    let newQuantities = Dictionary(uniqueKeysWithValues: cart.lines.map { ($0.id, $0.quantity) })
    if products != self.products || currency != self.currency {
      self.products = products
      self.currency = currency
      positions = Dictionary(
        products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
      lowercasedTitles = products.map { Array($0.title.lowercased().utf8) }
      version += 1
      allRows = products.enumerated().map { index, product in
        row(
          product, number: index + 1, quantity: newQuantities[product.id] ?? 0, currency: currency)
      }
    } else if newQuantities != quantities {
      version += 1
      let touched = Set(newQuantities.keys).union(quantities.keys)
      for id in touched where newQuantities[id] != quantities[id] {
        guard let index = positions[id] else { continue }
        allRows[index] = row(
          products[index], number: index + 1, quantity: newQuantities[id] ?? 0, currency: currency)
      }
    }
    quantities = newQuantities
    let needle = filter.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if needle != lastFilter {
      lastFilter = needle
      version += 1
    }
    guard !needle.isEmpty else { return allRows }
    let bytes = Array(needle.utf8)
    return allRows.indices.filter { ByteSearch.contains(lowercasedTitles[$0], bytes) }.map {
      allRows[$0]
    }
  }

  private func row(_ product: Product, number: Int, quantity: Int, currency: Currency) -> CatalogRow
  {
    CatalogRow(
      id: product.id, number: number, title: product.title,
      price: CatalogRow.pricePrefix + currency.format(base: product.priceMinor),
      quantity: String(quantity),
      quantityValue: quantity, unitPrice: currency.amount(base: product.priceMinor))
  }
}
