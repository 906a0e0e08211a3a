/// Texts about the cart that several screens show.
enum CartText {
  /// "Total: 4.00 GBP".
  static func total(_ cart: Cart, in currency: Currency) -> String {
    "Total: " + currency.format(base: cart.baseTotal)
  }

  /// "1 item", "3 items".
  static func itemCount(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  /// "Cart: 3 items, 4.25 GBP": the cart in one line, for a script.
  static func summary(_ cart: Cart, in currency: Currency) -> String {
    "Cart: \(itemCount(cart.itemCount)), \(currency.format(base: cart.baseTotal))"
  }
}
