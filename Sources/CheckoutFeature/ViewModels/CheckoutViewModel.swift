import AppInfrastructure
import Foundation
import ViewModelKit

/// The checkout screen: the cart's lines and total in the chosen currency, and the currency
/// picker fed by downloaded rates.
///
/// A `ScreenModel`: what it shows is one `CheckoutState`, computed in one closure from the
/// cart, the currency, the connection, the open rates table and the fetch in flight; failures
/// and refusals are `ScreenEvent`s.
@MainActor
public final class CheckoutViewModel: ScreenModel {
  /// Texts of the refusals and messages of this screen.
  public enum Text {
    public static let offline = "Offline: currency change unavailable"
    public static let busy = "Already retrieving currencies"
    public static let pickerClosed = "The currency list is not open"
    /// Said when the rates are the samples, as the session found no network (issue 30).
    public static let noNetwork = "No network: showing sample data"
    public static func unknown(_ code: String) -> String { "Unknown currency: \(code)" }
  }

  // MARK: Outputs

  /// Everything the screen shows, in one value.
  public let state: Driver<CheckoutState>
  /// "Unable to retrieve currencies", "Unknown currency: XYZ".
  public let events: Signal<ScreenEvent>

  /// Fetches rates (10 s timeout), then opens the picker.
  public let changeCurrency: Action<Void, RatesTable>

  // MARK: State

  private let store: CurrencyStore
  /// The cart whose lines the screen shows and edits.
  private let cart: CartStore
  /// Whether rates can be had: online, or offline from rates the service keeps.
  private let online: DerivedValue<Bool>
  private let openTable = BehaviorRelay<RatesTable?>(value: nil)
  private let said = PublishRelay<ScreenEvent>()
  private var subscriptions = Set<AnyCancellable>()
  /// Answers to inputs still being worked out; each is dropped once known.
  private let work = InFlightWork()
  /// Whether the screen is seen (`setActive`, `isActive`). Becoming seen with the picker closed
  /// fetches rates older than an hour again in the background, for the currency in use (AV-08).
  public let activation = Activation()
  /// When the rates in use were fetched.
  private let ratesFetchedAt = BehaviorRelay<AnySchedulerOf<DispatchQueue>.SchedulerTimeType?>(
    value: nil)
  private let rates: any RatesService
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let activity: ActivityTracker

  /// Seconds after which rates are fetched again when the screen becomes active.
  public nonisolated static let ratesStaleAfter = 3600.0

  /// How many subscriptions the view model keeps: fixed after `init`, whatever the inputs
  /// (checked by the lifetime tests).
  var keptSubscriptionCount: Int { subscriptions.count + work.count }

  // Weak: the session owns the navigator and this view model.
  private weak var navigator: SceneCoordinator<CheckoutScene>?

  public init(
    rates: any RatesService, connectivity: any ConnectivityService, cart: CartStore,
    currency: CurrencyStore, activity: ActivityTracker,
    navigator: SceneCoordinator<CheckoutScene>? = nil, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.navigator = navigator
    store = currency
    self.cart = cart
    self.rates = rates
    self.scheduler = scheduler
    self.activity = activity
    let fetchedAt = ratesFetchedAt
    // Rates can be had online, or offline from the copy a service keeps (issue 30).
    online = DerivedValue(
      connectivity.isOnline.map { $0 || rates.canAnswerOffline }, initial: false)
    let openTable = openTable
    let said = said
    changeCurrency = Action(enabledIf: online, scheduler: scheduler) { _ in
      // The picker opens as the table arrives, before the action reports it, so that an
      // input waiting on the action finds the picker open.
      activity.track(
        Self.fetch(rates, scheduler: scheduler)
          .handleEvents(receiveOutput: {
            if $0.origin == .sample { said.accept(.warning(Text.noNetwork)) }
            openTable.accept($0)
            fetchedAt.accept(scheduler.now)
          }))
    }
    let rowCache = CheckoutRowCache()
    let shown = cart.changesNow.combineLatest(currency.changes) { cart, currency in
      (
        rows: rowCache.rows(cart: cart, currency: currency),
        total: CartText.total(cart, in: currency), empty: cart.isEmpty, currency: currency,
        totalAmount: currency.amount(base: cart.baseTotal)
      )
    }
    // Enabled as the action is (online, and not fetching), in the same value as the rest.
    state = shown.combineLatest(online, openTable, changeCurrency.executingValues) {
      shown, online, table, fetching in
      CheckoutState(
        title: "Checkout", rows: shown.rows, total: shown.total,
        currency: "Currency: \(shown.currency.code)",
        emptyText: shown.empty ? "Your cart is empty" : "", isLoading: fetching,
        changeCurrencyEnabled: online && !fetching, offlineNotice: online ? "" : Text.offline,
        currencyPicker: table.map {
          Self.picker($0, current: shown.currency, source: rates.source)
        },
        totalAmount: shown.totalAmount, currencyCode: shown.currency.code)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    events = said.merge(
      with: changeCurrency.errors.filter { !$0.isNotEnabled }
        .map { _ in ScreenEvent.failure(RatesError.message) }
    )
    .asSignal(scheduler: scheduler)
    // AV-08, as one pipeline: becoming seen fetches stale rates again in the background, one
    // fetch at a time (`maxPublishers: .max(1)`; whether one is due is asked as its turn
    // comes); the currency in use takes its new rate; a failure changes nothing, says nothing.
    let store = currency
    activation.becameActive
      .flatMap(maxPublishers: .max(1)) { [weak self] _ -> AnyPublisher<RatesTable, Never> in
        guard let self, refreshIsDue else { return Empty().eraseToAnyPublisher() }
        return activity.track(
          Self.fetch(rates, scheduler: scheduler)
            .map(Optional.some).replaceError(with: nil).compactMap { $0 })
      }
      .sink { table in
        fetchedAt.accept(scheduler.now)
        if let current = table.currency(store.value.code) { store.select(current) }
      }
      .store(in: &subscriptions)
  }

  // MARK: Inputs

  /// Whether a background refresh is due now: rates an hour old or more, online, the picker
  /// closed and no currency fetch running (AV-08).
  private var refreshIsDue: Bool {
    guard let fetchedAt = ratesFetchedAt.value, openTable.value == nil, online.value,
      !changeCurrency.isExecuting
    else { return false }
    return fetchedAt.distance(to: scheduler.now)
      >= .milliseconds(Int(Self.ratesStaleAfter * 1000))
  }

  /// Does what `input` says; the answers of `openCurrencyPicker` and `chooseCurrency` come
  /// after the rates request.
  @discardableResult
  public func send(_ input: CheckoutInput) -> PendingResult {
    switch input {
    case .openCurrencyPicker: return openPicker()
    case .chooseCurrency(let code): return choose(code)
    case .select(let code): return selectFromPicker(code).pending
    case .cancel: openTable.accept(nil)
    case .back:
      navigator?.returnToCatalog()
    case .restoreCurrency(let code): restore(code)
    case .add(let id, let quantity): return cart.add(id, quantity: quantity).pending
    case .remove(let id, let quantity): return cart.remove(id, quantity: quantity).pending
    case .removeLine(let id): return cart.removeLine(id).pending
    }
    return InputResult.accepted.pending
  }

  /// `send(.openCurrencyPicker)`.
  @discardableResult
  public func openCurrencyPicker() -> PendingResult { send(.openCurrencyPicker) }

  /// `send(.restoreCurrency(code:))`.
  public func start(inCurrency code: String) { send(.restoreCurrency(code: code)) }

  /// `send(.chooseCurrency(code:))`.
  @discardableResult
  public func chooseCurrency(code: String) -> PendingResult { send(.chooseCurrency(code: code)) }

  /// `send(.select(code:))`, answered at once.
  @discardableResult
  public func select(_ code: String) -> InputResult {
    send(.select(code: code)).immediateAnswer ?? .accepted
  }

  /// `send(.cancel)`.
  public func cancel() { send(.cancel) }

  /// `send(.back)`.
  public func back() { send(.back) }

  /// Fetches rates and opens the picker; answers when the picker opens or the fetch fails.
  private func openPicker() -> PendingResult {
    guard online.value else { return Replayed.answered(.rejected(Text.offline)) }
    guard !changeCurrency.isExecuting else { return Replayed.answered(.rejected(Text.busy)) }
    return work.answer(changeCurrency.execute(())) { _ in .rejected(RatesError.message) }
  }

  /// The one rates request: the service's latest table, within 10 s, on the UI scheduler.
  private nonisolated static func fetch(
    _ rates: any RatesService, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> AnyPublisher<RatesTable, RatesError> {
    rates.latestRates().timeout(.seconds(10), scheduler: scheduler, customError: { .timeout })
      .receive(on: scheduler)
      .eraseToAnyPublisher()
  }

  /// Starts in the currency the settings name (ST-01), once the screen is first seen and
  /// online: one rates request, whose rate for `code` is selected (the picker never opens).
  /// When the rate cannot be had, GBP stays and a notice says so; offline, the offline notice
  /// already does. Waiting to be seen means a front end is there to hear the notice (a session
  /// is made before its front end listens).
  private func restore(_ code: String) {
    let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    let (rates, scheduler, online) = (rates, scheduler, online)
    // The fetch, the choice and its notice are one piece of tracked work: the notice is said
    // before the work ends, so a front end waiting for `isSettled` sees it.
    let fetched = activation.changes.first(where: { $0 })
      .flatMap { _ in online.first(where: { $0 }) }
      .flatMap { _ in
        Self.fetch(rates, scheduler: scheduler).map { Result<RatesTable, RatesError>.success($0) }
          .catch { Just(.failure($0)) }
      }
    work.sink(
      activity.track(fetched),
      receiveValue: { [weak self] result in
        guard let self else { return }
        let notAvailable = "Showing GBP: \(normalized) is not available. "
        switch result {
        case .success(let table):
          if table.origin == .sample { said.accept(.warning(Text.noNetwork)) }
          ratesFetchedAt.accept(scheduler.now)
          if let currency = table.currency(normalized) {
            store.select(currency)
          } else {
            said.accept(.failure(notAvailable + Text.unknown(normalized)))
          }
        case .failure: said.accept(.failure(notAvailable + RatesError.message))
        }
      })
  }

  /// `currency CODE` as one input: selects from the open picker, or fetches rates first.
  private func choose(_ code: String) -> PendingResult {
    if openTable.value != nil { return Replayed.answered(selectFromPicker(code)) }
    let answer = Replayed<InputResult, Never>()
    work.sink(
      openPicker(),
      receiveValue: { [weak self] opened in
        guard let self else { return }
        answer.send(opened == .accepted ? selectFromPicker(code) : opened)
        answer.send(completion: .finished)
      })
    return answer.eraseToAnyPublisher()
  }

  /// Chooses a currency from the open picker (trimmed, any case), and closes the picker.
  private func selectFromPicker(_ code: String) -> InputResult {
    guard let table = openTable.value else { return .rejected(Text.pickerClosed) }
    let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    guard let choice = table.currency(normalized) else {
      return .rejected(Text.unknown(normalized))
    }
    store.select(choice)
    openTable.accept(nil)
    return .accepted
  }

  /// `Rates of 2025-01-15`, with where they came from when the service names itself or they
  /// are not the service's answer now: `Rates of 2025-01-14, kept (no connection)`,
  /// `Sample rates of 2025-01-15 (no network)`, `Rates of 2025-01-15 (ECB, via Frankfurter)`.
  nonisolated static func ratesDate(_ table: RatesTable, source: String) -> String {
    guard let date = table.date else {
      return table.origin == .sample ? "Sample rates (no network)" : ""
    }
    switch table.origin {
    case .live: return source.isEmpty ? "Rates of \(date)" : "Rates of \(date) (\(source))"
    case .kept: return "Rates of \(date), kept (no connection)"
    case .sample: return "Sample rates of \(date) (no network)"
    }
  }

  nonisolated static func picker(_ table: RatesTable, current: Currency, source: String = "")
    -> CurrencyPicker
  {
    CurrencyPicker(
      title: "Change Currency", prompt: "Please choose your currency",
      ratesDate: ratesDate(table, source: source),
      choices: table.currencies.map { currency in
        CurrencyChoice(
          code: currency.code,
          label: "\(currency.code)  \(currency.rate.text(minimumDecimals: 2))",
          isCurrent: currency.code == current.code)
      })
  }
}

/// What the user can do on the checkout screen.
public enum CheckoutInput: Codable, Equatable, Sendable {
  /// Fetches rates and opens the currency picker (refused offline or while fetching).
  case openCurrencyPicker
  /// `currency CODE`: selects from the open picker, or fetches rates first and then selects.
  case chooseCurrency(code: String)
  /// Chooses a currency from the open picker (trimmed, any case) and closes it.
  case select(code: String)
  /// Closes the picker without changing anything.
  case cancel
  /// Returns to the catalog.
  case back
  /// Adds units of a cart line's product, as the catalog's `add` does (issue 42: quantities
  /// are edited on the checkout screen too); refused past 99, for an unknown product or a
  /// quantity under 1.
  case add(id: String, quantity: Int)
  /// Takes units off a cart line; the line goes at 0.
  case remove(id: String, quantity: Int)
  /// Takes a whole line out of the cart.
  case removeLine(id: String)
  /// Starts in a remembered or configured currency once the screen is first seen and online;
  /// when its rate cannot be had, GBP stays and a message says why.
  case restoreCurrency(code: String)
}
