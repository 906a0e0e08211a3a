import AppInfrastructure
import Foundation
import ViewModelKit

/// Who may call the API.
public protocol TwitterAccountService: AnyObject {
  /// Replays the current value; never completes.
  var status: AnyPublisher<AccountStatus, Never> { get }
  /// The status becomes `.unavailable`.
  func logOut()
}

/// The Twitter API v2 calls the app makes. Cold publishers; cancelling one cancels its
/// request.
public protocol TwitterAPI {
  func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  >
  func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  >
  func user(username: String, token: String) -> AnyPublisher<User, TwitterError>
  func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  >
  /// The service's name in messages (`Could not reach Bluesky.`).
  var serviceName: String { get }
  /// The thread of the post whose address is `uri` (a Bluesky post's AT URI): its parents,
  /// the post, its replies, in the order a thread reads; nil when the service offers no
  /// threads (Twitter's lists, the offline samples).
  func thread(uri: String) -> AnyPublisher<TimelinePage, TwitterError>?
  /// The list's title as the service tells it, replacing the one the session started with;
  /// nil when the service does not.
  var listTitles: AnyPublisher<String, Never>? { get }
}

extension TwitterAPI {
  public var serviceName: String { "Twitter" }
  public func thread(uri: String) -> AnyPublisher<TimelinePage, TwitterError>? { nil }
  public var listTitles: AnyPublisher<String, Never>? { nil }
}

/// Where tweets are kept, per list, newest first.
public protocol TweetStore: AnyObject {
  /// Stores the page's tweets and users (in one transaction), under `list` when given.
  func upsert(_ page: TimelinePage, list: TwitterID?) throws(StoreError)
  func upsertUsers(_ users: [User]) throws(StoreError)
  /// The newest `limit` rows of `list`, at once on subscription, then after each change.
  func timeline(list: TwitterID, limit: Int) -> AnyPublisher<[StoredTweet], Never>
  func count(list: TwitterID) -> Int
  /// Set when a file store could not be opened and memory is used instead.
  var openFailure: StoreError? { get }
  /// `openFailure` (at once, when there is one), then each write that fails.
  var failures: AnyPublisher<StoreError, Never> { get }
}

extension TweetStore {
  /// `openFailure` as a publisher: at once when there is one, else nothing.
  public var openFailures: AnyPublisher<StoreError, Never> {
    openFailure.map { Just($0).eraseToAnyPublisher() } ?? Empty().eraseToAnyPublisher()
  }

  /// A store whose writes report nothing else: its open failure only.
  public var failures: AnyPublisher<StoreError, Never> { openFailures }
}

/// The fixture account: authorized as `fixture` until logged out.
public final class FixtureAccount: TwitterAccountService {
  private let relay = BehaviorRelay(value: AccountStatus.authorized(token: "fixture"))
  public init() {}
  public var status: AnyPublisher<AccountStatus, Never> { relay.eraseToAnyPublisher() }
  public func logOut() { relay.accept(.unavailable) }
}

/// A public source that needs no account (a Bluesky list): authorized until logged out.
public final class PublicAccount: TwitterAccountService {
  private let relay = BehaviorRelay(value: AccountStatus.authorized(token: "public"))
  public init() {}
  public var status: AnyPublisher<AccountStatus, Never> { relay.eraseToAnyPublisher() }
  public func logOut() { relay.accept(.unavailable) }
}

/// The live account: the bearer token from the environment; blank means unavailable.
public final class EnvironmentAccount: TwitterAccountService {
  private let relay: BehaviorRelay<AccountStatus>
  public init(token: String?) {
    let trimmed = (token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    relay = BehaviorRelay(value: trimmed.isEmpty ? .unavailable : .authorized(token: trimmed))
  }
  public var status: AnyPublisher<AccountStatus, Never> { relay.eraseToAnyPublisher() }
  public func logOut() { relay.accept(.unavailable) }
}

/// Everything the tweets view models share.
public struct TweetsEnvironment {
  public let account: any TwitterAccountService
  public let api: any TwitterAPI
  public let store: any TweetStore
  /// App-wide pause.
  public let paused: BehaviorRelay<Bool>
  /// Whether the last request reached Twitter (set from results; `true` at start).
  public let reachable: BehaviorRelay<Bool>
  public let scheduler: AnySchedulerOf<DispatchQueue>
  public let now: @Sendable () -> Date
  public let timeZone: TimeZone
  /// Every API request of every scene, for the navigator's `isSettled`.
  public let activity: ActivityTracker
  /// Whether `api` answers with the bundled samples rather than a live list (the TUI says so).
  public var servesSamples = false
  /// Where the timelines' polling decisions are written for an end-to-end test.
  public let trace: Trace

  public init(
    account: any TwitterAccountService, api: any TwitterAPI, store: any TweetStore,
    paused: BehaviorRelay<Bool> = BehaviorRelay(value: false),
    reachable: BehaviorRelay<Bool> = BehaviorRelay(value: true),
    scheduler: AnySchedulerOf<DispatchQueue>, now: @escaping @Sendable () -> Date,
    timeZone: TimeZone, trace: Trace = .off
  ) {
    self.account = account
    self.api = api
    self.store = store
    self.paused = paused
    self.reachable = reachable
    self.scheduler = scheduler
    self.now = now
    self.timeZone = timeZone
    self.trace = trace
    activity = ActivityTracker(scheduler: scheduler)
  }

  /// Stops (true) or resumes (false) fetching, app-wide: the one writer of `paused` (the
  /// navigator, every timeline and the remembered choice go through it); only a change is
  /// written.
  public func setPaused(_ paused: Bool) {
    if self.paused.value != paused { self.paused.accept(paused) }
  }
}

/// The app's timing constants.
public enum TweetsTiming {
  public static let pollInterval = 30.0
  public static let requestTimeout = 15.0
  public static let windowStep = 50
  public static let showPeopleThrottle = 0.5
  public static let ageRefresh = 60.0
  public static let maxMemberPages = 10
  public static let maxPersonPages = 5
  public static let defaultRateLimitWait = 60.0
  /// The longest `letTimePass`, in seconds: a front end waits at most 60 s to settle.
  public static let longestWait = 60.0
}
