import Foundation
import ViewModelKit

/// One member's timeline, in memory only: looks the user up, then polls their tweets with
/// `since_id`, following up to five pages per poll, and merges by id.
public final class PersonTimelineViewModel {
  // MARK: Outputs

  /// `Loading...`, then `None found` or `@username` as the API spells it.
  public let title: Driver<String>
  /// Newest first.
  public let tweets: Driver<[TweetRow]>
  public let status: Driver<String>
  public let isLoading: Driver<Bool>
  public let footer: Driver<String>
  public let canLoadOlder: Driver<Bool>
  public let error: Signal<String>

  /// The filter's text (extension E3); "" without a filter.
  public let filterText: Driver<String>

  // MARK: State

  private let filter = BehaviorRelay(value: "")

  /// The username as asked for (normalised), or nil when it is not valid.
  public let username: String?
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  private var poller: TimelinePoller!
  private var olderAction: Action<Void, Void>!
  private let titleRelay = BehaviorRelay(value: "Loading...")
  private let rows = BehaviorRelay(value: HeldTweets())
  private let olderToken = BehaviorRelay<String?>(value: nil)
  private let endReached = BehaviorRelay(value: false)
  private let refusals = PublishRelay<String>()
  private let ages: AgeClock
  private var user: User?
  /// No such user: nothing more is fetched.
  private var stopped = false
  private var sawFirstPage = false
  private var subscriptions = Set<AnyCancellable>()

  /// `text` trimmed and without one leading `@`, if it is a valid username.
  public static func normalisedUsername(_ text: String) -> String? { TweetsText.username(text) }

  public init(username: String, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.username = TweetsText.username(username)
    self.env = env
    self.navigator = navigator
    let scheduler = env.scheduler
    ages = AgeClock(scheduler: scheduler)
    title = titleRelay.removeDuplicates().asDriver(scheduler: scheduler)
    let now = env.now
    let timeZone = env.timeZone
    let cache = RowCache()
    tweets = rows.combineLatest(ages.ticks) { rows, _ in
      let authors = rows.authors
      let current = now()
      return rows.order.map { id in
        let tweet = rows.byID[id]!
        return cache.row(
          StoredTweet(tweet: tweet, author: authors[tweet.authorID]),
          age: TweetsText.age(of: tweet.createdAt, now: current, timeZone: timeZone))
      }
    }
    .combineLatest(filter.removeDuplicates()) { rows, text in
      let filter = TweetFilter(text)
      return filter.isEmpty ? rows : rows.filter(filter.matches)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    filterText = filter.removeDuplicates().asDriver(scheduler: scheduler)
    let owner = WeakOwner<PersonTimelineViewModel>()
    poller = TimelinePoller(env: env, activity: env.activity) { token in
      owner.value?.poll(token: token) ?? Empty().eraseToAnyPublisher()
    }
    status = poller.status
    isLoading = poller.isLoading
    error = poller.errors.merge(with: refusals).asSignal(scheduler: scheduler)
    olderAction = Action(
      enabledIf: olderToken.combineLatest(endReached) { $0 != nil && !$1 }, scheduler: scheduler
    ) { _ in owner.value?.loadOlderWork() ?? Empty().eraseToAnyPublisher() }
    canLoadOlder = olderAction.enabled
    footer = olderAction.executing.combineLatest(endReached) { running, end in
      running ? "Loading older tweets..." : (end ? "End of timeline" : "")
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    olderAction.errors.emit { [weak self] error in
      if case .underlying(let failure as FetchFailure) = error { self?.poller.report(failure) }
    }
    .store(in: &subscriptions)
    owner.value = self
    if self.username == nil {
      stopped = true
      titleRelay.accept("None found")
      scheduler.schedule { [refusals] in refusals.accept("Not a valid username.") }
    }
    poller.start()
  }

  // MARK: Inputs

  public func setPaused(_ paused: Bool) { poller.setPaused(paused) }

  public func togglePaused() { poller.setPaused(!poller.isPaused) }

  public func refresh() { poller.refresh() }

  /// The next older page.
  @discardableResult
  public func loadOlder() -> InputResult { TimelinePoller.loadOlder(olderAction) }

  public func back() { navigator?.back() }

  /// As the list timeline's filter (extension E3).
  public func setFilter(_ text: String) { filter.accept(text) }

  // MARK: Fetching

  private var since: TwitterID? { rows.value.order.first }

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
            self?.titleRelay.accept("None found")
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
    rows.accept(merged)
    titleRelay.accept(merged.order.isEmpty ? "None found" : "@\(user.username)")
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

/// Display rows by tweet id, rebuilt only when the tweet, its author or its age changed:
/// merging a page into thousands of held rows builds rows for that page only.
final class RowCache {
  private var rows: [TwitterID: (stored: StoredTweet, row: TweetRow)] = [:]

  func row(_ stored: StoredTweet, age: String) -> TweetRow {
    if let cached = rows[stored.tweet.id], cached.stored == stored, cached.row.age == age {
      return cached.row
    }
    let row = TweetRow(stored, age: age)
    rows[stored.tweet.id] = (stored, row)
    return row
  }
}

/// The tweets a person timeline holds: by id, and their ids newest first. A merge sorts only
/// the incoming ids and then merges two sorted lists.
struct HeldTweets: Equatable {
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
