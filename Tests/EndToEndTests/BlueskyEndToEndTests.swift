import Foundation
import LoopbackSupport
import Testing

/// Issue 30, item 2, as a user runs it: `BLUESKY_LIST` set, no token, a loopback stand-in
/// for the public AppView answering in the lexicons' formats.
@Suite("End to end: tweets from a Bluesky list, keyless")
struct BlueskyEndToEndTests {
  static func fixture(_ name: String) throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/tweets/bluesky/\(name)"))
  }

  @Test("`cli tweets timeline` and `people`: the list's posts, marked, its title and members")
  func timeline() async throws {
    let files = [
      "resolveHandle": try Self.fixture("resolve-handle.json"),
      "getListFeed": try Self.fixture("list-feed.json"), "getList": try Self.fixture("list.json"),
      "getPostThread": try Self.fixture("post-thread.json"),
    ]
    let server = try ThreadedServer { target in
      let method = target.split(separator: "?").first?.split(separator: ".").last.map(String.init)
      return ThreadedServer.Answer(body: method.flatMap { files[$0] } ?? Data("{}".utf8))
    }
    defer { server.stop() }
    let environment = [
      "BLUESKY_LIST": "https://bsky.app/profile/headless.bsky.social/lists/3lbqswiftfolk",
      "BLUESKY_APPVIEW_URL": server.baseURL.absoluteString, "HEADLESS_NOW": "2025-11-25T12:00:00Z",
    ]
    let output = try await Executables.run(
      "cli", ["tweets", "--ephemeral"], input: "timeline\npeople\n", environment: environment)
    #expect(output.status == 0, "\(output.stderr)")
    for line in [
      "title: Swift reactive folks (@headless.bsky.social)\n",
      "  2m @ada.bsky.social: Backpressure is plain good manners",
      "  2h @cira.bsky.social: (reply) A view model that owns its state",
      "  4h @bporter.dev: (quote) Shipped: retry with jitter & a budget.\n",
      "  4h @elif.bsky.social: (retweet) @ada.bsky.social: Virtual time",
      "status: Live · updated 12:00:00\n", "  4. Elif Aydın @elif.bsky.social\n",
    ] {
      #expect(output.stdout.contains(line), "\(line)\n\(output.stdout)")
    }
    #expect(!output.stdout.contains("Sample data"))
    // Issue 42, item 4: under --json each post carries its own AT URI and its bsky.app page.
    let json = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "--json"], input: "timeline\n", environment: environment)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(
      json.stdout.contains(
        #""link":"https:\/\/bsky.app\/profile\/ada.bsky.social\/post\/3m6hbywc2k22b""#)
        || json.stdout.contains(
          #""link":"https://bsky.app/profile/ada.bsky.social/post/3m6hbywc2k22b""#),
      "\(json.stdout.prefix(600))")
    #expect(json.stdout.contains(#""uri":"at:"#), "\(json.stdout.prefix(600))")
    #expect(!json.stdout.contains("x.com"))
    // Issue 42, item 4: `thread 1` opens the first post's thread; `back` leaves it.
    let thread = try await Executables.run(
      "cli", ["tweets", "--ephemeral"], input: "timeline\nthread 1\nback\n",
      environment: environment)
    #expect(thread.status == 0, "\(thread.stderr)")
    for line in [
      "title: Thread\n",
      "  20m @elif.bsky.social: What do you call it when a stream slows its producer down?\n",
      "  2m @ada.bsky.social: (reply) Backpressure is plain good manners",
      "  now @cira.bsky.social: (reply) And a bounded buffer is the polite way to say 'not now'.\n",
      "scene: list-timeline\n",
    ] {
      #expect(thread.stdout.contains(line), "\(line)\n\(thread.stdout)")
    }
  }

  @Test(
    "issue 51, item 7: piped `people` while the list's first poll stalls prints the members before the poll ends"
  )
  func peopleBesideAStalledStart() async throws {
    let files = [
      "resolveHandle": try Self.fixture("resolve-handle.json"),
      "getList": try Self.fixture("list.json"),
    ]
    let released = DispatchSemaphore(value: 0)
    let server = try ThreadedServer { target in
      let method = target.split(separator: "?").first?.split(separator: ".").last.map(String.init)
      guard let body = method.flatMap({ files[$0] }) else {
        _ = released.wait(timeout: .now() + 120)  // the feed never answers: the poll times out
        return ThreadedServer.Answer(status: 503)
      }
      return ThreadedServer.Answer(body: body)
    }
    defer {
      for _ in 0..<8 { released.signal() }
      server.stop()
    }
    let output = try await Executables.run(
      "cli", ["tweets", "--ephemeral"], input: "people\n",
      environment: [
        "BLUESKY_LIST": "https://bsky.app/profile/headless.bsky.social/lists/3lbqswiftfolk",
        "BLUESKY_APPVIEW_URL": server.baseURL.absoluteString,
      ])
    #expect(output.status == 0, "\(output.stderr)")
    // The initial set as it stood (the poll still loading), then the members.
    let loading = try #require(output.stdout.range(of: "isLoading: true\n"), "\(output.stdout)")
    let ada = try #require(
      output.stdout.range(of: "  1. Ada Quill @ada.bsky.social\n"), "\(output.stdout)")
    #expect(loading.upperBound <= ada.lowerBound, "\(output.stdout)")
    #expect(output.stdout.hasPrefix("scene: list-timeline\n"), "\(output.stdout)")
  }

  @Test("a BLUESKY_LIST that is not a list's address stops the app with what it takes")
  func badList() async throws {
    let output = try await Executables.run(
      "cli", ["tweets", "timeline"],
      environment: ["BLUESKY_LIST": "https://bsky.app/profile/x/post/1"])
    #expect(output.status != 0 && output.stderr.contains("BLUESKY_LIST must be"))
  }
}
