import Foundation
import ViewModelKit

/// Everything a timeline shows, display-ready, in one value: the list's timeline and a
/// person's timeline have the same fields, so a front end draws "a timeline" once.
public struct TimelineState: Equatable, Sendable, Codable {
  /// `@owner/slug`; a person's: `Loading...`, then `@username` or `None found`.
  public var title: String
  /// The rows, newest first, filtered by `filterText`.
  public var tweets: [TweetRow]
  /// What to show instead of rows while there are none: `Loading...` before the first
  /// answer, then `No tweets yet.`; "" while there are rows.
  public var placeholder: String
  /// `Live · updated 12:00:30`, `Paused …`, `Offline …`, or `Twitter access not authorized.`
  public var status: String
  /// Whether the account is authorized.
  public var loggedIn: Bool
  /// True while a request is in flight.
  public var isLoading: Bool
  /// `Loading older tweets...`, `End of timeline`, or "".
  public var footer: String
  /// Whether `loadOlder()` would start something.
  public var canLoadOlder: Bool
  /// The filter's text (extension E3); "" without a filter.
  public var filterText: String
  /// `Sample data` while the list is the bundled sample (offline); "" for a live list.
  public var sampleNote: String = ""
  /// Whether the rows are the bundled sample (offline): their authors and addresses are made
  /// up, so a head offers no link to the post on the web.
  public var showsSamples: Bool = false
  /// Whether fetching is paused app-wide by the user (`setPaused`, `togglePaused`); not
  /// while merely unseen. A head labels its pause control from this, not from `status`.
  public var isPaused: Bool = false
}

/// Where the member list stands: the spec's `state` output.
public enum PeopleLoad: Equatable, Sendable {
  case loading
  case loaded([PersonRow])
  case failed(String)
}

extension PeopleLoad: Codable {
  private enum CodingKeys: String, CodingKey { case state, people, message }
  private enum Name: String, Codable { case loading, loaded, failed }

  /// `{"state": "loading"}`, `{"state": "loaded", "people": [...]}` or
  /// `{"state": "failed", "message": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .loading: try container.encode(Name.loading, forKey: .state)
    case .loaded(let people):
      try container.encode(Name.loaded, forKey: .state)
      try container.encode(people, forKey: .people)
    case .failed(let message):
      try container.encode(Name.failed, forKey: .state)
      try container.encode(message, forKey: .message)
    }
  }

  /// Reads what `encode(to:)` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(Name.self, forKey: .state) {
    case .loading: self = .loading
    case .loaded: self = .loaded(try container.decode([PersonRow].self, forKey: .people))
    case .failed: self = .failed(try container.decode(String.self, forKey: .message))
    }
  }
}

/// Everything the people screen shows, in one value.
public struct PeopleState: Equatable, Sendable, Codable {
  /// `List Members`.
  public var title: String
  /// Loading, loaded or failed (the spec's `state`).
  public var load: PeopleLoad
  /// The members in API order; [] until every page has arrived.
  public var people: [PersonRow]
  /// `Loading...`, `This list has no members.`, the failure, or "".
  public var message: String
  /// True while a request is in flight.
  public var isLoading: Bool
  /// Whether `retry()` would fetch again (after a failure).
  public var canRetry: Bool
}

extension TimelineState {
  /// What a front end shows where rows would be when a filter hides every row.
  public static let noMatches = "No matching tweets."

  /// The note above a scrolled-down view that rows arrived above it: `↑ 1 new tweet`,
  /// `↑ 3 new tweets`.
  public static func newTweetsNote(count: Int) -> String {
    "↑ \(count) new \(count == 1 ? "tweet" : "tweets")"
  }

  /// The rows a timeline shows and what decided them, changed together.
  struct Content: Equatable {
    /// The rows after the filter.
    var tweets: [TweetRow]
    /// Whether the timeline holds no rows at all (before the filter).
    var isEmpty: Bool
    /// The filter's text.
    var filterText: String
  }

  /// The older-page load's footer and whether it can start, changed together.
  struct Older: Equatable {
    var footer: String
    var canLoadOlder: Bool
  }

  /// The latest of a timeline's parts as one state, delivered on `scheduler`. Each part is
  /// computed in one place from the sources that change together (a poll's end changes the
  /// status and the loading flag in one value), so one change is one new state. The parts
  /// are not yet delivered anywhere: the state hops to the UI scheduler once, so its first
  /// value holds every part's value at subscription.
  static func latest(
    title: AnyPublisher<String, Never>, content: AnyPublisher<Content, Never>,
    poll: AnyPublisher<TimelinePoller.View, Never>, older: AnyPublisher<Older, Never>,
    shown: ShownRows, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> Driver<TimelineState> {
    title.combineLatest(content, poll, older) { title, content, poll, older in
      let placeholder =
        !content.isEmpty
        ? "" : (poll.gateOpen && !poll.hasFinished ? "Loading..." : "No tweets yet.")
      return TimelineState(
        title: title, tweets: content.tweets, placeholder: placeholder, status: poll.status,
        loggedIn: poll.loggedIn, isLoading: poll.isLoading, footer: older.footer,
        canLoadOlder: older.canLoadOlder, filterText: content.filterText,
        sampleNote: poll.sampleNote, showsSamples: poll.showsSamples, isPaused: poll.isPaused)
    }
    .removeDuplicates()
    .asDriver(scheduler: scheduler)
    // What a head shows is what its Driver delivered: the rows an id names.
    .map { state in
      shown.record(state.tweets)
      return state
    }
  }
}

/// The rows a timeline's state last delivered, by id: an input names a row by its id
/// (`showThread(id:)`), and means the row the person saw.
final class ShownRows: Sendable {
  private let rows = Locked<[TwitterID: TweetRow]>([:])

  func record(_ tweets: [TweetRow]) {
    let byID = Dictionary(tweets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    rows.withLock { $0 = byID }
  }

  func row(id: TwitterID) -> TweetRow? { rows.withLock { $0[id] } }
}
