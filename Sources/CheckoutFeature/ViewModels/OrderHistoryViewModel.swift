import Foundation
import ViewModelKit

/// One past order, ready to draw.
public struct OrderRow: Identifiable, Equatable, Sendable, Codable {
  public let number: Int
  /// "#000002  2025-01-12 17:05  5 items  6.02 EUR".
  public let summary: String
  /// "Bram Oakley, bram.oakley@example.net".
  public let customer: String
  /// "Ship to: 4 Quay Lane, Dunmore": where the order goes (the address's lines joined by
  /// commas), part of an order's detail in every head (issue 42).
  public let shipTo: String
  /// "4 Can of Beans for 3.50 EUR", in order.
  public let lines: [String]
  /// When it was placed.
  public let placedAt: Date
  /// How many units it holds.
  public let itemCount: Int
  /// Its total, in its currency.
  public let total: MoneyAmount
  /// Its lines as data.
  public let items: [LineAmount]

  public var id: Int { number }

  /// On the wire, data under the plain names (`items` is the count, `lines` the lines as
  /// data) and the display texts as `summary` and `lineTexts`.
  enum CodingKeys: String, CodingKey {
    case number, summary, customer, shipTo, placedAt, total
    case lines = "lineTexts"
    case itemCount = "items"
    case items = "lines"
  }
}

/// Past orders, newest first.
///
/// A `ScreenModel`: what it shows is one `OrderHistoryState`; a failed load is a `ScreenEvent`;
/// it opens and closes as a modal scene on the session's navigator.
@MainActor
public final class OrderHistoryViewModel: ScreenModel {
  /// Everything the history shows, in one value.
  public let state: Driver<OrderHistoryState>
  /// "Unable to load orders".
  public let events: Signal<ScreenEvent>

  /// Each failed load's message (also in `events`): a front end that must report a failed
  /// read (the CLI's exit status) listens here.
  public let loadFailures: Signal<String>

  private let storage: any CheckoutStorage
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let formatter: DateFormatter
  private let orders = BehaviorRelay<[OrderRow]?>(value: nil)
  private let said = PublishRelay<String>()
  private let failureRelay = PublishRelay<String>()
  private var observation: AnyCancellable?
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()

  private let activity: ActivityTracker?
  // Weak: the session owns the navigator and this view model.
  private weak var navigator: SceneCoordinator<CheckoutScene>?

  /// With `activity`, each load counts as work in flight until its first list (or failure)
  /// arrives, so that a front end that waits for the app to settle sees the orders.
  public init(
    storage: any CheckoutStorage, timeZone: TimeZone = .current, activity: ActivityTracker? = nil,
    navigator: SceneCoordinator<CheckoutScene>? = nil, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.storage = storage
    self.navigator = navigator
    loadFailures = failureRelay.asSignal(scheduler: scheduler)
    self.activity = activity
    self.scheduler = scheduler
    formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    state = orders.map { orders in
      OrderHistoryState(
        rows: orders ?? [], isLoading: orders == nil,
        emptyText: orders?.isEmpty == true ? "No orders yet" : "")
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    events = said.map(ScreenEvent.failure).asSignal(scheduler: scheduler)
    // As for the catalog: the first load starts after `init`, so its failure is seen.
    let loading = activity?.begin()
    scheduler.schedule(after: scheduler.now) { [weak self] in
      self?.observe()
      loading?.end()
    }
  }

  /// Does what `input` says; nothing here is refused.
  @discardableResult
  public func send(_ input: OrderHistoryInput) -> InputResult {
    switch input {
    case .open: navigator?.present(.history)
    case .close: navigator?.dismiss(.history)
    case .reload: observe()
    }
    return .accepted
  }

  /// `send(.open)`.
  public func open() { send(.open) }
  /// `send(.close)`.
  public func close() { send(.close) }
  /// `send(.reload)`.
  public func reload() { send(.reload) }

  /// Subscribes to the stored orders again.
  private func observe() {
    let loading = activity?.begin()
    observation = storage.observeOrders()
      .receive(on: scheduler)
      .handleEvents(receiveCancel: { loading?.end() })
      .sink(
        receiveCompletion: { [weak self] completion in
          loading?.end()
          guard case .failure = completion, let self else { return }
          orders.accept([])
          said.accept(StorageMessage.observeOrders)
          failureRelay.accept(StorageMessage.observeOrders)
        },
        receiveValue: { [weak self] orders in
          loading?.end()
          guard let self else { return }
          self.orders.accept(orders.map(row))
        })
  }

  private func row(_ order: Order) -> OrderRow {
    let draft = order.draft
    let code = draft.currency.code
    let number = "#" + String(order.number).leftPadded(to: 6)
    let count = CartText.itemCount(draft.itemCount)
    return OrderRow(
      number: order.number,
      summary:
        "\(number)  \(formatter.string(from: draft.placedAt))  \(count)  \(Money.format(draft.totalMinor, code: code))",
      customer: "\(draft.customer.name), \(draft.customer.email)",
      shipTo: "Ship to: " + Self.oneLine(draft.customer.address),
      lines: draft.lines.map {
        "\($0.quantity) \($0.title) for \(Money.format($0.amountMinor, code: code))"
      },
      placedAt: draft.placedAt, itemCount: draft.itemCount,
      total: MoneyAmount(minor: draft.totalMinor, currency: code),
      items: draft.lines.map {
        LineAmount(
          productID: $0.productID, title: $0.title, quantity: $0.quantity,
          amount: MoneyAmount(minor: $0.amountMinor, currency: code))
      })
  }
}

extension OrderHistoryViewModel {
  /// An address on one line: its lines, trimmed, joined by ", ".
  nonisolated static func oneLine(_ address: String) -> String {
    address.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: ", ")
  }
}

/// What the user can do on the order history.
public enum OrderHistoryInput: Codable, Equatable, Sendable {
  /// Shows the history over the current scene; nothing when it is already shown.
  case open
  /// Takes the history off the stack; nothing when it is not shown.
  case close
  /// Subscribes to the stored orders again.
  case reload
}
