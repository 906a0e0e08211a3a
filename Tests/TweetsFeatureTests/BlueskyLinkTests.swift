import Foundation
import GRDB
import Testing
import TweetsFeature
import ViewModelKit

/// Issue 42, item 4: a Bluesky post links to its own page on bsky.app, not to a made-up
/// x.com address; a Twitter post's link stays x.com's; `--json` carries the post's AT URI.
@Suite("Tweets: a Bluesky post's link is its own")
struct BlueskyLinkTests {
  static let feed = (try? BlueskyDecoder.feed(BlueskyListAPITests.fixture("list-feed.json")))

  static func row(_ tweet: Tweet, _ users: [User]) -> TweetRow {
    TweetRow(
      StoredTweet(tweet: tweet, author: users.first { $0.id == tweet.authorID }), age: "5m")
  }

  @Test(
    "issue 42: a post links to bsky.app under its author's handle; a repost to the reposted post")
  func links() throws {
    let page = try #require(Self.feed?.page)
    let first = try #require(page.tweets.first)
    #expect(first.uri == "at://did:plc:ada4quill7x2k3/app.bsky.feed.post/3m6hbywc2k22b")
    #expect(
      Self.row(first, page.users).link
        == "https://bsky.app/profile/ada.bsky.social/post/3m6hbywc2k22b")
    // A repost is the reposter's row, but its link is the reposted post's, under that post's
    // owner (the DID in its URI), never under the reposter's handle.
    let repost = try #require(page.tweets.last)
    #expect(repost.kind == .retweet)
    let link = Self.row(repost, page.users).link
    #expect(link.hasPrefix("https://bsky.app/profile/did:plc:") && link.contains("/post/"))
    #expect(!link.contains("elif.bsky.social"))
    // Every post of the page has a page on bsky.app.
    #expect(page.tweets.allSatisfy { Self.row($0, page.users).link.hasPrefix("https://bsky.app/") })
  }

  @Test("issue 42: a tweet keeps its x.com link; a hostile URI is never made into a link")
  func twitterAndHostile() {
    let ada = User(id: TwitterID(rawValue: 7), name: "Ada", username: "adaquill")
    let tweet = Tweet(
      id: TwitterID(rawValue: 1_900_000_000_000_000_060), authorID: ada.id, text: "hi",
      createdAt: Date(timeIntervalSince1970: 0))
    #expect(Self.row(tweet, [ada]).link == "https://x.com/adaquill/status/1900000000000000060")
    for hostile in [
      "at://did:plc:x/app.bsky.graph.list/3abc", "https://evil.example/post/1",
      "at://did:plc:x/app.bsky.feed.post/../../x", "at://bad owner/app.bsky.feed.post/3abc",
      "at://did:plc:x/app.bsky.feed.post/3abc\"><script>",
    ] {
      #expect(BlueskyPostAddress.checked(hostile) == nil, "\(hostile)")
    }
    #expect(
      BlueskyPostAddress.web("at://did:plc:ab/app.bsky.feed.post/3abc", handle: "no handle")
        == "https://bsky.app/profile/did:plc:ab/post/3abc")
  }

  @Test("issue 42: the row's wire form carries the post's AT URI; a tweet's has none")
  func wire() throws {
    let page = try #require(Self.feed?.page)
    let text = try WireFormat.text(Self.row(try #require(page.tweets.first), page.users))
    #expect(
      text.contains(#""uri":"at:\/\/did:plc:ada4quill7x2k3\/app.bsky.feed.post\/3m6hbywc2k22b""#)
        || text.contains(#""uri":"at://did:plc:ada4quill7x2k3/app.bsky.feed.post/3m6hbywc2k22b""#))
    #expect(text.contains(#""link":"https:"#))
    let ada = User(id: TwitterID(rawValue: 7), name: "Ada", username: "adaquill")
    let tweet = Tweet(
      id: TwitterID(rawValue: 60), authorID: ada.id, text: "hi",
      createdAt: Date(timeIntervalSince1970: 0))
    #expect(!(try WireFormat.text(Self.row(tweet, [ada]))).contains(#""uri""#))
  }

  @Test("issue 42: the store keeps a post's URI (column added by migration v3-post-uri)")
  func stored() throws {
    let page = try #require(Self.feed?.page)
    let store = GRDBTweetStore()
    let list = TwitterID(rawValue: 1)
    try store.upsert(page, list: list)
    var rows: [StoredTweet] = []
    let subscription = store.timeline(list: list, limit: 10).sink { rows = $0 }
    #expect(rows.count == page.tweets.count)
    #expect(Set(rows.compactMap(\.tweet.uri)) == Set(page.tweets.compactMap(\.uri)))
    subscription.cancel()
  }
}
