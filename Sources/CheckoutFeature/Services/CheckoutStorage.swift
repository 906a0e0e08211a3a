import Foundation
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
  /// Applies one session's cart changes (product id → change in quantity, negative to take
  /// away) to the cart as stored now, each quantity kept within 0…99 (0 removes the line),
  /// and answers the stored cart after the change. Changes made meanwhile by another process
  /// are kept: nothing is overwritten with an older view.
  func applyCartChanges(_ changes: [String: Int]) -> AnyPublisher<[String: Int], StorageError>
  /// Saves an order and assigns it the next number.
  func saveOrder(_ draft: OrderDraft) -> AnyPublisher<Order, StorageError>
  /// The account kept on this machine, if any (username and email; never a password).
  func loadAccount() -> AnyPublisher<Account?, StorageError>
  /// Keeps `account` in place of any other; nil forgets the one kept.
  func saveAccount(_ account: Account?) -> AnyPublisher<Void, StorageError>
  /// Every order, newest first: now, and again after each `saveOrder`.
  func observeOrders() -> AnyPublisher<[Order], StorageError>
  /// The stored cart each time another process changes it, checked every 2 s on
  /// `scheduler`.
  func cartChangesElsewhere(checkingOn scheduler: AnySchedulerOf<DispatchQueue>)
    -> AnyPublisher<[String: Int], Never>
  /// Blocks until writes already started have finished (a requirement, so that a session
  /// holding `any CheckoutStorage` really waits before the process exits).
  func waitForPendingWork()
  /// Finishes what was started and lets go of the store's file: a session's shutdown.
  func close()
}

extension CheckoutStorage {
  /// Storage with no file of its own only finishes what was started.
  public func close() { waitForPendingWork() }
}

/// One cart change applied to a stored quantity: the sum, kept within 0…99 without
/// overflowing whatever the numbers.
public enum CartArithmetic {
  public static func applying(_ delta: Int, to quantity: Int) -> Int {
    let (sum, overflow) = quantity.addingReportingOverflow(delta)
    if overflow { return delta > 0 ? 99 : 0 }
    return min(99, max(0, sum))
  }

  /// `cart` with every change of `changes` applied; lines that reach 0 are dropped.
  public static func applying(_ changes: [String: Int], to cart: [String: Int]) -> [String: Int] {
    var result = cart
    for (id, delta) in changes where delta != 0 {
      let quantity = applying(delta, to: result[id] ?? 0)
      result[id] = quantity == 0 ? nil : quantity
    }
    return result
  }
}

extension CheckoutStorage {
  /// Storage that no other process can reach never emits.
  public func cartChangesElsewhere(checkingOn scheduler: AnySchedulerOf<DispatchQueue>)
    -> AnyPublisher<[String: Int], Never>
  {
    Empty().eraseToAnyPublisher()
  }

  /// Blocks until writes already started have finished; storage that writes nothing
  /// returns at once.
  public func waitForPendingWork() {}
}
