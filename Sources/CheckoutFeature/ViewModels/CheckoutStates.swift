import Foundation

// The display-ready state of each checkout screen, one value per screen (the checkout spec's
// outputs, by their names), and the one event type they share.

/// Everything the catalog screen shows.
public struct CatalogState: Equatable, Sendable, Codable {
  /// "Supermarket", or "Supermarket · ana_42" when signed in.
  public var title: String
  /// True while the catalog is loading.
  public var isLoading: Bool
  /// The products that pass the filter, in catalog order.
  public var rows: [CatalogRow]
  /// "Total: 4.00 GBP".
  public var total: String
  /// "0 items", "1 item", "3 items".
  public var cartCount: String
  /// True when the cart is not empty.
  public var checkoutEnabled: Bool
  /// "No products match <filter>" when the filter leaves no row, else "".
  public var emptyText: String
  /// The cart's total as data; nil before the first listing.
  public var totalAmount: MoneyAmount?
  /// How many units the cart holds.
  public var cartItems: Int
}

/// Everything the checkout screen shows above the order form.
public struct CheckoutState: Equatable, Sendable, Codable {
  /// "Checkout".
  public var title: String
  /// "2 Bag of Peas for 1.90 GBP", in catalog order.
  public var rows: [CheckoutRow]
  /// "Total: 6.10 GBP".
  public var total: String
  /// "Currency: GBP".
  public var currency: String
  /// "Your cart is empty", or "" when there are rows.
  public var emptyText: String
  /// True while rates are being fetched.
  public var isLoading: Bool
  /// True while online and not fetching.
  public var changeCurrencyEnabled: Bool
  /// "Offline: currency change unavailable" while offline, else "".
  public var offlineNotice: String
  /// The open picker, or nil.
  public var currencyPicker: CurrencyPicker?
  /// The cart's total as data; nil before the first value.
  public var totalAmount: MoneyAmount?
  /// The currency's code: "GBP".
  public var currencyCode: String
}

/// Everything the order form shows.
public struct OrderFormState: Equatable, Sendable, Codable {
  /// The name as typed.
  public var name: String
  /// The email as typed.
  public var email: String
  /// The address as typed.
  public var address: String
  /// Nothing before the first edit, then valid or why not.
  public var nameStatus: FieldStatus
  /// As `nameStatus`, for the email.
  public var emailStatus: FieldStatus
  /// As `nameStatus`, for the address.
  public var addressStatus: FieldStatus
  /// True when all three fields are valid.
  public var formValid: Bool
  /// Cart not empty, form valid, not placing.
  public var placeOrderEnabled: Bool
  /// Why Place order is disabled, or "Ready to order".
  public var placeOrderHint: String
  /// True while an order is being saved.
  public var isPlacing: Bool
  /// "Order #000007 placed. Total: 12.75 AUD" after a success, until dismissed or the cart
  /// changes; nil otherwise.
  public var confirmation: String?
}

/// Everything the order history shows.
public struct OrderHistoryState: Equatable, Sendable, Codable {
  /// Newest first.
  public var rows: [OrderRow]
  /// True until the first list or failure.
  public var isLoading: Bool
  /// "No orders yet" when loaded and empty, else "".
  public var emptyText: String
}

// What each screen shows before its view model's first value: nothing at all.

extension CatalogState {
  /// Before the first value: loading, no rows.
  public static let empty = CatalogState(
    title: "", isLoading: true, rows: [], total: "", cartCount: "", checkoutEnabled: false,
    emptyText: "", totalAmount: nil, cartItems: 0)
}

extension CheckoutState {
  /// Before the first value: no rows, nothing enabled.
  public static let empty = CheckoutState(
    title: "", rows: [], total: "", currency: "", emptyText: "", isLoading: false,
    changeCurrencyEnabled: false, offlineNotice: "", currencyPicker: nil, totalAmount: nil,
    currencyCode: "")
}

extension OrderFormState {
  /// Before the first value: blank fields, nothing enabled.
  public static let empty = OrderFormState(
    name: "", email: "", address: "", nameStatus: .pristine, emailStatus: .pristine,
    addressStatus: .pristine, formValid: false, placeOrderEnabled: false, placeOrderHint: "",
    isPlacing: false, confirmation: nil)
}

extension OrderHistoryState {
  /// Before the first value: loading, no rows.
  public static let empty = OrderHistoryState(rows: [], isLoading: true, emptyText: "")
}
