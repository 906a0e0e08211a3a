import Foundation
import ViewModelKit

/// One member's timeline, in memory only: looks the user up, then polls their tweets with
/// `since_id`, following up to five pages per poll, and merges by id.
///
/// A `ScreenModel` (and a `TimelineModel`) with the same `TimelineState` as the list's
/// timeline.
@MainActor
public final class PersonTimelineViewModel {
  // MARK: Outputs

  /// Everything the timeline shows, in one value.
  public let state: Driver<TimelineState>
  /// Failures and refusals, each once, for the toast line.
  public let events: Signal<ScreenEvent>

  /// What the inputs the two timelines share act on.
  public let controls: TimelineControls

  // MARK: State

  private let filter = BehaviorRelay(value: "")

  /// The username as asked for (normalised), or nil when it is not valid.
  public let username: String?
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  private let poller: TimelinePoller
  private let olderAction: Action<Void, Void>
  private let rows = BehaviorRelay(value: HeldTweets())
  private let olderToken = BehaviorRelay<String?>(value: nil)
  private let endReached = BehaviorRelay(value: false)
  private let refusals = PublishRelay<String>()
  /// Makes the rows and keeps their ages counted.
  private let rowMaker: TimelineRows
  private var user: User?
  /// No such user: nothing more is fetched.
  private var stopped = false
  private var sawFirstPage = false
  private var subscriptions = Set<AnyCancellable>()

  /// `text` trimmed and without one leading `@`, if it is a valid username.
  public nonisolated static func normalisedUsername(_ text: String) -> String? {
    TweetsText.username(text)
  }

  public init(username: String, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.username = TweetsText.username(username)
    self.env = env
    self.navigator = navigator
    let scheduler = env.scheduler
    let maker = TimelineRows(env: env)
    rowMaker = maker
    let held = rows.combineLatest(maker.ticks) { rows, _ in
      (
        title: rows.title,
        tweets: maker.rows(rows.order.map { rows.byID[$0]! }, authors: rows.authors)
      )
    }
    .share(replay: 1)
    let content = held.combineLatest(filter.removeDuplicates()) { held, text in
      TimelineState.Content.filtered(held.tweets, by: text)
    }
    .removeDuplicates().eraseToAnyPublisher()
    let owner = WeakOwner<PersonTimelineViewModel>()
    let activation = Activation()
    poller = TimelinePoller(env: env, activation: activation, activity: env.activity) { token in
      owner.value?.poll(token: token) ?? Empty().eraseToAnyPublisher()
    }
    events = poller.errors.merge(with: refusals).map(ScreenEvent.failure)
      .asSignal(scheduler: scheduler)
    olderAction = Action(
      enabledIf: olderToken.combineLatest(endReached) { $0 != nil && !$1 }, scheduler: scheduler
    ) { _ in owner.value?.loadOlderWork() ?? Empty().eraseToAnyPublisher() }
    // Enabled as the action is (its condition, and not running), in one value with the footer.
    let older = olderAction.executingValues.combineLatest(olderToken, endReached) {
      running, token, end in
      TimelineState.Older(
        footer: running ? "Loading older tweets..." : (end ? "End of timeline" : ""),
        canLoadOlder: !running && token != nil && !end)
    }
    .removeDuplicates().eraseToAnyPublisher()
    let shown = ShownRows()
    state = TimelineState.latest(
      title: held.map(\.title).removeDuplicates().eraseToAnyPublisher(), content: content,
      poll: poller.view, older: older, shown: shown, scheduler: scheduler)
    controls = TimelineControls(
      poller: poller, older: olderAction, filter: filter, activation: activation, shown: shown,
      navigator: navigator)
    olderAction.errors.emit { [weak self] error in
      if case .underlying(let failure as FetchFailure) = error { self?.poller.report(failure) }
    }
    .store(in: &subscriptions)
    owner.value = self
    if self.username == nil {
      stopped = true
      showNobody()
      scheduler.schedule { [refusals] in refusals.accept("Not a valid username.") }
    }
    poller.start()
  }

  // MARK: Inputs

  /// Does what `input` says; `loadOlder` and `showPerson` can be refused.
  @discardableResult
  public func send(_ input: TimelineInput) -> InputResult {
    if let answer = sendShared(input) { return answer }
    navigator?.showPeople()  // the one input left: showPeople
    return .accepted
  }

  // MARK: Fetching

  private var since: TwitterID? { rows.value.order.first }

  /// No such user: the title says so, and the tweets held (none) stay.
  private func showNobody() {
    var nobody = rows.value
    nobody.title = "None found"
    rows.accept(nobody)
  }

  /// One poll: the lookup if needed, then the newer pages.
  private func poll(token: String) -> AnyPublisher<Void, FetchFailure> {
    guard !stopped, let username else { return Empty().eraseToAnyPublisher() }
    let scheduler = env.scheduler
    let lookup: AnyPublisher<User, FetchFailure> =
      if let user {
        Just(user).setFailureType(to: FetchFailure.self).eraseToAnyPublisher()
      } else {
        env.api.user(username: username, token: token).timed(on: scheduler)
          .catch { [weak self] failure -> AnyPublisher<User, FetchFailure> in
            guard failure == .twitter(.notFound) else {
              return Fail(error: failure).eraseToAnyPublisher()
            }
            self?.stopped = true
            self?.showNobody()
            return Fail(error: .other("No user named @\(username).")).eraseToAnyPublisher()
          }
          .eraseToAnyPublisher()
      }
    return lookup.flatMap { [weak self] user -> AnyPublisher<Void, FetchFailure> in
      guard let self else { return Empty().eraseToAnyPublisher() }
      self.user = user
      return pages(user: user, token: token)
    }
    .eraseToAnyPublisher()
  }

  /// `.first`, or `.newer(since:)` followed by up to four `.newerPage`s; merged at the end.
  private func pages(user: User, token: String) -> AnyPublisher<Void, FetchFailure> {
    let api = env.api
    let scheduler = env.scheduler
    let since = since
    func fetch(_ request: PageRequest, collected: [TimelinePage], count: Int) -> AnyPublisher<
      [TimelinePage], FetchFailure
    > {
      api.userTweets(user.id, page: request, token: token).timed(on: scheduler)
        .flatMap { page -> AnyPublisher<[TimelinePage], FetchFailure> in
          let all = collected + [page]
          if let since, let next = page.nextToken, count < TweetsTiming.maxPersonPages {
            return fetch(.newerPage(since: since, token: next), collected: all, count: count + 1)
          }
          return Just(all).setFailureType(to: FetchFailure.self).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
    let first: PageRequest = since.map { .newer(since: $0) } ?? .first
    return fetch(first, collected: [], count: 1)
      .map { [weak self] pages in self?.merge(pages, user: user, first: since == nil) }
      .eraseToAnyPublisher()
  }

  private func merge(_ pages: [TimelinePage], user: User, first: Bool) {
    var merged = rows.value
    var users = merged.authors
    users[user.id] = user
    for page in pages {
      for author in page.users { users[author.id] = author }
    }
    merged.merge(pages.flatMap(\.tweets), replacing: true)
    if first && !sawFirstPage {
      sawFirstPage = true
      if let next = pages.first?.nextToken { olderToken.accept(next) }
    }
    merged.authors = users
    merged.title = merged.order.isEmpty ? "None found" : "@\(user.username)"
    rows.accept(merged)
  }

  private func loadOlderWork() -> AnyPublisher<Void, FetchFailure> {
    guard let user, let token = poller.token, let next = olderToken.value else {
      return Empty().eraseToAnyPublisher()
    }
    return env.activity.track(
      env.api.userTweets(user.id, page: .older(token: next), token: token).timed(on: env.scheduler)
    )
    .map { [weak self] page in
      guard let self else { return }
      poller.reached()
      var merged = rows.value
      for author in page.users { merged.authors[author.id] = author }
      merged.merge(page.tweets, replacing: false)
      rows.accept(merged)
      olderToken.accept(page.nextToken)
      if page.nextToken == nil { endReached.accept(true) }
    }
    .eraseToAnyPublisher()
  }
}

/// The tweets a person timeline holds: by id, and their ids newest first. A merge sorts only
/// the incoming ids and then merges two sorted lists.
struct HeldTweets: Equatable {
  /// The heading for what is held (`Loading...`, `@username`, `None found`), changed in the
  /// same value as the tweets so that a merge is one new state.
  var title = "Loading..."
  private(set) var byID: [TwitterID: Tweet] = [:]
  /// Their authors, as the pages and the lookup gave them.
  var authors: [TwitterID: User] = [:]
  /// Descending.
  private(set) var order: [TwitterID] = []

  /// Adds `tweets`; an id already held is replaced only when `replacing`.
  mutating func merge(_ tweets: [Tweet], replacing: Bool) {
    var added: [TwitterID] = []
    for tweet in tweets {
      if byID[tweet.id] == nil {
        added.append(tweet.id)
        byID[tweet.id] = tweet
      } else if replacing {
        byID[tweet.id] = tweet
      }
    }
    guard !added.isEmpty else { return }
    let incoming = Array(Set(added)).sorted(by: >)
    var result: [TwitterID] = []
    result.reserveCapacity(order.count + incoming.count)
    var (i, j) = (0, 0)
    while i < order.count || j < incoming.count {
      if j == incoming.count || (i < order.count && order[i] > incoming[j]) {
        result.append(order[i])
        i += 1
      } else {
        result.append(incoming[j])
        j += 1
      }
    }
    order = result
  }
}
