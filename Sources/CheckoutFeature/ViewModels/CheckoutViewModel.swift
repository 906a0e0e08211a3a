import Foundation
import ViewModelKit

/// The checkout screen: the cart's lines and total in the chosen currency, and the currency
/// picker fed by downloaded rates.
public final class CheckoutViewModel {
  /// Texts of the refusals and messages of this screen.
  public enum Text {
    public static let offline = "Offline: currency change unavailable"
    public static let busy = "Already retrieving currencies"
    public static let pickerClosed = "The currency list is not open"
    public static func unknown(_ code: String) -> String { "Unknown currency: \(code)" }
  }

  // MARK: Outputs

  /// "Checkout".
  public let title: Driver<String>
  /// "2 Bag of Peas for 1.90 GBP", in catalog order.
  public let rows: Driver<[CheckoutRow]>
  /// "Total: 6.10 GBP".
  public let total: Driver<String>
  /// "Currency: GBP".
  public let currency: Driver<String>
  /// "Your cart is empty", or "" when there are rows.
  public let emptyText: Driver<String>
  /// True while rates are being fetched.
  public let isLoading: Driver<Bool>
  /// True while online and not fetching.
  public let changeCurrencyEnabled: Driver<Bool>
  /// "Offline: currency change unavailable" while offline, else "".
  public let offlineNotice: Driver<String>
  /// The open picker, or nil.
  public let currencyPicker: Driver<CurrencyPicker?>
  /// Where the screen asks to go.
  public let navigation: Signal<CheckoutRoute>
  /// "Unable to retrieve currencies", "Unknown currency: XYZ".
  public let message: Signal<String>

  /// Fetches rates (10 s timeout), then opens the picker.
  public let changeCurrency: Action<Void, RatesTable>

  // MARK: State

  private let store: CurrencyStore
  private let online = BehaviorRelay(value: false)
  private let openTable = BehaviorRelay<RatesTable?>(value: nil)
  private let routes = PublishRelay<CheckoutRoute>()
  private let messages = PublishRelay<String>()
  private var subscriptions = Set<AnyCancellable>()
  /// Answers to inputs still being worked out; each is dropped once known.
  private let work = InFlightWork()

  /// How many subscriptions the view model keeps: fixed after `init`, whatever the inputs
  /// (checked by the lifetime tests).
  var keptSubscriptionCount: Int { subscriptions.count + work.count }

  public init(
    rates: any RatesService, connectivity: any ConnectivityService, cart: CartStore,
    currency: CurrencyStore, activity: ActivityTracker, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    store = currency
    connectivity.isOnline.sink { [online] in online.accept($0) }.store(in: &subscriptions)
    let openTable = openTable
    changeCurrency = Action(enabledIf: online, scheduler: scheduler) { _ in
      // The picker opens as the table arrives, before the action reports it, so that an
      // input waiting on the action finds the picker open.
      activity.track(
        rates.latestRates().timeout(.seconds(10), scheduler: scheduler, customError: { .timeout })
          .receive(on: scheduler)
          .handleEvents(receiveOutput: { openTable.accept($0) }))
    }
    title = .just("Checkout", scheduler: scheduler)
    let rowCache = CheckoutRowCache()
    rows = cart.changesNow.combineLatest(currency.changes) { rowCache.rows(cart: $0, currency: $1) }
      .removeDuplicates().asDriver(scheduler: scheduler)
    total = cart.changesNow.combineLatest(currency.changes) { CartText.total($0, in: $1) }
      .removeDuplicates().asDriver(scheduler: scheduler)
    self.currency = currency.changes.map { "Currency: \($0.code)" }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    emptyText = cart.changesNow.map { $0.isEmpty ? "Your cart is empty" : "" }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    isLoading = changeCurrency.executing
    changeCurrencyEnabled = changeCurrency.enabled
    offlineNotice = online.map { $0 ? "" : Text.offline }.removeDuplicates()
      .asDriver(scheduler: scheduler)
    currencyPicker = openTable.combineLatest(currency.changes) { table, current in
      table.map { Self.picker($0, current: current) }
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    navigation = routes.asSignal(scheduler: scheduler)
    message = messages.merge(
      with: changeCurrency.errors.filter { !$0.isNotEnabled }.map { _ in RatesError.message }
    )
    .asSignal(scheduler: scheduler)
  }

  // MARK: Inputs

  /// Fetches rates and opens the picker; answers when the picker opens or the fetch fails.
  public func openCurrencyPicker() -> AnyPublisher<InputResult, Never> {
    guard online.value else { return Replayed.answered(.rejected(Text.offline)) }
    guard !changeCurrency.isExecuting else { return Replayed.answered(.rejected(Text.busy)) }
    let answer = Replayed<InputResult, Never>()
    work.sink(
      changeCurrency.execute(()),
      receiveCompletion: { completion in
        if case .failure = completion { answer.send(.rejected(RatesError.message)) }
        answer.send(completion: .finished)
      },
      receiveValue: { _ in answer.send(.accepted) })
    return answer.eraseToAnyPublisher()
  }

  /// `currency CODE` as one input: selects from the open picker, or fetches rates first.
  public func chooseCurrency(code: String) -> AnyPublisher<InputResult, Never> {
    if openTable.value != nil { return Replayed.answered(select(code)) }
    let answer = Replayed<InputResult, Never>()
    work.sink(
      openCurrencyPicker(),
      receiveValue: { [weak self] opened in
        guard let self else { return }
        answer.send(opened == .accepted ? select(code) : opened)
        answer.send(completion: .finished)
      })
    return answer.eraseToAnyPublisher()
  }

  /// Chooses a currency from the open picker (trimmed, any case), and closes the picker.
  @discardableResult
  public func select(_ code: String) -> InputResult {
    guard let table = openTable.value else { return .rejected(Text.pickerClosed) }
    let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    guard let choice = table.currency(normalized) else {
      messages.accept(Text.unknown(normalized))
      return .rejected(Text.unknown(normalized))
    }
    store.select(choice)
    openTable.accept(nil)
    return .accepted
  }

  /// Closes the picker without changing anything.
  public func cancel() { openTable.accept(nil) }

  /// Returns to the catalog.
  public func back() { routes.accept(.back) }

  /// Whether the picker is open now.
  public var isPickerOpen: Bool { openTable.value != nil }

  static func picker(_ table: RatesTable, current: Currency) -> CurrencyPicker {
    CurrencyPicker(
      title: "Change Currency", prompt: "Please choose your currency",
      ratesDate: table.date.map { "Rates of \($0)" } ?? "",
      choices: table.currencies.map { currency in
        CurrencyChoice(
          code: currency.code,
          label: "\(currency.code)  \(currency.rate.text(minimumDecimals: 2))",
          isCurrent: currency.code == current.code)
      })
  }
}
