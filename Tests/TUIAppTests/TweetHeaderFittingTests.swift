import Foundation
import TUIApp
import Testing
import TweetsFeature

/// A tweet's header cut to a pane's width in terminal cells: drawing's business, so the TUI's.
@Suite("TUI: a tweet's header fits its pane")
struct TweetHeaderFittingTests {
  static let start = Date(timeIntervalSince1970: 1_741_953_600)
  static let ada = User(
    id: TwitterID(rawValue: 1_600_000_000_000_000_101), name: "Ada Quill", username: "adaquill")

  func tweet(_ n: Int64, author: User = Self.ada) -> Tweet {
    Tweet(
      id: TwitterID(rawValue: 1_900_000_000_000_000_000 + n), authorID: author.id, text: "text",
      createdAt: Self.start)
  }

  @Test("TW-101 headers shortened to fit")
  func tw101() {
    let row = TweetRow(StoredTweet(tweet: tweet(1), author: Self.ada), age: "5m")
    #expect(row.header(fitting: 24) == "Ada Quill @adaquill · 5m")
    #expect(row.header(fitting: 20) == "Ada… @adaquill · 5m")
    #expect(row.header(fitting: 12) == "Ada Qu… · 5m")
    #expect(row.header(fitting: 4) == "5m")
    let taro = User(id: TwitterID(rawValue: 9), name: "東京太郎", username: "tokyo")
    let wide = TweetRow(StoredTweet(tweet: tweet(2, author: taro), author: taro), age: "3h")
    #expect(wide.header(fitting: 16) == "東… @tokyo · 3h")
  }

}
