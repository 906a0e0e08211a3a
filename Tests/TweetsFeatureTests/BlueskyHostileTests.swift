import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import TweetsFeature
import ViewModelKit

/// Issue 30, item 5: what a hostile or broken AppView sends, handled as the Twitter client
/// handles it: a clear error (final, or waited for), skipped elements, bounded memory.
@Suite("Tweets: Bluesky's hostile answers", .timeLimit(.minutes(6)))
struct BlueskyHostileTests {
  static let list = BlueskyListReference(
    "at://did:plc:headlessowner1/app.bsky.graph.list/3lbqswiftfolk")!

  func feed(from server: LoopbackServer, timeout: TimeInterval = 30) async throws -> Result<
    TimelinePage, TwitterError
  > {
    let api = BlueskyListAPI(
      appView: server.baseURL, list: BlueskyHostileTests.list,
      client: CurlHTTPClient(timeout: timeout),
      now: { Date(timeIntervalSince1970: 1_764_000_000) })
    return try await outcome(of: api.listTweets(api.listID, page: .older(token: "c"), token: ""))
  }

  @Test(
    "statuses: a list that is not there, a block, rate limits with and without a reset, 5xx",
    arguments: [
      (
        400, #"{"error":"InvalidRequest","message":"List not found"}"#, [String: String](),
        TwitterError.notFound
      ),
      (400, #"{"error":"BlockedActor","message":"Requester has blocked actor"}"#, [:], .forbidden),
      (
        400, #"{"error":"InvalidRequest","message":"Error: limit must be <= 100"}"#, [:],
        .http(status: 400)
      ),
      (
        429, #"{"error":"RateLimitExceeded"}"#, ["ratelimit-reset": "1764000090"],
        .rateLimited(retryAfter: 90)
      ),
      (429, "", ["ratelimit-reset": "99999999999"], .rateLimited(retryAfter: nil)),
      (429, "", [:], .rateLimited(retryAfter: nil)), (401, "", [:], .unauthorized),
      (502, "<html>bad gateway</html>", [:], .server(status: 502)),
    ])
  func statuses(
    status: Int, body: String, headers: [String: String], expected: TwitterError
  ) async throws {
    let server = try await LoopbackServer.answering(status, body, headers: headers)
    let result = try await feed(from: server)
    await server.stop()
    #expect(result == .failure(expected))
  }

  @Test("bodies that are not the lexicon's: malformed, or the bad items skipped")
  func bodies() async throws {
    let notJSON = try await LoopbackServer.answering(200, "<html>")
    #expect(try await feed(from: notJSON) == .failure(.malformedResponse))
    await notJSON.stop()
    let good =
      #"{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/3m6hbywc2k22b","author":{"did":"did:plc:a","handle":"a.bsky.social"},"record":{"text":"hi","createdAt":"2025-11-25T11:58:00.000Z"}}}"#
    let items = [
      good, #"{"post":{"uri":"x"}}"#,
      #"{"post":{"uri":"at://x/app.bsky.feed.post/1","author":{"did":"nope","handle":"a.b"},"record":{"text":"x","createdAt":"2025-11-25T11:58:00Z"}}}"#,
      #"{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/zz","author":{"did":"did:plc:a","handle":"a.bsky.social"},"record":{"text":7,"createdAt":"2025-11-25T11:58:00Z"}}}"#,
      "42", "null",
    ]
    let mixed = try await LoopbackServer.answering(
      200,
      #"{"feed":[\#(items.joined(separator: ","))],"cursor":"\#(String(repeating: "c", count: 5000))"}"#
    )
    let page = try await feed(from: mixed).get()
    await mixed.stop()
    #expect(page.tweets.map(\.text) == ["hi"] && page.nextToken == nil)
  }

  @Test("a post of 100,000 characters is cut to 3,000; 10,000 items are read up to 100")
  func huge() async throws {
    let long = String(repeating: "é", count: 100_000)
    let item =
      #"{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/3m6hbywc2k22b","author":{"did":"did:plc:a","handle":"a.bsky.social"},"record":{"text":"\#(long)","createdAt":"2025-11-25T11:58:00.000Z"}}}"#
    let one = try await LoopbackServer.answering(200, #"{"feed":[\#(item)]}"#)
    #expect(try await feed(from: one).get().tweets.first?.text.count == 3_000)
    await one.stop()
    let short =
      #"{"post":{"uri":"at://did:plc:a/app.bsky.feed.post/3m6hbywc2k22b","author":{"did":"did:plc:a","handle":"a.bsky.social"},"record":{"text":"x","createdAt":"2025-11-25T11:58:00.000Z"}}}"#
    let many = try await LoopbackServer.answering(
      200, #"{"feed":[\#(Array(repeating: short, count: 10_000).joined(separator: ","))]}"#)
    #expect(try await feed(from: many).get().tweets.count == 100)
    await many.stop()
  }

  @Test("a body past 5 MiB is too large; a stall is a timeout at the deadline")
  func limits() async throws {
    let big = try await LoopbackServer { _ in HostileBodies.hugeResponse(megabytes: 6) }
    #expect(try await feed(from: big) == .failure(.tooLarge))
    await big.stop()
    let silent = try DroppingServer(holding: true)
    let api = BlueskyListAPI(
      appView: silent.baseURL, list: Self.list, client: CurlHTTPClient(timeout: 0.5))
    let result = try await outcome(of: api.listTweets(api.listID, page: .first, token: ""))
    silent.stop()
    #expect(result == .failure(.timeout))
  }
}

@Suite("Tweets: Bluesky's ids and list addresses")
struct BlueskyIdentifierTests {
  @Test("a list from an at:// URI or a bsky.app address; anything else refused")
  func references() {
    let uri = BlueskyListReference("at://did:plc:abc123/app.bsky.graph.list/3lbqswiftfolk")
    #expect(
      uri?.owner == "did:plc:abc123" && uri?.recordKey == "3lbqswiftfolk" && uri?.ownerIsDID == true
    )
    let web = BlueskyListReference(" https://bsky.app/profile/alice.bsky.social/lists/3kx2 ")
    #expect(
      web?.owner == "alice.bsky.social" && web?.recordKey == "3kx2" && web?.ownerIsDID == false)
    for bad in [
      "", "at://did:plc:x/app.bsky.feed.post/3k", "at://did:plc:x/app.bsky.graph.list/",
      "http://bsky.app/profile/a.b/lists/k", "https://evil.example/profile/a.b/lists/k",
      "https://bsky.app/profile/a b/lists/k", "at://nodots/app.bsky.graph.list/k",
      "at://did:plc:x/app.bsky.graph.list/\(String(repeating: "k", count: 600))",
    ] {
      #expect(BlueskyListReference(bad) == nil, "\(bad)")
    }
  }

  @Test("a TID is its 63-bit value, in time order; anything else is no TID")
  func tids() throws {
    let id = try #require(BlueskyIDs.tid("3m6hbywc2k22b"))
    let micros = Int64(1_764_071_880) * 1_000_000
    #expect(id.rawValue == micros << 10 | 7)
    #expect(try #require(BlueskyIDs.tid("3m6hakgkn222b")) < id)
    for bad in [
      "", "3m6hbywc2k22", "3m6hbywc2k22bb", "zzzzzzzzzzzzz", "3m6hbywc2k22!", "1111111111111",
    ] {
      #expect(BlueskyIDs.tid(bad) == nil, "\(bad)")
    }
    #expect(BlueskyIDs.stable("did:plc:a") == BlueskyIDs.stable("did:plc:a"))
    #expect(BlueskyIDs.stable("did:plc:a") != BlueskyIDs.stable("did:plc:b"))
    #expect(BlueskyIDs.stable("did:plc:a").rawValue > 0)
  }

  @Test("issue 38: a Bluesky page past 2 MiB is refused as too large, before it is parsed")
  func pageOverTheLimit() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.hugeResponse(megabytes: 3) }
    // The request's deadline is a hang limit here: a loaded machine may serve 3 MB slowly.
    let api = BlueskyListAPI(
      appView: server.baseURL, list: BlueskyHostileTests.list,
      client: CurlHTTPClient(timeout: 120, bodyLimit: BlueskyListAPI.bodyLimit),
      now: { Date(timeIntervalSince1970: 1_764_000_000) })
    let result = try await outcome(
      of: api.listTweets(api.listID, page: .older(token: "c"), token: ""))
    await server.stop()
    #expect(result == .failure(.tooLarge))
    #expect(
      TwitterError.tooLarge.message(service: "Bluesky")
        == "Bluesky sent a response that is too large.")
  }
}
