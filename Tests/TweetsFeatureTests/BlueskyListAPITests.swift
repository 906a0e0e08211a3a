import AppInfrastructure
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import TweetsFeature
import ViewModelKit

/// Issue 30, items 2 and 5: a Bluesky list through a loopback stand-in for the public AppView,
/// answering in the `app.bsky.*` lexicons' formats (`Fixtures/tweets/bluesky`).
@Suite("Tweets: the Bluesky list client against a loopback AppView", .timeLimit(.minutes(6)))
struct BlueskyListAPITests {
  static func fixture(_ name: String) -> Data {
    (try? FixtureLoader.bundled.data("tweets/bluesky/\(name)")) ?? Data()
  }

  static let list = BlueskyListReference(
    "https://bsky.app/profile/headless.bsky.social/lists/3lbqswiftfolk")!

  /// Answers each XRPC method with its fixture.
  func appView(_ seen: Recorded) async throws -> LoopbackServer {
    try await LoopbackServer { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      await seen.record("\(request.path)?\(query)")
      let cursor = request.query.first { $0.name == "cursor" }?.value
      let file =
        switch request.path {
        case "/xrpc/com.atproto.identity.resolveHandle": "resolve-handle.json"
        case "/xrpc/app.bsky.feed.getListFeed":
          cursor == nil ? "list-feed.json" : "list-feed-older.json"
        case "/xrpc/app.bsky.graph.getList": "list.json"
        case "/xrpc/app.bsky.actor.getProfile": "profile-ada.json"
        case "/xrpc/app.bsky.feed.getAuthorFeed": "author-feed-ada.json"
        case "/xrpc/app.bsky.feed.getPostThread": "post-thread.json"
        default: "none"
        }
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.fixture(file))
    }
  }

  func api(_ server: LoopbackServer, timeout: TimeInterval = 30) -> BlueskyListAPI {
    BlueskyListAPI(
      appView: server.baseURL, list: Self.list, client: CurlHTTPClient(timeout: timeout))
  }

  @Test("the list's posts: the handle resolved once, reposts, replies and quotes marked, the title")
  func listFeed() async throws {
    let seen = Recorded()
    let server = try await appView(seen)
    let client = api(server)
    var titles: [String] = []
    let before = client.listTitles?.sink { titles.append($0) }
    before?.cancel()
    let page = try await outcome(of: client.listTweets(client.listID, page: .first, token: ""))
      .get()
    let older = try await outcome(
      of: client.listTweets(client.listID, page: .older(token: page.nextToken ?? ""), token: "")
    ).get()
    await server.stop()
    // The title replays its latest value: the list's name and owner, from the first page.
    let after = client.listTitles?.sink { titles.append($0) }
    after?.cancel()
    #expect(
      titles == [
        "@headless.bsky.social/3lbqswiftfolk", "Swift reactive folks (@headless.bsky.social)",
      ])
    #expect(page.tweets.map(\.kind) == [.original, .original, .reply, .quote, .retweet])
    #expect(
      page.tweets.first?.text
        == "Backpressure is plain good manners: ask how much they can take before you keep talking."
    )
    #expect(page.tweets[1].text.contains("ストリーム 🌊"))
    let repost = try #require(page.tweets.last)
    #expect(repost.text.hasPrefix("@ada.bsky.social: Virtual time"))
    #expect(repost.authorID == BlueskyIDs.stable("did:plc:elifaydin3m4n"))
    #expect(repost.createdAt == ISO8601DateFormatter().date(from: "2025-11-25T07:30:00Z"))
    // TIDs order the posts by time, newest first as the feed gave them.
    #expect(page.tweets.map(\.id) == page.tweets.map(\.id).sorted(by: >))
    #expect(page.nextToken == "2025-11-25T07:30:00.000Z::bafyreirepost")
    #expect(
      Set(page.users.map(\.username)).isSuperset(of: ["ada.bsky.social", "elif.bsky.social"]))
    #expect(page.users.first { $0.username == "ada.bsky.social" }?.name == "Ada Quill")
    #expect(older.tweets.count == 1 && older.nextToken == nil)
    let uri = "at://did:plc:headlessowner1/app.bsky.graph.list/3lbqswiftfolk"
    let paths = await seen.values
    #expect(paths.filter { $0.hasPrefix("/xrpc/com.atproto.identity.resolveHandle") }.count == 1)
    #expect(paths.contains("/xrpc/app.bsky.feed.getListFeed?list=\(uri)&limit=100"))
    #expect(
      paths.contains(
        "/xrpc/app.bsky.feed.getListFeed?list=\(uri)&limit=100&cursor=2025-11-25T07:30:00.000Z::bafyreirepost"
      ))
    #expect(paths.contains("/xrpc/app.bsky.graph.getList?list=\(uri)&limit=1"))
  }

  @Test("issue 42: a post's thread: its parent, the post, its replies in thread order")
  func thread() async throws {
    let seen = Recorded()
    let server = try await appView(seen)
    let client = api(server)
    let uri = "at://did:plc:ada4quill7x2k3/app.bsky.feed.post/3m6hbywc2k22b"
    let publisher = try #require(client.thread(uri: uri))
    let page = try await outcome(of: publisher).get()
    // A URI that is not a post's is refused before anything is asked.
    let refused = try #require(client.thread(uri: "https://example.com/post/1"))
    let bad = try await outcome(of: refused)
    await server.stop()
    #expect(
      page.tweets.map(\.text) == [
        "What do you call it when a stream slows its producer down?",
        "Backpressure is plain good manners: ask how much they can take before you keep talking.",
        "And a bounded buffer is the polite way to say 'not now'.",
        "Exactly: drop, block or fail, but say which.", "Stealing this for my talk.",
      ])
    #expect(page.tweets.map(\.kind) == [.original, .reply, .reply, .reply, .reply])
    #expect(page.tweets[1].uri == uri)
    #expect(
      Set(page.users.map(\.username)) == [
        "ada.bsky.social", "elif.bsky.social", "cira.bsky.social",
      ])
    let paths = await seen.values
    #expect(paths == ["/xrpc/app.bsky.feed.getPostThread?uri=\(uri)&depth=6&parentHeight=20"])
    guard case .failure(.notFound) = bad else {
      Issue.record("a bad URI should be notFound: \(bad)")
      return
    }
  }

  @Test("issue 42: a thread whose post is missing is notFound; a body that is not one, malformed")
  func threadProblems() throws {
    #expect(throws: TwitterError.notFound) {
      try BlueskyDecoder.thread(
        Data(#"{"thread":{"$type":"app.bsky.feed.defs#notFoundPost"}}"#.utf8))
    }
    #expect(throws: TwitterError.malformedResponse) {
      try BlueskyDecoder.thread(Data(#"{"posts":[]}"#.utf8))
    }
    // Replies nested deeper than the depth read, or past the most posts, are left out.
    var node: [String: Any] = ["post": Self.post(0)]
    for level in 1...10 { node = ["post": Self.post(level), "replies": [node]] }
    let data = try JSONSerialization.data(withJSONObject: ["thread": node])
    let feed = try BlueskyDecoder.thread(data)
    #expect(feed.page.tweets.count == BlueskyDecoder.threadDepth + 1)
  }

  /// A post view for the decoder, numbered.
  static func post(_ number: Int) -> [String: Any] {
    [
      "uri": "at://did:plc:ada4quill7x2k3/app.bsky.feed.post/post\(number)",
      "author": ["did": "did:plc:ada4quill7x2k3", "handle": "ada.bsky.social"],
      "record": ["text": "post \(number)", "createdAt": "2025-11-25T11:58:00.000Z"],
    ]
  }

  @Test("members, then a member's posts by DID; a poll keeps only what is newer")
  func membersAndPerson() async throws {
    let seen = Recorded()
    let server = try await appView(seen)
    let client = api(server)
    let members = try await outcome(
      of: client.listMembers(client.listID, pageToken: nil, token: "")
    )
    .get()
    let ada = try #require(members.users.first)
    let posts = try await outcome(of: client.userTweets(ada.id, page: .first, token: "")).get()
    let newest = try #require(posts.tweets.first?.id)
    let poll = try await outcome(
      of: client.userTweets(ada.id, page: .newer(since: newest), token: "")
    ).get()
    let byName = try await outcome(of: client.user(username: "ada.bsky.social", token: "")).get()
    let stranger = try await outcome(
      of: client.userTweets(TwitterID(rawValue: 12345), page: .first, token: ""))
    await server.stop()
    #expect(
      members.users.map(\.username) == [
        "ada.bsky.social", "bporter.dev", "cira.bsky.social", "elif.bsky.social",
      ])
    #expect(
      ada.description == "Streams, schedulers and manners."
        && ada.url == "https://bsky.app/profile/ada.bsky.social")
    #expect(members.nextToken == "3lbqcursor")
    #expect(posts.tweets.count == 2 && posts.nextToken == "ada-cursor-2")
    #expect(poll.tweets.isEmpty && poll.nextToken == nil)
    #expect(byName == ada)
    #expect(stranger == .failure(.notFound))
    let paths = await seen.values
    #expect(
      paths.contains(
        "/xrpc/app.bsky.feed.getAuthorFeed?actor=did:plc:ada4quill7x2k3&limit=100&filter=posts_with_replies"
      ))
    #expect(paths.contains("/xrpc/app.bsky.actor.getProfile?actor=ada.bsky.social"))
  }

  @Test("messages name Bluesky")
  func messages() {
    #expect(
      TwitterError.offline.message(service: "Bluesky")
        == "Could not reach Bluesky. Check your connection.")
    #expect(TwitterError.notFound.message == "Not found on Twitter (HTTP 404).")
  }
}
