import AppInfrastructure
import Foundation
import ViewModelKit

/// The services a checkout session runs on.
public struct CheckoutServices {
  public var catalog: any CatalogService
  public var rates: any RatesService
  public var connectivity: any ConnectivityService
  public var storage: any CheckoutStorage
  /// Where accounts are checked, created and renamed.
  public var accounts: any AccountService

  /// The services; accounts default to the fixture's, answering at once.
  public init(
    catalog: any CatalogService, rates: any RatesService,
    connectivity: any ConnectivityService, storage: any CheckoutStorage,
    accounts: any AccountService = FixtureAccountService(latency: 0, scheduler: .immediate)
  ) {
    self.catalog = catalog
    self.rates = rates
    self.connectivity = connectivity
    self.storage = storage
    self.accounts = accounts
  }

  /// Fixtures everywhere and in-memory storage: works offline, writes nothing.
  public static func offline() -> CheckoutServices {
    CheckoutServices(
      catalog: FixtureCatalogService(), rates: FixtureRatesService(),
      connectivity: AlwaysOnline(), storage: InMemoryCheckoutStorage())
  }
}

/// The checkout app's scenes: the catalog at the root, the checkout pushed on it, and the
/// order history shown modally over either.
public enum CheckoutScene: Equatable, Sendable {
  case catalog
  case checkout
  /// Past orders, drawn over the scene below.
  case history
  /// The account form, drawn over the scene below.
  case account
}

/// One running Checkout app: the shared stores, its screen models and its coordinator.
public final class CheckoutSession: AppSession {
  public let cart: CartStore
  public let currency: CurrencyStore
  public let catalog: CatalogViewModel
  public let checkout: CheckoutViewModel
  public let orderForm: OrderFormViewModel
  public let history: OrderHistoryViewModel
  /// The shop account: sign up, rename, sign out.
  public let account: AccountViewModel
  /// False while a catalog load, rates fetch or order save is in flight, a cart save is
  /// pending or running, or the order history has not yet loaded.
  public let isSettled: Driver<Bool>
  /// The one coordinator: the catalog at the root; the screen models push the checkout and
  /// take it off again. A front end shows the top scene.
  public let coordinator = SceneCoordinator<CheckoutScene>()
  /// The scene on top of the navigator's stack.
  public let scene: Driver<CheckoutScene>
  /// The navigator's stack, bottom first (a front end draws the top full-screen scene and any
  /// modal one over it).
  public let stack: Driver<[SceneEntry<CheckoutScene>]>

  /// What every screen of the app says (refusals, failures, confirmations), merged in one
  /// Signal: the CLI prints each as `! …`, the TUI shows it on the toast line.
  public let messages: Signal<ScreenEvent>
  /// Work the user asked for that did not happen (a cart change not saved, orders not read):
  /// each fails a CLI session (exit status 1).
  public let failures: Signal<String>

  private let activity: ActivityTracker
  private var routing = Set<AnyCancellable>()
  private let storage: any CheckoutStorage

  public init(
    services: CheckoutServices, clock: @escaping () -> Date, timeZone: TimeZone = .current,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    activity = ActivityTracker(scheduler: scheduler)
    storage = services.storage
    account = AccountViewModel(
      service: services.accounts, storage: services.storage, navigator: coordinator,
      activity: activity, scheduler: scheduler)
    isSettled = activity.isIdle
    cart = CartStore(storage: services.storage, activity: activity, scheduler: scheduler)
    currency = CurrencyStore()
    catalog = CatalogViewModel(
      catalog: services.catalog, cart: cart, currency: currency,
      signedIn: account.storedAccount.map { $0?.username }.eraseToAnyPublisher(),
      activity: activity, navigator: coordinator, scheduler: scheduler)
    checkout = CheckoutViewModel(
      rates: services.rates, connectivity: services.connectivity, cart: cart,
      currency: currency, activity: activity, navigator: coordinator, scheduler: scheduler)
    orderForm = OrderFormViewModel(
      storage: services.storage, cart: cart, currency: currency, clock: clock,
      activity: activity, navigator: coordinator, scheduler: scheduler)
    history = OrderHistoryViewModel(
      storage: services.storage, timeZone: timeZone, activity: activity, navigator: coordinator,
      scheduler: scheduler)
    stack = coordinator.stackDriver(scheduler: scheduler)
    scene = stack.map(Self.topScene(of:)).distinctUntilChanged()
    messages = [
      catalog.events, checkout.events, orderForm.events, history.events, account.events,
    ]
    .merge().asSignal(scheduler: scheduler)
    failures = [cart.saveFailures, history.loadFailures].merge().asSignal(scheduler: scheduler)
    coordinator.transition(to: .catalog, type: .root)
    // An account created or loaded fills the order form's email while it is still pristine.
    let orderForm = orderForm
    account.storedAccount.compactMap { $0 }
      .sink { orderForm.send(.fillEmail(fromAccount: $0.email)) }
      .store(in: &routing)
  }

  /// The scene on top of `stack` (a value of `stack`, the Driver).
  nonisolated public static func topScene(of stack: [SceneEntry<CheckoutScene>]) -> CheckoutScene {
    stack.last?.scene ?? .catalog
  }

  /// The full-screen scene of `stack`, under any modal one: the catalog or the checkout.
  nonisolated public static func fullScreenScene(of stack: [SceneEntry<CheckoutScene>])
    -> CheckoutScene
  {
    stack.last { $0.transition != .modal }?.scene ?? .catalog
  }

  /// The screen models behind `scene`: what a head shows for it, with nothing to look up.
  public func model(of scene: CheckoutScene) -> CheckoutSceneModel {
    switch scene {
    case .catalog: .catalog(catalog)
    case .checkout: .checkout(checkout, form: orderForm)
    case .history: .history(history)
    case .account: .account(account)
    }
  }

  /// Whether the app is seen: passed to every screen model of the session.
  public func setActive(_ active: Bool) {
    catalog.setActive(active)
    checkout.setActive(active)
    orderForm.setActive(active)
    history.setActive(active)
    account.setActive(active)
  }

  /// Whether anything counted by `isSettled` is in flight now.
  public var isBusy: Bool { activity.isBusy }

  /// The currency (ST-03), else the settings file's; one whose rate cannot be had falls back
  /// to GBP with a notice.
  public var rememberedChoices: [RememberedChoice] {
    let checkout = checkout
    return [
      RememberedChoice(Self.currencyKey, values: currency.changes.map(\.code)) { code in
        if code != Currency.gbp.code { checkout.send(.restoreCurrency(code: code)) }
      }
    ]
  }

  /// The currency, standing in for the settings file's `currency`.
  nonisolated public static let currencyKey = RememberedChoice.Key(
    "checkout.currency", settingsKey: "currency")
  nonisolated public static var rememberedKeys: [RememberedChoice.Key] { [currencyKey] }

  /// What is closed when the session ends.
  public let lifetime = SessionLifetime()

  /// Saves a pending cart change, waits until the storage has written it and closes it, then
  /// ends the lifetime: the last thing a front end does before it exits.
  public func shutdown() {
    cart.flush()
    storage.close()
    lifetime.end()
  }
}
