import Fixtures
import Foundation
import ViewModelKit

/// Storage that writes nothing: an empty cart and, unless told otherwise, the orders of
/// `checkout/orders.json`. Used by tests and by `--ephemeral`.
public final class InMemoryCheckoutStorage: CheckoutStorage {
  private let cart: BehaviorRelay<[String: Int]>
  private let orders: BehaviorRelay<[Order]>
  private let account = BehaviorRelay<Account?>(value: nil)

  /// Starts with `cart` and `orders` (newest first after sorting).
  public init(cart: [String: Int] = [:], orders: [Order]) {
    self.cart = BehaviorRelay(value: cart)
    self.orders = BehaviorRelay(value: orders.sorted { $0.number > $1.number })
  }

  /// Starts with an empty cart and the fixture orders.
  public convenience init() {
    self.init(orders: (try? OrdersFixture.load()) ?? [])
  }

  public func loadCart() -> AnyPublisher<[String: Int], StorageError> {
    Just(cart.value).setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  public func applyCartChanges(_ changes: [String: Int]) -> AnyPublisher<
    [String: Int], StorageError
  > {
    cart.accept(CartArithmetic.applying(changes, to: cart.value))
    return Just(cart.value).setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  public func saveOrder(_ draft: OrderDraft) -> AnyPublisher<Order, StorageError> {
    let order = Order(number: (orders.value.map(\.number).max() ?? 0) + 1, draft: draft)
    orders.accept([order] + orders.value)
    return Just(order).setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  public func loadAccount() -> AnyPublisher<Account?, StorageError> {
    Just(account.value).setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  public func saveAccount(_ account: Account?) -> AnyPublisher<Void, StorageError> {
    self.account.accept(account)
    return Just(()).setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  public func observeOrders() -> AnyPublisher<[Order], StorageError> {
    orders.setFailureType(to: StorageError.self).eraseToAnyPublisher()
  }

  /// The cart as last saved (for tests).
  public var savedCart: [String: Int] { cart.value }
}

/// Reads `checkout/orders.json`, where every decimal is a string.
public enum OrdersFixture {
  struct File: Decodable {
    let orders: [Entry]
  }

  struct Entry: Decodable {
    struct CustomerEntry: Decodable {
      let name, email, address: String
    }
    struct CurrencyEntry: Decodable {
      let code, rate: String
    }
    struct LineEntry: Decodable {
      let productId, title: String
      let quantity: Int
      let unitPrice, amount: String
    }
    let number: Int
    let placedAt: String
    let customer: CustomerEntry
    let currency: CurrencyEntry
    let lines: [LineEntry]
    let baseTotal, total: String
  }

  public static func load(from data: Data? = nil) throws -> [Order] {
    let bytes = try data ?? FixtureLoader.bundled.data("checkout/orders.json")
    let file = try JSONDecoder().decode(File.self, from: bytes)
    return try file.orders.map { entry in
      guard let placedAt = ISO8601DateFormatter().date(from: entry.placedAt),
        let rate = ScaledDecimal(text: entry.currency.rate),
        let baseTotal = Money.parsePrice(entry.baseTotal), let total = Money.parsePrice(entry.total)
      else {
        throw FixtureError.malformed(file: "checkout/orders.json", reason: "order \(entry.number)")
      }
      let lines = try entry.lines.map { line in
        guard let unit = Money.parsePrice(line.unitPrice),
          let amount = Money.parsePrice(line.amount)
        else {
          throw FixtureError.malformed(
            file: "checkout/orders.json", reason: "order \(entry.number)")
        }
        return OrderLine(
          productID: line.productId, title: line.title, quantity: line.quantity,
          unitPriceMinor: unit, amountMinor: amount)
      }
      let draft = OrderDraft(
        placedAt: placedAt,
        customer: Customer(
          name: entry.customer.name, email: entry.customer.email, address: entry.customer.address),
        currency: Currency(code: entry.currency.code, rate: rate), lines: lines,
        baseTotalMinor: baseTotal, totalMinor: total)
      return Order(number: entry.number, draft: draft)
    }
  }
}
