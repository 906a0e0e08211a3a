import Foundation
import ViewModelKit

/// The catalog screen: products with their prices and cart quantities, the total, and the
/// way to the checkout.
///
/// A `ScreenModel`: what it shows is one `CatalogState`, computed in one closure from the
/// products, the cart, the currency, the filter and the loading flag (so one change is one
/// state); refusals and failures are `ScreenEvent`s.
@MainActor
public final class CatalogViewModel: ScreenModel {
  // MARK: Outputs

  /// Everything the screen shows, in one value.
  public let state: Driver<CatalogState>
  /// Refusals and failures to show: "At most 99 of each product".
  public let events: Signal<ScreenEvent>

  // MARK: State

  private let catalog: any CatalogService
  private let cart: CartStore
  private let currency: CurrencyStore
  private let activity: ActivityTracker
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let products = BehaviorRelay<[Product]>(value: [])
  private let loading = BehaviorRelay(value: true)
  private let filterText = BehaviorRelay(value: "")
  // Weak: the session owns the navigator and this view model.
  private weak var navigator: SceneCoordinator<CheckoutScene>?
  private let said = PublishRelay<String>()
  private var load: AnyCancellable?
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()

  public init(
    catalog: any CatalogService, cart: CartStore, currency: CurrencyStore,
    signedIn: AnyPublisher<String?, Never> = Just(nil).eraseToAnyPublisher(),
    activity: ActivityTracker, navigator: SceneCoordinator<CheckoutScene>? = nil,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.navigator = navigator
    self.catalog = catalog
    self.currency = currency
    self.cart = cart
    self.activity = activity
    self.scheduler = scheduler
    let cache = CatalogRowCache()
    state = products.combineLatest(cart.changesNow, currency.changes, filterText) {
      products, cart, currency, filter -> Listing in
      let rows = cache.rows(products: products, cart: cart, currency: currency, filter: filter)
      let trimmed = filter.trimmingCharacters(in: .whitespacesAndNewlines)
      return Listing(
        version: cache.version, rows: rows,
        emptyText: rows.isEmpty && !trimmed.isEmpty ? "No products match \(trimmed)" : "",
        total: CartText.total(cart, in: currency), cartCount: CartText.itemCount(cart.itemCount),
        checkoutEnabled: !cart.isEmpty, totalAmount: currency.amount(base: cart.baseTotal),
        cartItems: cart.itemCount)
    }
    .removeDuplicates()
    .combineLatest(loading.removeDuplicates(), signedIn.removeDuplicates()) {
      listing, loading, username in
      CatalogState(
        title: username.map { "Supermarket · \($0)" } ?? "Supermarket", isLoading: loading,
        rows: listing.rows, total: listing.total,
        cartCount: listing.cartCount, checkoutEnabled: listing.checkoutEnabled,
        emptyText: listing.emptyText, totalAmount: listing.totalAmount,
        cartItems: listing.cartItems)
    }
    .asDriver(scheduler: scheduler)
    // Both are failures: the catalog that did not load, the cart that was not kept.
    events = said.merge(with: cart.messages).map(ScreenEvent.failure)
      .asSignal(scheduler: scheduler)
    // The first load starts on the scheduler's next turn (never inside `init`), so that a
    // failure it reports reaches the front end's subscribers, which attach after `init`.
    scheduler.schedule(after: scheduler.now) { [weak self] in self?.loadCatalog() }
  }

  /// The cart now in one line, `Cart: 3 items, 4.25 GBP`: what a script is told after an
  /// `add` or a `remove`.
  public var cartSummary: String { CartText.summary(cart.current, in: currency.value) }

  // MARK: Inputs

  /// Does what `input` says; only `add`, `remove` and `checkout` can be refused.
  @discardableResult
  public func send(_ input: CatalogInput) -> InputResult {
    switch input {
    case .add(let id, let quantity): return cart.add(id, quantity: quantity)
    case .remove(let id, let quantity): return cart.remove(id, quantity: quantity)
    case .removeLine(let id): return cart.removeLine(id)
    case .checkout:
      guard !cart.current.isEmpty else { return .rejected("Your cart is empty") }
      navigator?.openCheckout()
    case .reload: loadCatalog()
    case .filter(let text): filterText.accept(text)
    }
    return .accepted
  }

  /// `send(.add(id:quantity:))`.
  @discardableResult
  public func add(_ id: String, quantity: Int = 1) -> InputResult {
    send(.add(id: id, quantity: quantity))
  }

  /// `send(.remove(id:quantity:))`.
  @discardableResult
  public func remove(_ id: String, quantity: Int = 1) -> InputResult {
    send(.remove(id: id, quantity: quantity))
  }

  /// `send(.checkout)`.
  @discardableResult
  public func checkout() -> InputResult { send(.checkout) }

  /// `send(.reload)`.
  public func reload() { send(.reload) }

  /// `send(.filter(text:))`.
  public func filter(_ text: String) { send(.filter(text: text)) }

  /// Loads the catalog again; a failure keeps the rows already shown.
  private func loadCatalog() {
    loading.accept(true)
    load = activity.track(catalog.loadCatalog())
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure = completion { self?.said.accept(CatalogError.message) }
          self?.loading.accept(false)
        },
        receiveValue: { [weak self] loaded in
          self?.cart.attach(catalog: loaded)
          self?.products.accept(loaded)
        })
  }

  /// The catalog as loaded (for name matching in front ends).
  public var loadedProducts: [Product] { products.value }
}

/// What the user can do on the catalog screen.
public enum CatalogInput: Codable, Equatable, Sendable {
  /// Adds units of a product to the cart (refused past 99 of one product, or for an unknown
  /// product).
  case add(id: String, quantity: Int)
  /// Removes units of a product, stopping at 0 (refused when the cart has none).
  case remove(id: String, quantity: Int)
  /// Takes a product's whole line out of the cart, as the checkout screen's `removeLine` does.
  case removeLine(id: String)
  /// Goes to the checkout (refused while the cart is empty).
  case checkout
  /// Loads the catalog again; a failure keeps the rows already shown.
  case reload
  /// Shows only the rows whose title contains the text (trimmed, any case).
  case filter(text: String)
}

/// The catalog list and the cart's figures as last built; two listings of one version hold
/// the same rows, so comparing versions (not rows) is enough to skip a repeat.
struct Listing: Equatable {
  let version: Int
  let rows: [CatalogRow]
  let emptyText: String
  let total: String
  let cartCount: String
  let checkoutEnabled: Bool
  let totalAmount: MoneyAmount
  let cartItems: Int

  nonisolated static func == (lhs: Listing, rhs: Listing) -> Bool {
    lhs.version == rhs.version && lhs.emptyText == rhs.emptyText && lhs.total == rhs.total
      && lhs.totalAmount == rhs.totalAmount
      && lhs.cartCount == rhs.cartCount && lhs.checkoutEnabled == rhs.checkoutEnabled
  }
}
