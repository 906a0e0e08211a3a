import Foundation

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
}

/// Where the catalog screen asks to go.
public enum CatalogRoute: Equatable, Sendable {
  case checkout
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
    return allRows.indices.filter { Self.contains(lowercasedTitles[$0], bytes) }.map { allRows[$0] }
  }

  /// Whether `haystack` contains `needle`, byte for byte (both lower-cased UTF-8, which keeps
  /// substring matches exact).
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    var start = 0
    let last = haystack.count - needle.count
    outer: while start <= last {
      if haystack[start] == first {
        for offset in 1..<needle.count where haystack[start + offset] != needle[offset] {
          start += 1
          continue outer
        }
        return true
      }
      start += 1
    }
    return false
  }

  private func row(_ product: Product, number: Int, quantity: Int, currency: Currency) -> CatalogRow
  {
    CatalogRow(
      id: product.id, number: number, title: product.title,
      price: "For only " + currency.format(base: product.priceMinor), quantity: String(quantity),
      quantityValue: quantity)
  }
}
