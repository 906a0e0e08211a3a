import Foundation
import ViewModelKit

/// The list's combined timeline: polls the list, keeps what it fetched in the store, and
/// shows a window of the newest stored rows that "load older" grows.
public final class ListTimelineViewModel {
  // MARK: Outputs

  /// `@owner/slug`.
  public let title: Driver<String>
  /// The newest stored rows, at most the window's size.
  public let tweets: Driver<[TweetRow]>
  /// `Loading...` before the first poll, `No tweets yet.` when empty, else "".
  public let placeholder: Driver<String>
  /// `Live · updated 12:00:30`, `Paused`, `Offline · failed …`, `Twitter access not authorized.`
  public let status: Driver<String>
  public let loggedIn: Driver<Bool>
  /// True while a poll is in flight.
  public let isLoading: Driver<Bool>
  /// `Loading older tweets...`, `End of timeline` or "".
  public let footer: Driver<String>
  /// Whether `loadOlder()` would do something.
  public let canLoadOlder: Driver<Bool>
  /// Failure messages.
  public let error: Signal<String>

  /// The filter's text (extension E3); "" without a filter.
  public let filterText: Driver<String>

  // MARK: State

  private let filter = BehaviorRelay(value: "")

  public let list: ListIdentifier
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  private let poller: TimelinePoller
  private var olderAction: Action<Void, Void>!
  private let window = BehaviorRelay(value: TweetsTiming.windowStep)
  private let olderToken = BehaviorRelay<String?>(value: nil)
  private let endReached = BehaviorRelay(value: false)
  private let moreStored = BehaviorRelay(value: false)
  private let ages: AgeClock
  private var lastShowPeople: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var subscriptions = Set<AnyCancellable>()

  public init(list: ListIdentifier, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.list = list
    self.env = env
    self.navigator = navigator
    let scheduler = env.scheduler
    ages = AgeClock(scheduler: scheduler)
    let store = env.store
    let api = env.api
    let olderToken = olderToken
    poller = TimelinePoller(env: env, activity: env.activity) { token in
      api.listTweets(list.id, page: .first, token: token)
        .timed(on: scheduler)
        .flatMap { page -> AnyPublisher<Void, FetchFailure> in
          do throws(StoreError) {
            try store.upsert(page, list: list.id)
          } catch {
            return Fail(error: .store(error)).eraseToAnyPublisher()
          }
          if olderToken.value == nil, let next = page.nextToken { olderToken.accept(next) }
          return Just(()).setFailureType(to: FetchFailure.self).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
    title = Just(list.title).asDriver(scheduler: scheduler)
    status = poller.status
    loggedIn = poller.loggedIn
    isLoading = poller.isLoading

    // One more row than the window tells whether more are stored.
    let stored = window.map { store.timeline(list: list.id, limit: $0 + 1) }.switchToLatest()
      .combineLatest(window)
      .share(replay: 1)
    stored.map { $0.count > $1 }.removeDuplicates()
      .sink { [moreStored] in moreStored.accept($0) }.store(in: &subscriptions)
    let now = env.now
    let timeZone = env.timeZone
    let rows = stored.combineLatest(ages.ticks) { stored, _ in
      let (rows, window) = stored
      let current = now()
      return rows.prefix(window).map {
        TweetRow($0, age: TweetsText.age(of: $0.tweet.createdAt, now: current, timeZone: timeZone))
      }
    }
    .removeDuplicates()
    .share(replay: 1)
    tweets = rows.combineLatest(filter.removeDuplicates()) { rows, text in
      let filter = TweetFilter(text)
      return filter.isEmpty ? rows : rows.filter(filter.matches)
    }
    .asDriver(scheduler: scheduler)
    filterText = filter.removeDuplicates().asDriver(scheduler: scheduler)
    placeholder = rows.map(\.isEmpty).combineLatest(poller.gate, poller.hasFinished) {
      empty, gateOpen, finished in
      guard empty else { return "" }
      return gateOpen && !finished ? "Loading..." : "No tweets yet."
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    // The store's open failure is said once, to the first subscriber, however late it comes
    // (a front end subscribes after the view model is made).
    let storeNote: AnyPublisher<String, Never> =
      store.openFailure.map { Just($0.message).eraseToAnyPublisher() }
      ?? Empty().eraseToAnyPublisher()
    error = poller.errors.merge(with: storeNote).asSignal(scheduler: scheduler)

    let loadable = moreStored.combineLatest(olderToken, endReached) { more, token, end in
      more || (token != nil && !end)
    }
    // The work needs `self`, which is not complete yet: it is reached through a weak box.
    let owner = WeakOwner<ListTimelineViewModel>()
    olderAction = Action(enabledIf: loadable, scheduler: scheduler) { _ in
      owner.value?.loadOlderWork() ?? Empty().eraseToAnyPublisher()
    }
    canLoadOlder = olderAction.enabled
    footer = olderAction.executing.combineLatest(endReached, moreStored) { running, end, more in
      if running { return "Loading older tweets..." }
      return end && !more ? "End of timeline" : ""
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    olderAction.errors.emit { [weak self] error in
      if case .underlying(let failure as FetchFailure) = error { self?.poller.report(failure) }
    }
    .store(in: &subscriptions)
    owner.value = self
    poller.start()
  }

  // MARK: Inputs

  /// Pauses or resumes fetching, app-wide.
  public func setPaused(_ paused: Bool) { poller.setPaused(paused) }

  public func togglePaused() { poller.setPaused(!poller.isPaused) }

  /// Fetches now if the gate is open.
  public func refresh() { poller.refresh() }

  /// Shows more stored rows, or fetches the next older page when none are left.
  @discardableResult
  public func loadOlder() -> InputResult { TimelinePoller.loadOlder(olderAction) }

  /// Shows only the tweets whose text or author has every word of `text` (case and
  /// diacritics ignored); "" shows them all. Extension E3.
  public func setFilter(_ text: String) { filter.accept(text) }

  /// Opens the people screen (at most once per 0.5 s; other calls are dropped).
  public func showPeople() {
    let now = env.scheduler.now
    if let last = lastShowPeople,
      now < last.advanced(by: .milliseconds(Int(TweetsTiming.showPeopleThrottle * 1000)))
    {
      return
    }
    lastShowPeople = now
    navigator?.showPeople()
  }

  /// Whether anything of this screen is in flight.
  var isBusy: Bool { env.activity.isBusy }

  private func loadOlderWork() -> AnyPublisher<Void, FetchFailure> {
    let grow = { [window] in window.accept(window.value + TweetsTiming.windowStep) }
    if moreStored.value {
      grow()
      return Empty().eraseToAnyPublisher()
    }
    guard let token = poller.token, let next = olderToken.value else {
      return Empty().eraseToAnyPublisher()
    }
    let store = env.store
    let list = list
    return env.activity.track(
      env.api.listTweets(list.id, page: .older(token: next), token: token)
        .timed(on: env.scheduler)
    )
    .flatMap { [weak self] page -> AnyPublisher<Void, FetchFailure> in
      do throws(StoreError) {
        try store.upsert(page, list: list.id)
      } catch {
        return Fail(error: .store(error)).eraseToAnyPublisher()
      }
      self?.poller.reached()
      self?.olderToken.accept(page.nextToken)
      if page.nextToken == nil { self?.endReached.accept(true) }
      grow()
      return Empty().eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

}
