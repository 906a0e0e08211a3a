import Foundation
import ViewModelKit

/// The list's combined timeline: polls the list, keeps what it fetched in the store, and
/// shows a window of the newest stored rows that "load older" grows.
///
/// A `ScreenModel` (and a `TimelineModel`): what it shows is one `TimelineState`; its failures
/// are `ScreenEvent`s; its routes go through the navigator.
@MainActor
public final class ListTimelineViewModel {
  // MARK: Outputs

  /// Everything the timeline shows, in one value.
  public let state: Driver<TimelineState>
  /// Failures, each once, for the toast line.
  public let events: Signal<ScreenEvent>

  /// What the inputs the two timelines share act on.
  public let controls: TimelineControls

  // MARK: State

  private let filter = BehaviorRelay(value: "")

  public let list: ListIdentifier
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  private let poller: TimelinePoller
  private let olderAction: Action<Void, Void>
  private let window = BehaviorRelay(value: TweetsTiming.windowStep)
  private let olderToken = BehaviorRelay<String?>(value: nil)
  private let endReached = BehaviorRelay(value: false)
  private let moreStored: DerivedValue<Bool>
  private let ages: AgeClock
  private let peopleRequests = PublishRelay<Void>()
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
    let activation = Activation()
    poller = TimelinePoller(env: env, activation: activation, activity: env.activity) { token in
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
    let stored = window.map {
      store.timeline(list: list.id, limit: $0 + 1).receiveOnMainQueue(via: scheduler)
    }
    .switchToLatest()
    .combineLatest(window)
    .share(replay: 1)
    moreStored = DerivedValue(stored.map { $0.count > $1 }.removeDuplicates(), initial: false)
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
      TimelineState.Content.filtered(rows, by: text)
    }
    .eraseToAnyPublisher()
    // The store's open failure is said once, to the first subscriber, however late it comes
    // (a front end subscribes after the view model is made).
    let storeNote: AnyPublisher<String, Never> =
      store.openFailure.map { Just($0.message).eraseToAnyPublisher() }
      ?? Empty().eraseToAnyPublisher()
    // A failed poll is a failure; a store that could not be opened is a warning (the
    // timeline goes on, unkept).
    events = poller.errors.map(ScreenEvent.failure).merge(with: storeNote.map(ScreenEvent.warning))
      .asSignal(scheduler: scheduler)

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
    let shown = ShownRows()
    state = TimelineState.latest(
      title: env.api.listTitles?.receive(on: scheduler).eraseToAnyPublisher()
        ?? Just(list.title).eraseToAnyPublisher(), content: content, poll: poller.view,
      older: older, shown: shown, scheduler: scheduler)
    controls = TimelineControls(
      poller: poller, older: olderAction, filter: filter, activation: activation, shown: shown,
      navigator: navigator)
    olderAction.errors.emit { [weak self] error in
      if case .underlying(let failure as FetchFailure) = error { self?.poller.report(failure) }
    }
    .store(in: &subscriptions)
    // Opening the people screen, leading edge only: the first request, then none for 0.5 s.
    peopleRequests
      .throttleFirst(
        for: .milliseconds(Int(TweetsTiming.showPeopleThrottle * 1000)), scheduler: scheduler
      )
      .sink { [weak self] in self?.navigator?.showPeople() }
      .store(in: &subscriptions)
    owner.value = self
    poller.start()
  }

  // MARK: Inputs

  /// Does what `input` says; `loadOlder` and `showPerson` can be refused.
  @discardableResult
  public func send(_ input: TimelineInput) -> InputResult {
    if let answer = sendShared(input) { return answer }
    // Opening the people screen: at most once per 0.5 s; other requests are dropped.
    if input == .showPeople { peopleRequests.accept(()) }
    return .accepted
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
