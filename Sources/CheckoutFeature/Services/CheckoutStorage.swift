import ViewModelKit

/// Why storage failed. The message depends on the operation that failed.
public enum StorageError: Error, Equatable, Sendable {
  /// The store cannot be opened or migrated (for instance the file is not a database).
  case unavailable
  case readFailed
  case writeFailed
}

/// The user-facing message for each storage operation's failure.
public enum StorageMessage {
  public static let loadCart = "Saved cart could not be loaded"
  public static let saveCart = "Your cart could not be saved"
  public static let saveOrder = "Unable to place your order. Please try again."
  public static let observeOrders = "Unable to load orders"
}

/// Where the cart and the orders are kept.
public protocol CheckoutStorage {
  /// The saved cart: product id → quantity.
  func loadCart() -> AnyPublisher<[String: Int], StorageError>
  /// Replaces the saved cart.
  func saveCart(_ quantities: [String: Int]) -> AnyPublisher<Void, StorageError>
  /// Saves an order and assigns it the next number.
  func saveOrder(_ draft: OrderDraft) -> AnyPublisher<Order, StorageError>
  /// Every order, newest first: now, and again after each `saveOrder`.
  func observeOrders() -> AnyPublisher<[Order], StorageError>
}

extension CheckoutStorage {
  /// Blocks until writes already started have finished; storage that writes nothing
  /// returns at once.
  public func waitForPendingWork() {}
}
