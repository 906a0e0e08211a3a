import Foundation

/// How a product is sold; it prefixes the product's title.
public enum ProductUnit: String, CaseIterable, Sendable, Codable {
  case bag, dozen, bottle, can, none

  /// "Bag of ", "Dozen of ", ... or "" for `.none`.
  public var titlePrefix: String {
    switch self {
    case .bag: "Bag of "
    case .dozen: "Dozen of "
    case .bottle: "Bottle of "
    case .can: "Can of "
    case .none: ""
    }
  }
}

/// One item of the catalog, priced in GBP.
public struct Product: Identifiable, Equatable, Hashable, Sendable {
  /// Unique in the catalog, 1–40 characters.
  public let id: String
  /// 1–60 characters, trimmed.
  public let name: String
  public let unit: ProductUnit
  /// The price in pence (0...9999999).
  public let priceMinor: Int

  public init(id: String, name: String, unit: ProductUnit, priceMinor: Int) {
    self.id = id
    self.name = name
    self.unit = unit
    self.priceMinor = priceMinor
  }

  /// The GBP price as an exact decimal.
  public var price: Decimal { Decimal(priceMinor) / 100 }

  /// The unit prefix and the name: "Bag of Peas", "Saffron".
  public var title: String { unit.titlePrefix + name }
}
