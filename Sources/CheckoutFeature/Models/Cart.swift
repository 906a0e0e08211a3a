/// One product in the cart.
public struct CartLine: Identifiable, Equatable, Sendable {
  public let product: Product
  /// 1...99.
  public let quantity: Int
  /// The product's 0-based position in the catalog.
  public let position: Int

  public init(product: Product, quantity: Int, position: Int) {
    self.product = product
    self.quantity = quantity
    self.position = position
  }

  public var id: String { product.id }
  /// price × quantity, in pence.
  public var baseAmount: Int { product.priceMinor * quantity }
}

/// The cart: its lines in catalog order, and its exact GBP total.
public struct Cart: Equatable, Sendable {
  public let lines: [CartLine]
  /// The exact sum of price × quantity, in pence.
  public let baseTotal: Int
  /// The sum of the quantities.
  public let itemCount: Int

  public init(lines: [CartLine], baseTotal: Int, itemCount: Int) {
    self.lines = lines
    self.baseTotal = baseTotal
    self.itemCount = itemCount
  }

  public static let empty = Cart(lines: [], baseTotal: 0, itemCount: 0)

  public var isEmpty: Bool { lines.isEmpty }

  /// The quantity of a product, 0 if absent.
  public func quantity(of id: String) -> Int { lines.first { $0.id == id }?.quantity ?? 0 }
}
