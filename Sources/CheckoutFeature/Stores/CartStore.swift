import ViewModelKit

/// The cart shared by every checkout screen: quantities per product, in catalog order, with
/// an exact GBP total kept up to date incrementally. Changes are saved 0.5 s after the last
/// one.
public final class CartStore {
  /// Refusal messages of `add` and `remove`.
  public enum Refusal {
    public static let badQuantity = "Quantity must be between 1 and 99"
    public static let unknownProduct = "Unknown product"
    public static let limit = "At most 99 of each product"
  }

  /// The cart, then each change.
  public let cart: Driver<Cart>
  /// Refusals and storage failures, for the catalog's message line.
  public let messages: Signal<String>
  /// Fires on each change made by `add` or `remove` (not restores or order subtraction).
  public let edits: Signal<Void>

  private let storage: any CheckoutStorage
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let activity: ActivityTracker
  private let state = BehaviorRelay(value: Cart.empty)
  private let messageRelay = PublishRelay<String>()
  private let editRelay = PublishRelay<Void>()
  private let changes = PublishRelay<Void>()
  private var products: [String: (product: Product, position: Int)] = [:]
  private var catalogLoaded = false
  private var restored = false
  private var pendingSave: Activity?
  private var subscriptions = Set<AnyCancellable>()

  public init(
    storage: any CheckoutStorage, activity: ActivityTracker,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.storage = storage
    self.activity = activity
    self.scheduler = scheduler
    cart = state.asDriver(scheduler: scheduler)
    messages = messageRelay.asSignal(scheduler: scheduler)
    edits = editRelay.asSignal(scheduler: scheduler)
    changes.debounce(for: .milliseconds(500), scheduler: scheduler)
      .sink { [weak self] in self?.flush() }
      .store(in: &subscriptions)
  }

  /// The cart now.
  public var current: Cart { state.value }

  /// The cart, then each change, synchronously (for view models that combine it).
  public var changesNow: AnyPublisher<Cart, Never> { state.eraseToAnyPublisher() }

  // MARK: Inputs

  /// Adds `quantity` units of a product.
  @discardableResult
  public func add(_ id: String, quantity: Int = 1) -> InputResult {
    if let refusal = check(id, quantity) { return refuse(refusal) }
    let existing = current.quantity(of: id)
    guard existing + quantity <= 99 else { return refuse(Refusal.limit) }
    setQuantity(existing + quantity, of: id)
    edited()
    return .accepted
  }

  /// Removes up to `quantity` units of a product; a product not in the cart is left alone.
  @discardableResult
  public func remove(_ id: String, quantity: Int = 1) -> InputResult {
    if let refusal = check(id, quantity) { return refuse(refusal) }
    let existing = current.quantity(of: id)
    guard existing > 0 else { return .accepted }
    setQuantity(max(0, existing - quantity), of: id)
    edited()
    return .accepted
  }

  /// Takes an ordered snapshot out of the cart (what was ordered, not what was added since).
  public func subtract(_ lines: [OrderLine]) {
    var cart = current
    for line in lines {
      let existing = cart.quantity(of: line.productID)
      guard existing > 0 else { continue }
      cart = updated(cart, setting: max(0, existing - line.quantity), of: line.productID)
    }
    state.accept(cart)
    scheduleSave()
  }

  /// Tells the cart which products exist. The first call restores the saved cart; later
  /// ones drop products that have gone. Neither counts as a change to save.
  public func attach(catalog: [Product]) {
    products = Dictionary(
      catalog.enumerated().map { ($1.id, ($1, $0)) }, uniquingKeysWith: { first, _ in first })
    catalogLoaded = true
    let kept = current.lines.compactMap { line -> (String, Int)? in
      products[line.id] == nil ? nil : (line.id, line.quantity)
    }
    state.accept(rebuild(from: kept))
    guard !restored else { return }
    restored = true
    activity.track(storage.loadCart())
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure = completion { self?.messageRelay.accept(StorageMessage.loadCart) }
        },
        receiveValue: { [weak self] saved in self?.restore(saved) }
      )
      .store(in: &subscriptions)
  }

  /// Saves a pending change now.
  public func flush() {
    guard let pending = pendingSave else { return }
    pendingSave = nil
    let quantities = Dictionary(uniqueKeysWithValues: current.lines.map { ($0.id, $0.quantity) })
    activity.track(storage.saveCart(quantities))
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure = completion { self?.messageRelay.accept(StorageMessage.saveCart) }
        }, receiveValue: { _ in }
      )
      .store(in: &subscriptions)
    pending.end()
  }

  // MARK: Internals

  private func check(_ id: String, _ quantity: Int) -> String? {
    guard (1...99).contains(quantity) else { return Refusal.badQuantity }
    guard catalogLoaded, products[id] != nil else { return Refusal.unknownProduct }
    return nil
  }

  private func refuse(_ message: String) -> InputResult {
    messageRelay.accept(message)
    return .rejected(message)
  }

  private func edited() {
    scheduleSave()
    editRelay.accept(())
  }

  private func scheduleSave() {
    if pendingSave == nil { pendingSave = activity.begin() }
    changes.accept(())
  }

  private func restore(_ saved: [String: Int]) {
    let restoredLines = saved.compactMap { id, quantity -> (String, Int)? in
      guard products[id] != nil, quantity >= 1 else { return nil }
      return (id, min(quantity, 99))
    }
    // Anything added before the saved cart arrived stays, on top of what was saved.
    var merged = Dictionary(restoredLines, uniquingKeysWith: { a, _ in a })
    for line in current.lines { merged[line.id] = min(99, (merged[line.id] ?? 0) + line.quantity) }
    state.accept(rebuild(from: Array(merged)))
  }

  private func setQuantity(_ quantity: Int, of id: String) {
    state.accept(updated(current, setting: quantity, of: id))
  }

  /// `cart` with one product's quantity changed; the total moves by the difference only.
  private func updated(_ cart: Cart, setting quantity: Int, of id: String) -> Cart {
    guard let (product, position) = products[id] else { return cart }
    var lines = cart.lines
    let index = insertionIndex(in: lines, for: position)
    let previous = index < lines.count && lines[index].id == id ? lines[index].quantity : 0
    if quantity == 0 {
      if previous > 0 { lines.remove(at: index) }
    } else if previous > 0 {
      lines[index] = CartLine(product: product, quantity: quantity, position: position)
    } else {
      lines.insert(CartLine(product: product, quantity: quantity, position: position), at: index)
    }
    let delta = quantity - previous
    return Cart(
      lines: lines, baseTotal: cart.baseTotal + delta * product.priceMinor,
      itemCount: cart.itemCount + delta)
  }

  private func insertionIndex(in lines: [CartLine], for position: Int) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].position < position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  private func rebuild(from quantities: [(String, Int)]) -> Cart {
    let lines = quantities.compactMap { id, quantity -> CartLine? in
      guard let (product, position) = products[id] else { return nil }
      return CartLine(product: product, quantity: quantity, position: position)
    }
    .sorted { $0.position < $1.position }
    return Cart(
      lines: lines, baseTotal: lines.reduce(0) { $0 + $1.baseAmount },
      itemCount: lines.reduce(0) { $0 + $1.quantity })
  }
}
