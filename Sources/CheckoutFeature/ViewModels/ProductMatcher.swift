import Foundation

/// Resolves what a user typed ("2", "peas", "bag of peas", "mi") to one product.
public enum ProductMatcher {
  /// The product at that 1-based number; else the one whose id, name or title equals the
  /// query (any case); else the only one whose name starts with it. Otherwise an error text:
  /// `no product matches "zzz"` or `"Product 0000" matches 9 products`.
  public static func match(_ query: String, in products: [Product]) -> Result<Product, MatchError> {
    let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let none = MatchError(message: "no product matches \"\(query)\"")
    guard !text.isEmpty else { return .failure(none) }
    if text.allSatisfy(\.isASCIIDigit) {
      guard let number = Int(text), number >= 1, number <= products.count else {
        return .failure(none)
      }
      return .success(products[number - 1])
    }
    let lowered = text.lowercased()
    if let exact = products.first(where: {
      $0.id.lowercased() == lowered || $0.name.lowercased() == lowered
        || $0.title.lowercased() == lowered
    }) {
      return .success(exact)
    }
    let prefixed = products.filter { $0.name.lowercased().hasPrefix(lowered) }
    switch prefixed.count {
    case 0: return .failure(none)
    case 1: return .success(prefixed[0])
    default: return .failure(MatchError(message: "\"\(query)\" matches \(prefixed.count) products"))
    }
  }

  /// Why a query matched no single product.
  public struct MatchError: Error, Equatable {
    public let message: String

    public init(message: String) { self.message = message }
  }
}
