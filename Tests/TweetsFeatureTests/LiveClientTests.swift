import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import TweetsFeature
import ViewModelKit

@Suite("Tweets: the live client against a loopback server")
struct LiveClientTests {
  static let pinned = Date(timeIntervalSince1970: 1_741_953_600)

  func client(_ base: URL, timeout: TimeInterval = 30) -> URLSessionTwitterAPI {
    URLSessionTwitterAPI(
      baseURL: base, timeout: timeout,
      now: { Self.pinned })
  }

  // Issue 30 adds `referenced_tweets` to the spec's fields, so retweets, replies and quotes are
  // marked live too.
  @Test("TW-90 the list request: path, sorted query items, bearer token")
  func tw90() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(
        "\(request.path)?\(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")) \(request.headers[HTTPHeader("Authorization")] ?? "") \(request.headers[HTTPHeader("User-Agent")] ?? "")"
      )
      return FlyingFox.HTTPResponse(
        statusCode: .ok, body: Data(#"{"meta":{"result_count":0}}"#.utf8))
    }
    let result = try await outcome(
      of: client(server.baseURL).listTweets(L.id, page: .first, token: "t1"))
    await server.stop()
    #expect(try result.get() == TimelinePage())
    #expect(
      await seen.values == [
        "/2/lists/1760000000000000042/tweets?expansions=author_id&max_results=100&tweet.fields=author_id,created_at,referenced_tweets&user.fields=description,profile_image_url,url Bearer t1 HeadlessMVVM-Tweets/1.0"
      ])
  }

  @Test("TW-91 since_id and pagination_token per page request")
  func tw91() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      let items = request.query.filter { $0.name == "since_id" || $0.name == "pagination_token" }
      await seen.record(items.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Data("{}".utf8))
    }
    let api = client(server.baseURL)
    let since = TwitterID(rawValue: 1_900_000_000_000_000_009)
    for page in [
      PageRequest.newer(since: since), .newerPage(since: since, token: "n2"), .older(token: "tok"),
    ] {
      _ = try await outcome(of: api.userTweets(TwitterID(rawValue: 7), page: page, token: "t"))
    }
    await server.stop()
    #expect(
      await seen.values == [
        "since_id=1900000000000000009", "pagination_token=n2&since_id=1900000000000000009",
        "pagination_token=tok",
      ])
  }

  @Test(
    "TW-92 statuses map to errors; an HTML body is unreadable",
    arguments: [
      (401, TwitterError.unauthorized), (403, .forbidden), (404, .notFound),
      (429, .rateLimited(retryAfter: 90)), (503, .server(status: 503)), (418, .http(status: 418)),
      (200, .malformedResponse),
    ])
  func tw92(status: Int, expected: TwitterError) async throws {
    let reset = Int(Self.pinned.timeIntervalSince1970) + 90
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: HTTPStatusCode(status, phrase: "S"),
        headers: status == 429 ? [HTTPHeader("x-rate-limit-reset"): "\(reset)"] : [:],
        body: Data("<html>".utf8))
    }
    let result = try await outcome(of: client(server.baseURL).user(username: "x", token: "t"))
    await server.stop()
    #expect(result == .failure(expected))
  }

  @Test("TW-93 a silent server is a timeout; a closed port is offline")
  func tw93() async throws {
    let silent = try DroppingServer(holding: true)
    defer { silent.stop() }
    let timedOut = try await outcome(
      of: client(silent.baseURL, timeout: 1).user(username: "x", token: "t"))
    #expect(timedOut == .failure(.timeout))
    let closed = try ClosedPort()
    #expect(
      try await outcome(of: client(closed.baseURL).user(username: "x", token: "t"))
        == .failure(.offline))
    let dropping = try DroppingServer()
    defer { dropping.stop() }
    #expect(
      try await outcome(of: client(dropping.baseURL).user(username: "x", token: "t"))
        == .failure(.offline))
  }

  @Test("TW-94 cancelling closes the connection")
  func tw94() async throws {
    let silent = try DroppingServer(holding: true)
    defer { silent.stop() }
    let box = CancellableBox()
    box.cancellable = client(silent.baseURL).user(username: "x", token: "t").sink(
      receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(await eventually { silent.connections > 0 })
    box.cancellable?.cancel()
    #expect(await eventually { silent.clientDisconnects > 0 })
  }

  @Test("TW-95 a base URL with a trailing slash makes no double slash")
  func tw95() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(request.path)
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Data("{}".utf8))
    }
    _ = try await outcome(of: client(server.baseURL).listMembers(L.id, pageToken: nil, token: "t"))
    await server.stop()
    #expect(await seen.values == ["/2/lists/1760000000000000042/members"])
  }
}
