import ViewModelKit

/// The cart shared by every checkout screen: quantities per product, in catalog order, with
/// an exact GBP total kept up to date incrementally.
///
/// Each edit is kept as a change (+n or −n of one product) and the changes are saved 0.5 s
/// after the last one, applied row by row to the stored cart (`applyCartChanges`), so an edit
/// made meanwhile by another process is never overwritten. The stored cart that comes back,
/// and any cart another process commits (checked every 2 s), becomes the shown cart with the
/// changes not yet saved on top. A failed save keeps its changes for the next save.
@MainActor
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
  /// Each failed save's message (also in `messages`): a front end that must report a lost
  /// write (the CLI's exit status) listens here.
  public let saveFailures: Signal<String>

  private let storage: any CheckoutStorage
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let activity: ActivityTracker
  private let state = BehaviorRelay(value: Cart.empty)
  private let messageRelay = PublishRelay<String>()
  private let editRelay = PublishRelay<Void>()
  private let failureRelay = PublishRelay<String>()
  private let changes = PublishRelay<Void>()
  private var products: [String: (product: Product, position: Int)] = [:]
  private var catalogLoaded = false
  private var restored = false
  private var pendingSave: Activity?
  /// Changes not yet sent to storage, and those sent whose answer has not come, oldest first.
  private var unsaved: [String: Int] = [:]
  private var inFlight: [[String: Int]] = []
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
    saveFailures = failureRelay.asSignal(scheduler: scheduler)
    changes.debounce(for: .milliseconds(500), scheduler: scheduler)
      .sink { [weak self] in self?.flush() }
      .store(in: &subscriptions)
    storage.cartChangesElsewhere(checkingOn: scheduler)
      .receive(on: scheduler)
      .sink { [weak self] stored in
        // With a save on its way, its answer brings the newer cart.
        guard let self, restored, inFlight.isEmpty else { return }
        rebase(on: stored)
      }
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

  /// Takes a product's whole line out of the cart (`remove peas all`); a product not in the
  /// cart is left alone. The rule is here once, for every screen and head (issue 53).
  @discardableResult
  public func removeLine(_ id: String) -> InputResult {
    remove(id, quantity: max(1, current.quantity(of: id)))
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
      let quantity = max(0, existing - line.quantity)
      record(quantity - existing, of: line.productID)
      cart = updated(cart, setting: quantity, of: line.productID)
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
        receiveValue: { [weak self] saved in self?.rebase(on: saved) }
      )
      .store(in: &subscriptions)
  }

  /// Saves a pending change now.
  public func flush() {
    guard let pending = pendingSave else { return }
    pendingSave = nil
    defer { pending.end() }
    guard !unsaved.isEmpty else { return }
    let batch = unsaved
    unsaved = [:]
    inFlight.append(batch)
    var save: AnyCancellable?
    var finished = false
    save = activity.track(storage.applyCartChanges(batch))
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          guard let self else { return }
          if case .failure = completion {
            inFlight.removeFirst()
            // Kept for the next save: nothing the user did is dropped.
            unsaved.merge(batch, uniquingKeysWith: +)
            messageRelay.accept(StorageMessage.saveCart)
            failureRelay.accept(StorageMessage.saveCart)
          }
          finished = true
          if let save { subscriptions.remove(save) }
        },
        receiveValue: { [weak self] stored in
          guard let self else { return }
          inFlight.removeFirst()
          rebase(on: stored)
        }
      )
    if !finished, let save { subscriptions.insert(save) }
  }

  /// Whether edits are waiting to be saved or being saved.
  public var hasUnsavedChanges: Bool { !unsaved.isEmpty || !inFlight.isEmpty }

  // MARK: Internals

  private func check(_ id: String, _ quantity: Int) -> String? {
    guard (1...99).contains(quantity) else { return Refusal.badQuantity }
    guard catalogLoaded, products[id] != nil else { return Refusal.unknownProduct }
    return nil
  }

  /// A refusal is the input's answer alone (no message besides: one refusal rule).
  private func refuse(_ message: String) -> InputResult { .rejected(message) }

  private func edited() {
    scheduleSave()
    editRelay.accept(())
  }

  private func record(_ delta: Int, of id: String) {
    guard delta != 0 else { return }
    unsaved[id, default: 0] += delta
  }

  private func scheduleSave() {
    if pendingSave == nil { pendingSave = activity.begin() }
    changes.accept(())
  }

  /// Shows `stored` (what storage holds now) with every change not yet stored on top.
  private func rebase(on stored: [String: Int]) {
    var cart = stored.filter { products[$0.key] != nil && $0.value >= 1 }
      .mapValues { min($0, 99) }
    for batch in inFlight + [unsaved] { cart = CartArithmetic.applying(batch, to: cart) }
    state.accept(rebuild(from: Array(cart)))
  }

  private func setQuantity(_ quantity: Int, of id: String) {
    record(quantity - current.quantity(of: id), of: id)
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
