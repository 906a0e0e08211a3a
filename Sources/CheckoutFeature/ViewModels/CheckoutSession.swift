import Foundation
import ViewModelKit

/// The services a checkout session runs on.
public struct CheckoutServices {
  public var catalog: any CatalogService
  public var rates: any RatesService
  public var connectivity: any ConnectivityService
  public var storage: any CheckoutStorage

  public init(
    catalog: any CatalogService, rates: any RatesService,
    connectivity: any ConnectivityService, storage: any CheckoutStorage
  ) {
    self.catalog = catalog
    self.rates = rates
    self.connectivity = connectivity
    self.storage = storage
  }

  /// Fixtures everywhere and in-memory storage: works offline, writes nothing.
  public static func offline() -> CheckoutServices {
    CheckoutServices(
      catalog: FixtureCatalogService(), rates: FixtureRatesService(),
      connectivity: AlwaysOnline(), storage: InMemoryCheckoutStorage())
  }
}

/// One running Checkout app: the shared stores and its four view models.
public final class CheckoutSession {
  public let cart: CartStore
  public let currency: CurrencyStore
  public let catalog: CatalogViewModel
  public let checkout: CheckoutViewModel
  public let orderForm: OrderFormViewModel
  public let history: OrderHistoryViewModel
  /// False while a catalog load, rates fetch or order save is in flight, a cart save is
  /// pending or running, or the order history has not yet loaded.
  public let isSettled: Driver<Bool>

  private let activity: ActivityTracker
  private let storage: any CheckoutStorage

  public init(
    services: CheckoutServices, clock: @escaping () -> Date, timeZone: TimeZone = .current,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    activity = ActivityTracker(scheduler: scheduler)
    storage = services.storage
    isSettled = activity.isIdle
    cart = CartStore(storage: services.storage, activity: activity, scheduler: scheduler)
    currency = CurrencyStore()
    catalog = CatalogViewModel(
      catalog: services.catalog, cart: cart, currency: currency, activity: activity,
      scheduler: scheduler)
    checkout = CheckoutViewModel(
      rates: services.rates, connectivity: services.connectivity, cart: cart,
      currency: currency, activity: activity, scheduler: scheduler)
    orderForm = OrderFormViewModel(
      storage: services.storage, cart: cart, currency: currency, clock: clock,
      activity: activity, scheduler: scheduler)
    history = OrderHistoryViewModel(
      storage: services.storage, timeZone: timeZone, activity: activity, scheduler: scheduler)
  }

  /// Whether anything counted by `isSettled` is in flight now.
  public var isBusy: Bool { activity.isBusy }

  /// Saves a pending cart change and waits until the storage has written it: the last
  /// thing a front end does before it exits.
  public func shutdown() {
    cart.flush()
    storage.waitForPendingWork()
  }
}
