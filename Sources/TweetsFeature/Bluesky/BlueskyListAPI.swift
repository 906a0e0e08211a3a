import AppInfrastructure
import Foundation
import ViewModelKit

/// The tweets app's live source without an account: one Bluesky list, read through the
/// public AppView (`BLUESKY_APPVIEW_URL`, default `https://public.api.bsky.app`):
///
/// - the list's timeline from `app.bsky.feed.getListFeed`, its members from
///   `app.bsky.graph.getList` (which also gives the title: the list's name and owner), a
///   person from `app.bsky.actor.getProfile` and their posts from `app.bsky.feed.getAuthorFeed`;
///   older pages by cursor; a handle as the list's owner is resolved to its DID first
///   (`com.atproto.identity.resolveHandle`);
/// - ids: a post's TID (its record key) orders it by time; a person's DID is kept by its
///   stable 63-bit id, so a person opened from a row is asked for by DID;
/// - errors as the Twitter client's: 429 waits until `ratelimit-reset`, a 400 saying the list
///   or the person is not there is `notFound`, a block is `forbidden`.
///
/// No key or token is sent; the `token` arguments are ignored.
public final class BlueskyListAPI: TwitterAPI, Sendable {
  /// The public AppView.
  public static let defaultAppView = URL(string: "https://public.api.bsky.app")!
  /// Items asked for per page (the lexicons' largest).
  static let pageSize = 100

  private struct State {
    var dids: [TwitterID: String] = [:]
    var listURI: String?
    var titled = false
  }

  private let appView: URL
  private let reference: BlueskyListReference
  private let client: any HTTPClient & Sendable
  private let now: @Sendable () -> Date
  private let state = Locked(State())
  private let titleRelay: BehaviorRelay<String>
  public var serviceName: String { "Bluesky" }

  /// The largest answer read, in bytes after inflating (2 MiB): a page of 100 posts is a few
  /// hundred KiB, and parsing is what costs memory (some 45 bytes for each byte of JSON).
  public static let bodyLimit = 2 * 1024 * 1024

  public init(
    appView: URL = BlueskyListAPI.defaultAppView, list: BlueskyListReference,
    client: any HTTPClient & Sendable = CurlHTTPClient(
      timeout: TweetsTiming.requestTimeout, bodyLimit: BlueskyListAPI.bodyLimit),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.appView = appView
    reference = list
    self.client = client
    self.now = now
    titleRelay = BehaviorRelay(value: Self.initialTitle(list))
  }

  /// `@owner/<record key>` until the list's name is known, then `Name (@owner)`.
  public var listTitles: AnyPublisher<String, Never>? {
    titleRelay.removeDuplicates().eraseToAnyPublisher()
  }

  /// The title before the list's name is known.
  public static func initialTitle(_ list: BlueskyListReference) -> String {
    "@\(list.owner)/\(list.recordKey)"
  }

  /// The list's stable id, under which its timeline is stored.
  public var listID: TwitterID { BlueskyIDs.stable("\(reference.owner)/\(reference.recordKey)") }

  public func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    let cursor: String? = if case .older(let next) = page { next } else { nil }
    let titled = state.withLock { $0.titled }
    return listURI()
      .flatMap { [self] uri -> AnyPublisher<TimelinePage, TwitterError> in
        let feed = get(
          "app.bsky.feed.getListFeed",
          [("list", uri), ("limit", String(Self.pageSize))]
            + (cursor.map { [("cursor", $0)] } ?? []),
          decode: BlueskyDecoder.feed
        )
        .map { [self] in keep($0) }
        guard !titled else { return feed.eraseToAnyPublisher() }
        // The first time, the list's name too, for the title; its failure costs only that.
        let name = members(uri: uri, cursor: nil, limit: 1).map { _ in () }.replaceError(with: ())
          .setFailureType(to: TwitterError.self)
        return feed.zip(name).map(\.0).eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }

  public func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    listURI()
      .flatMap { [self] uri in members(uri: uri, cursor: pageToken, limit: Self.pageSize) }
      .eraseToAnyPublisher()
  }

  public func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    get("app.bsky.actor.getProfile", [("actor", username)], decode: BlueskyDecoder.profile)
      .map { [self] found in
        let (user, did) = found
        state.withLock { $0.dids[user.id] = did }
        return user
      }
      .eraseToAnyPublisher()
  }

  public func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    guard let did = state.withLock({ $0.dids[user] }) else {
      return Fail(error: .notFound).eraseToAnyPublisher()
    }
    var query = [
      ("actor", did), ("limit", String(Self.pageSize)), ("filter", "posts_with_replies"),
    ]
    var since: TwitterID?
    switch page {
    case .first: break
    case .newer(let after): since = after
    case .newerPage(let after, let next):
      since = after
      query.append(("cursor", next))
    case .older(let next): query.append(("cursor", next))
    }
    return get("app.bsky.feed.getAuthorFeed", query, decode: BlueskyDecoder.feed)
      .map { [self] feed in
        var page = keep(feed)
        // The feed has no `since`: a poll keeps what is newer, and stops at the first page
        // that reaches back past it.
        if let since {
          let reachesBack = page.tweets.contains { $0.id <= since }
          page.tweets.removeAll { $0.id <= since }
          if reachesBack { page.nextToken = nil }
        }
        return page
      }
      .eraseToAnyPublisher()
  }

  /// `app.bsky.feed.getPostThread` for a post's AT URI (checked first: a URI that is not a
  /// post's is `notFound`, never sent).
  public func thread(uri: String) -> AnyPublisher<TimelinePage, TwitterError>? {
    guard let uri = BlueskyPostAddress.checked(uri) else {
      return Fail(error: .notFound).eraseToAnyPublisher()
    }
    return get(
      "app.bsky.feed.getPostThread",
      [
        ("uri", uri), ("depth", String(BlueskyDecoder.threadDepth)),
        ("parentHeight", String(BlueskyDecoder.threadParents)),
      ],
      decode: BlueskyDecoder.thread
    )
    .map { [self] in keep($0) }
    .eraseToAnyPublisher()
  }

  // MARK: Requests

  private func members(uri: String, cursor: String?, limit: Int) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    get(
      "app.bsky.graph.getList",
      [("list", uri), ("limit", String(limit))] + (cursor.map { [("cursor", $0)] } ?? []),
      decode: BlueskyDecoder.members
    )
    .map { [self] members in
      state.withLock {
        $0.dids.merge(members.dids) { _, new in new }
        if members.title != nil { $0.titled = true }
      }
      if let title = members.title { titleRelay.accept(title) }
      return members.page
    }
    .eraseToAnyPublisher()
  }

  /// The list's AT URI, resolving a handle owner once.
  private func listURI() -> AnyPublisher<String, TwitterError> {
    if reference.ownerIsDID {
      return Just(reference.uri(owner: reference.owner)).setFailureType(to: TwitterError.self)
        .eraseToAnyPublisher()
    }
    if let known = state.withLock({ $0.listURI }) {
      return Just(known).setFailureType(to: TwitterError.self).eraseToAnyPublisher()
    }
    return get(
      "com.atproto.identity.resolveHandle", [("handle", reference.owner)],
      decode: BlueskyDecoder.did
    )
    .map { [self] did in
      let uri = reference.uri(owner: did)
      state.withLock { $0.listURI = uri }
      return uri
    }
    .eraseToAnyPublisher()
  }

  private func keep(_ feed: BlueskyDecoder.Feed) -> TimelinePage {
    state.withLock { $0.dids.merge(feed.dids) { _, new in new } }
    return feed.page
  }

  /// `GET <appview>/xrpc/<method>?<query>`.
  func url(_ method: String, _ query: [(String, String)]) -> URL? {
    guard
      var components = URLComponents(
        url: appView.appendingPathComponent("xrpc").appendingPathComponent(method),
        resolvingAgainstBaseURL: false)
    else { return nil }
    components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    return components.url
  }

  private func get<T>(
    _ method: String, _ query: [(String, String)],
    decode: @escaping @Sendable (Data) throws(TwitterError) -> T
  ) -> AnyPublisher<T, TwitterError> {
    let now = now
    return TweetsRequest.get(
      url(method, query),
      headers: ["Accept": "application/json", "User-Agent": "HeadlessMVVM-Tweets/1.0"],
      client: client, failure: { Self.error($0, now: now()) }, decode: decode)
  }

  /// The error an XRPC failure stands for: its status, and for a 400 the lexicon's error name
  /// (`{"error":"InvalidRequest","message":"List not found"}`).
  static func error(_ response: HTTPResponse, now: Date) -> TwitterError {
    switch response.status {
    case 429:
      return .rateLimited(
        retryAfter: TwitterError.wait(untilReset: response.headers["ratelimit-reset"], now: now))
    case 400:
      let body =
        (try? JSONSerialization.jsonObject(with: response.body.prefix(64 * 1024)))
        as? [String: Any]
      let name = body?["error"] as? String ?? ""
      let message = (body?["message"] as? String ?? "").lowercased()
      if name == "NotFound" || name == "ActorNotFound" || message.contains("not found") {
        return .notFound
      }
      if name.hasPrefix("Blocked") { return .forbidden }
      return .http(status: 400)
    default:
      return TwitterError.forStatus(response.status)
    }
  }
}
