import Foundation
import ViewModelKit

/// The order form on the checkout screen: name, email and address with live validation,
/// and "Place order".
///
/// A `ScreenModel`: what it shows is one `OrderFormState`, computed in one closure from the
/// fields, the cart, the placement in flight and the confirmation; a failed save is a
/// `ScreenEvent`.
@MainActor
public final class OrderFormViewModel: ScreenModel {
  /// The hint texts, in the order they apply.
  public enum Hint {
    public static let emptyCart = "Add something to your cart"
    public static let incomplete = "Complete your details"
    public static let placing = "Placing order…"
    public static let ready = "Ready to order"
    /// The cart converted into `code` would round to nothing somewhere (issue 51, item 6).
    public static func lostInRounding(_ code: String) -> String {
      "This cart cannot be charged in \(code): choose another currency"
    }
  }

  /// The answer to a placement whose save failed (the event beside it says why).
  public nonisolated static let notPlaced = "order not placed"

  // MARK: Outputs

  /// Everything the form shows, in one value.
  public let state: Driver<OrderFormState>
  /// "Unable to place your order. Please try again."
  public let events: Signal<ScreenEvent>

  /// Saves an order built from the cart, currency and form as they are at `execute`.
  public let placeOrder: Action<Void, Order>

  // MARK: State

  private struct Fields: Equatable {
    enum Field: Hashable { case name, email, address }

    var name = ""
    var email = ""
    var address = ""
    var touched = TouchedFields<Field>()

    var nameStatus: FieldStatus { touched.status(.name) { OrderFormRules.name(name) } }
    var emailStatus: FieldStatus { touched.status(.email) { OrderFormRules.email(email) } }
    var addressStatus: FieldStatus { touched.status(.address) { OrderFormRules.address(address) } }
    var isValid: Bool { nameStatus.isValid && emailStatus.isValid && addressStatus.isValid }
  }

  private let fields = BehaviorRelay(value: Fields())
  private let cart: CartStore
  private let currency: CurrencyStore
  private let confirmationText = BehaviorRelay<String?>(value: nil)
  private var subscriptions = Set<AnyCancellable>()
  /// Answers to placements still being saved; each is dropped once known.
  private let work = InFlightWork()
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()

  // Weak: the session owns the navigator and this view model.
  private weak var navigator: SceneCoordinator<CheckoutScene>?

  public init(
    storage: any CheckoutStorage, cart: CartStore, currency: CurrencyStore,
    clock: @escaping () -> Date, activity: ActivityTracker,
    navigator: SceneCoordinator<CheckoutScene>? = nil, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.navigator = navigator
    self.cart = cart
    self.currency = currency
    let fields = fields
    let cartFilled = cart.changesNow.map { !$0.isEmpty }.removeDuplicates()
    // The currency in which the cart would round to nothing, if it does.
    let roundedAway = cart.changesNow.combineLatest(currency.changes) { cart, currency in
      currency.keepsValue(of: cart) ? nil : currency.code
    }
    .removeDuplicates()
    let valid = fields.map(\.isValid).removeDuplicates()
    placeOrder = Action(
      enabledIf: cartFilled.combineLatest(valid, roundedAway) { $0 && $1 && $2 == nil },
      scheduler: scheduler
    ) {
      let draft = Self.draft(
        cart: cart.current, currency: currency.value, fields: fields.value, now: clock())
      return activity.track(storage.saveOrder(draft))
    }
    state = fields.combineLatest(cartFilled, placeOrder.executingValues, confirmationText)
      .combineLatest(roundedAway) { ($0.0, $0.1, $0.2, $0.3, $1) }
      .map { fields, cartFilled, placing, confirmation, roundedAway in
        let block = Self.block(
          cartFilled: cartFilled, formValid: fields.isValid, placing: placing,
          roundedAway: roundedAway)
        return OrderFormState(
          name: fields.name, email: fields.email, address: fields.address,
          nameStatus: fields.nameStatus, emailStatus: fields.emailStatus,
          addressStatus: fields.addressStatus, formValid: fields.isValid,
          placeOrderEnabled: block == nil, placeOrderHint: block ?? Hint.ready, isPlacing: placing,
          confirmation: confirmation)
      }
      .removeDuplicates().asDriver(scheduler: scheduler)
    events = placeOrder.errors.filter { !$0.isNotEnabled }
      .map { _ in ScreenEvent.failure(StorageMessage.saveOrder) }
      .asSignal(scheduler: scheduler)
    placeOrder.elements.emit { [weak self] order in self?.placed(order) }.store(in: &subscriptions)
    cart.edits.emit { [confirmationText] in confirmationText.accept(nil) }.store(in: &subscriptions)
  }

  // MARK: Inputs

  /// Does what `input` says; `submitOrder` answers at once with the hint when the order cannot
  /// start, else `.accepted` once it is saved or `notPlaced` when the save failed.
  @discardableResult
  public func send(_ input: OrderFormInput) -> PendingResult {
    switch input {
    case .setName(let text):
      edit {
        $0.name = text
        $0.touched.touch(.name)
      }
    case .setEmail(let text):
      edit {
        $0.email = text
        $0.touched.touch(.email)
      }
    case .setAddress(let text):
      edit {
        $0.address = text
        $0.touched.touch(.address)
      }
    case .fillEmail(let email):
      // Only while the field is still pristine: an email the user typed is never replaced.
      guard !fields.value.touched.contains(.email) else { break }
      return send(.setEmail(text: email))
    case .submitOrder:
      let currency = currency.value
      if let block = Self.block(
        cartFilled: !cart.current.isEmpty, formValid: fields.value.isValid,
        placing: placeOrder.isExecuting,
        roundedAway: currency.keepsValue(of: cart.current) ? nil : currency.code)
      {
        return Replayed.answered(.rejected(block))
      }
      return work.answer(placeOrder.execute(())) { _ in .rejected(Self.notPlaced) }
    case .dismissConfirmation:
      guard confirmationText.value != nil else { break }
      confirmationText.accept(nil)
      navigator?.returnToCatalog()
    }
    return Replayed.answered(.accepted)
  }

  /// `send(.setName(text:))`.
  public func setName(_ text: String) { send(.setName(text: text)) }
  /// `send(.setEmail(text:))`.
  public func setEmail(_ text: String) { send(.setEmail(text: text)) }
  /// `send(.setAddress(text:))`.
  public func setAddress(_ text: String) { send(.setAddress(text: text)) }
  /// `send(.fillEmail(fromAccount:))`.
  public func fillEmail(fromAccount email: String) { send(.fillEmail(fromAccount: email)) }
  /// `send(.submitOrder)`.
  @discardableResult public func submitOrder() -> PendingResult { send(.submitOrder) }
  /// `send(.dismissConfirmation)`.
  public func dismissConfirmation() { send(.dismissConfirmation) }

  // MARK: Internals

  private func edit(_ change: (inout Fields) -> Void) {
    var value = fields.value
    change(&value)
    fields.accept(value)
  }

  private func placed(_ order: Order) {
    cart.subtract(order.draft.lines)
    let total = Money.format(order.draft.totalMinor, code: order.draft.currency.code)
    confirmationText.accept(
      "Order #\(String(order.number).leftPadded(to: 6)) placed. Total: \(total)")
  }

  /// Why an order cannot be placed now (the hint shown), or nil when it can.
  private nonisolated static func block(
    cartFilled: Bool, formValid: Bool, placing: Bool, roundedAway: String?
  ) -> String? {
    if !cartFilled { return Hint.emptyCart }
    if let roundedAway { return Hint.lostInRounding(roundedAway) }
    if !formValid { return Hint.incomplete }
    if placing { return Hint.placing }
    return nil
  }

  private nonisolated static func draft(cart: Cart, currency: Currency, fields: Fields, now: Date)
    -> OrderDraft
  {
    let trim = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
    return OrderDraft(
      placedAt: now,
      customer: Customer(
        name: trim(fields.name), email: trim(fields.email), address: trim(fields.address)),
      currency: currency,
      lines: cart.lines.map { line in
        OrderLine(
          productID: line.id, title: line.product.title, quantity: line.quantity,
          unitPriceMinor: line.product.priceMinor, amountMinor: currency.convert(line.baseAmount))
      },
      baseTotalMinor: cart.baseTotal, totalMinor: currency.convert(cart.baseTotal))
  }
}

/// What the user can do on the order form.
public enum OrderFormInput: Codable, Equatable, Sendable {
  /// Replaces the name as typed.
  case setName(text: String)
  /// Replaces the email as typed.
  case setEmail(text: String)
  /// Replaces the address as typed.
  case setAddress(text: String)
  /// Fills the email from the account while the field is still pristine.
  case fillEmail(fromAccount: String)
  /// Places the order, or says why not (the hint).
  case submitOrder
  /// Closes the confirmation and returns to the catalog; nothing without one.
  case dismissConfirmation
}
