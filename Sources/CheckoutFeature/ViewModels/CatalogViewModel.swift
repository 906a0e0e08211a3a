import Foundation
import ViewModelKit

/// The catalog screen: products with their prices and cart quantities, the total, and the
/// way to the checkout.
public final class CatalogViewModel {
  // MARK: Outputs

  /// "Supermarket".
  public let title: Driver<String>
  /// True while the catalog is loading.
  public let isLoading: Driver<Bool>
  /// The products that pass the filter, in catalog order.
  public let rows: Driver<[CatalogRow]>
  /// "Total: 4.00 GBP".
  public let total: Driver<String>
  /// "0 items", "1 item", "3 items".
  public let cartCount: Driver<String>
  /// True when the cart is not empty.
  public let checkoutEnabled: Driver<Bool>
  /// "No products match <filter>" when the filter leaves no row, else "".
  public let emptyText: Driver<String>
  /// Where the screen asks to go.
  public let navigation: Signal<CatalogRoute>
  /// Refusals and failures to show: "At most 99 of each product".
  public let message: Signal<String>

  // MARK: State

  private let catalog: any CatalogService
  private let cart: CartStore
  private let activity: ActivityTracker
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let products = BehaviorRelay<[Product]>(value: [])
  private let loading = BehaviorRelay(value: true)
  private let filterText = BehaviorRelay(value: "")
  private let routes = PublishRelay<CatalogRoute>()
  private let messages = PublishRelay<String>()
  private var load: AnyCancellable?

  public init(
    catalog: any CatalogService, cart: CartStore, currency: CurrencyStore,
    activity: ActivityTracker, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.catalog = catalog
    self.cart = cart
    self.activity = activity
    self.scheduler = scheduler
    let cache = CatalogRowCache()
    let listing = products.combineLatest(cart.changesNow, currency.changes, filterText) {
      products, cart, currency, filter -> Listing in
      let rows = cache.rows(products: products, cart: cart, currency: currency, filter: filter)
      let trimmed = filter.trimmingCharacters(in: .whitespacesAndNewlines)
      return Listing(
        version: cache.version, rows: rows,
        emptyText: rows.isEmpty && !trimmed.isEmpty ? "No products match \(trimmed)" : "")
    }
    .removeDuplicates()
    .asDriver(scheduler: scheduler)
    title = .just("Supermarket", scheduler: scheduler)
    isLoading = loading.removeDuplicates().asDriver(scheduler: scheduler)
    rows = listing.map(\.rows)
    total = cart.changesNow.combineLatest(currency.changes) { CartText.total($0, in: $1) }
      .removeDuplicates().asDriver(scheduler: scheduler)
    cartCount = cart.changesNow.map { CartText.itemCount($0.itemCount) }
      .removeDuplicates().asDriver(scheduler: scheduler)
    checkoutEnabled = cart.changesNow.map { !$0.isEmpty }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    emptyText = listing.map(\.emptyText).distinctUntilChanged()
    navigation = routes.asSignal(scheduler: scheduler)
    message = messages.merge(with: cart.messages).asSignal(scheduler: scheduler)
    // The first load starts on the scheduler's next turn (never inside `init`), so that a
    // failure it reports reaches the front end's subscribers, which attach after `init`.
    scheduler.schedule(after: scheduler.now) { [weak self] in self?.reload() }
  }

  // MARK: Inputs

  /// Adds units of a product to the cart.
  @discardableResult
  public func add(_ id: String, quantity: Int = 1) -> InputResult {
    cart.add(id, quantity: quantity)
  }

  /// Removes units of a product, stopping at 0.
  @discardableResult
  public func remove(_ id: String, quantity: Int = 1) -> InputResult {
    cart.remove(id, quantity: quantity)
  }

  /// Goes to the checkout, if the cart has something in it.
  @discardableResult
  public func checkout() -> InputResult {
    guard !cart.current.isEmpty else {
      let text = "Your cart is empty"
      messages.accept(text)
      return .rejected(text)
    }
    routes.accept(.checkout)
    return .accepted
  }

  /// Loads the catalog again; a failure keeps the rows already shown.
  public func reload() {
    loading.accept(true)
    load = activity.track(catalog.loadCatalog())
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure = completion { self?.messages.accept(CatalogError.message) }
          self?.loading.accept(false)
        },
        receiveValue: { [weak self] loaded in
          self?.cart.attach(catalog: loaded)
          self?.products.accept(loaded)
        })
  }

  /// Shows only the rows whose title contains `text` (trimmed, any case).
  public func filter(_ text: String) { filterText.accept(text) }

  /// The catalog as loaded (for name matching in front ends).
  public var loadedProducts: [Product] { products.value }
}

/// The catalog list as last built; two listings of one version hold the same rows, so
/// comparing versions is enough to skip a repeat.
struct Listing: Equatable {
  let version: Int
  let rows: [CatalogRow]
  let emptyText: String

  static func == (lhs: Listing, rhs: Listing) -> Bool {
    lhs.version == rhs.version && lhs.emptyText == rhs.emptyText
  }
}
