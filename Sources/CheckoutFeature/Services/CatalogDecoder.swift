import Foundation

/// Reads and validates a catalog body: `{"currency":"GBP","products":[{id,name,unit,price}]}`.
/// Anything wrong rejects the whole catalog; a partial catalog is never returned.
public enum CatalogDecoder {
  public static func decode(_ data: Data) throws(CatalogError) -> [Product] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw .malformed(reason: "not a JSON object")
    }
    guard root["currency"] as? String == Currency.gbp.code else {
      throw .malformed(reason: "currency is not GBP")
    }
    guard let items = root["products"] as? [Any] else {
      throw .malformed(reason: "no products list")
    }
    var seen = Set<String>()
    var products: [Product] = []
    products.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let product = try product(item, at: index)
      guard seen.insert(product.id).inserted else {
        throw .malformed(reason: "product id \(product.id) is repeated")
      }
      products.append(product)
    }
    return products
  }

  private static func product(_ item: Any, at index: Int) throws(CatalogError) -> Product {
    guard let fields = item as? [String: Any] else {
      throw .malformed(reason: "product \(index + 1) is not an object")
    }
    guard let id = fields["id"] as? String, (1...40).contains(id.count) else {
      throw .malformed(reason: "product \(index + 1) has a bad id")
    }
    let name = (fields["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard (1...60).contains(name.count) else {
      throw .malformed(reason: "product \(id) has a bad name")
    }
    guard let unitText = fields["unit"] as? String, let unit = ProductUnit(rawValue: unitText)
    else {
      throw .malformed(reason: "product \(id) has an unknown unit")
    }
    guard let priceText = fields["price"] as? String, let price = Money.parsePrice(priceText) else {
      throw .malformed(reason: "product \(id) has a bad price")
    }
    return Product(id: id, name: name, unit: unit, priceMinor: price)
  }
}

/// Makes large catalogs for benchmarks and tests: product i is "item-%05d",
/// "Product %05d", unit [bag, dozen, bottle, can, none][i mod 5], price 5 + (i × 7919 mod 4996) pence.
public enum CatalogGenerator {
  public static func generate(count: Int) -> [Product] {
    let units: [ProductUnit] = [.bag, .dozen, .bottle, .can, .none]
    return (1...max(count, 1)).prefix(count).map { i in
      let number = String(i).leftPadded(to: 5)
      return Product(
        id: "item-\(number)", name: "Product \(number)", unit: units[i % 5],
        priceMinor: 5 + (i * 7919) % 4996)
    }
  }

  /// The catalog body for `products`, in the fixture format.
  public static func json(_ products: [Product]) -> Data {
    let items = products.map { product -> [String: String] in
      [
        "id": product.id, "name": product.name, "unit": product.unit.rawValue,
        "price": Money.amountText(product.priceMinor),
      ]
    }
    let catalog: [String: Any] = ["currency": Currency.gbp.code, "products": items]
    return (try? JSONSerialization.data(withJSONObject: catalog)) ?? Data()
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = "0") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
