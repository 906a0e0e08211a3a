import ViewModelKit

/// The currency every amount is shown in; GBP at the start of each session.
@MainActor
public final class CurrencyStore {
  private let relay = BehaviorRelay(value: Currency.gbp)

  public init() {}

  /// The current currency and its rate.
  public var value: Currency { relay.value }

  /// The current currency, then each change.
  public var changes: AnyPublisher<Currency, Never> {
    relay.removeDuplicates().eraseToAnyPublisher()
  }

  /// Makes `currency` the current one (at its new rate, if that changed).
  public func select(_ currency: Currency) { relay.accept(currency) }
}
