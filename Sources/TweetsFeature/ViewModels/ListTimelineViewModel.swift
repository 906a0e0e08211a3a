import Foundation
import ViewModelKit

/// The list's combined timeline: polls the list, keeps what it fetched in the store, and
/// shows a window of the newest stored rows that "load older" grows.
///
/// A `ScreenModel` (and a `TimelineModel`): what it shows is one `TimelineState`; its failures
/// are `TimelineEvent`s; its routes go through the navigator.
public final class ListTimelineViewModel: ScreenModel {
  // MARK: Outputs

  /// Everything the timeline shows, in one value.
  public let state: Driver<TimelineState>
  /// Failures, each once, for the toast line.
  public let events: Signal<TimelineEvent>

  // Projections of `state` and `events`, one per spec output, for the spec's tests and the
  // callers that want one field; each means what the `TimelineState` field of its name means.

  /// `state.title`: `@owner/slug`.
  public let title: Driver<String>
  /// `state.tweets`.
  public let tweets: Driver<[TweetRow]>
  /// `state.placeholder`.
  public let placeholder: Driver<String>
  /// `state.status`.
  public let status: Driver<String>
  /// `state.loggedIn`.
  public let loggedIn: Driver<Bool>
  /// `state.isLoading`.
  public let isLoading: Driver<Bool>
  /// `state.footer`.
  public let footer: Driver<String>
  /// `state.canLoadOlder`.
  public let canLoadOlder: Driver<Bool>
  /// `state.filterText`.
  public let filterText: Driver<String>
  /// The messages of `events`.
  public let error: Signal<String>

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
  private let activation = Activation()

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
    let content = rows.combineLatest(filter.removeDuplicates()) { rows, text in
      let filter = TweetFilter(text)
      return TimelineState.Content(
        tweets: filter.isEmpty ? rows : rows.filter(filter.matches), isEmpty: rows.isEmpty,
        filterText: text)
    }
    .eraseToAnyPublisher()
    // The store's open failure is said once, to the first subscriber, however late it comes
    // (a front end subscribes after the view model is made).
    let storeNote: AnyPublisher<String, Never> =
      store.openFailure.map { Just($0.message).eraseToAnyPublisher() }
      ?? Empty().eraseToAnyPublisher()
    events = poller.errors.merge(with: storeNote).map(TimelineEvent.error)
      .asSignal(scheduler: scheduler)
    error = events.map(\.message)

    let loadable = moreStored.combineLatest(olderToken, endReached) { more, token, end in
      more || (token != nil && !end)
    }
    // The work needs `self`, which is not complete yet: it is reached through a weak box.
    let owner = WeakOwner<ListTimelineViewModel>()
    olderAction = Action(enabledIf: loadable, scheduler: scheduler) { _ in
      owner.value?.loadOlderWork() ?? Empty().eraseToAnyPublisher()
    }
    // Enabled as the action is (its condition, and not running), in one value with the footer.
    let older = olderAction.executingValues.combineLatest(moreStored, olderToken, endReached) {
      running, more, token, end in
      TimelineState.Older(
        footer: running ? "Loading older tweets..." : (end && !more ? "End of timeline" : ""),
        canLoadOlder: !running && (more || (token != nil && !end)))
    }
    .removeDuplicates().eraseToAnyPublisher()
    state = TimelineState.latest(
      title: Just(list.title).eraseToAnyPublisher(), content: content, poll: poller.view,
      older: older, scheduler: scheduler)
    title = state.map(\.title).distinctUntilChanged()
    self.tweets = state.map(\.tweets).distinctUntilChanged()
    self.placeholder = state.map(\.placeholder).distinctUntilChanged()
    status = state.map(\.status).distinctUntilChanged()
    loggedIn = state.map(\.loggedIn).distinctUntilChanged()
    isLoading = state.map(\.isLoading).distinctUntilChanged()
    self.footer = state.map(\.footer).distinctUntilChanged()
    canLoadOlder = state.map(\.canLoadOlder).distinctUntilChanged()
    filterText = state.map(\.filterText).distinctUntilChanged()
    olderAction.errors.emit { [weak self] error in
      if case .underlying(let failure as FetchFailure) = error { self?.poller.report(failure) }
    }
    .store(in: &subscriptions)
    owner.value = self
    poller.start()
  }

  // MARK: Inputs

  /// Records whether the timeline is seen; nothing reacts to it yet.
  public func setActive(_ active: Bool) { activation.set(active) }

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
