import Foundation
import Testing
import TweetsFeature
import ViewModelKit

@Suite("Tweets: list timeline content and rows")
@MainActor
struct ContentBehaviourTests {
  @Test("TW-36 the title is the list's and never changes")
  func tw36() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    h.at(90)
    #expect(list.title.values == ["@headless/swift-reactive"])
    let unnamed = ListIdentifier(id: L.id, owner: "list", slug: L.id.description)
    #expect(unnamed.title == "@list/1760000000000000042")
  }

  @Test("TW-37 stored rows show at once, newest first")
  func tw37() {
    let store = InMemoryTweetStore()
    try? store.upsert(page([1, 3, 2]), list: L.id)
    let h = TweetsHarness(store: store)
    h.api.listDefault = .answer(TimelinePage(), after: 5)
    let list = h.listTimeline()
    #expect(list.tweets.values.first?.map(\.id) == [id(3), id(2), id(1)])
  }

  @Test("TW-38 ids order as numbers")
  func tw38() {
    let h = TweetsHarness()
    let ids = ["999", "1000", "1900000000000000001", "1900000000000000002"].compactMap {
      TwitterID($0)
    }
    h.api.listDefault = .answer(
      TimelinePage(
        tweets: ids.map { Tweet(id: $0, authorID: ada.id, text: "x", createdAt: T0) },
        users: [ada]))
    let list = h.listTimeline()
    #expect(
      list.tweets.last?.map(\.id.description) == [
        "1900000000000000002", "1900000000000000001", "1000", "999",
      ])
  }

  @Test("TW-39 a tweet fetched again with new text shows the new text, once")
  func tw39() {
    let h = TweetsHarness()
    h.api.listReplies = [
      .answer(TimelinePage(tweets: [tweet(1, "v1")], users: [ada])),
      .answer(TimelinePage(tweets: [tweet(1, "v2")], users: [ada])),
    ]
    let list = h.listTimeline()
    h.at(30)
    #expect(list.tweets.last?.map(\.text) == ["v2"])
  }

  @Test("TW-40 another list's tweets never show")
  func tw40() {
    let store = InMemoryTweetStore()
    try? store.upsert(page([7]), list: TwitterID(rawValue: 99))
    let h = TweetsHarness(store: store)
    let list = h.listTimeline()
    #expect(list.tweets.last == [])
  }

  @Test("TW-41 the placeholder")
  func tw41() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(TimelinePage(), after: 5), .answer(page([1]))]
    let list = h.listTimeline()
    #expect(list.placeholder.last == "Loading...")
    h.at(5)
    #expect(list.placeholder.last == "No tweets yet.")
    h.at(30)
    #expect(list.placeholder.last == "")
    let paused = TweetsHarness(account: FakeAccount(.unavailable))
    #expect(paused.listTimeline().placeholder.last == "No tweets yet.")
  }

  @Test("TW-42 unknown authors are shown as such")
  func tw42() {
    let h = TweetsHarness()
    let stranger = Tweet(
      id: id(1), authorID: TwitterID(rawValue: 5), text: "hi",
      createdAt: T0.addingTimeInterval(-300))
    h.api.listDefault = .answer(TimelinePage(tweets: [stranger]))
    let list = h.listTimeline()
    let row = list.tweets.last?.first
    #expect(row?.authorName == "Unknown author" && row?.authorUsername == "")
    #expect(row?.header == "Unknown author · 5m")
  }

  @Test("TW-42 an author missing from the page is taken from the store")
  func tw42FromStore() {
    let h = TweetsHarness()
    // The second page's tweet names Ada as its author but carries no `includes.users`.
    h.api.listReplies = [.answer(page([1])), .answer(page([2], users: []))]
    let list = h.listTimeline()
    h.at(30)
    #expect(h.api.times("list") == [0, 30])
    let row = list.tweets.last?.first { $0.id == id(2) }
    #expect(row?.authorName == "Ada Quill" && row?.authorUsername == "adaquill")
    #expect(row?.header == "Ada Quill @adaquill · 5m")
  }

  @Test("TW-43 a renamed author re-emits every row of theirs")
  func tw43() {
    let h = TweetsHarness()
    var renamed = ada
    renamed.name = "Ada Q."
    h.api.listReplies = [
      .answer(page([1, 2])), .answer(TimelinePage(tweets: [], users: [renamed])),
    ]
    let list = h.listTimeline()
    h.at(30)
    #expect(list.tweets.last?.allSatisfy { $0.header.hasPrefix("Ada Q. @adaquill · ") } == true)
  }

  @Test("TW-44 text is decoded and trimmed, nothing else")
  func tw44() {
    #expect(TweetsDecoder.normalise("Tea &amp; streams &lt;3") == "Tea & streams <3")
    #expect(TweetsDecoder.normalise("ストリーム 🌊") == "ストリーム 🌊")
    #expect(TweetsDecoder.normalise("e\u{301}") == "e\u{301}")
    #expect(TweetsDecoder.normalise("  line1\nline2  ") == "line1\nline2")
    #expect(TweetsDecoder.normalise("&amp;lt;") == "&lt;")
    let long = String(repeating: "a", count: 4000)
    #expect(TweetsDecoder.normalise(long) == long)
  }

  @Test("TW-45 ages")
  func tw45() {
    let utc = TimeZone.gmt
    func age(_ text: String) -> String {
      // An unreadable date is no age, so the expectation below fails rather than the process.
      guard let date = ISO8601DateFormatter().date(from: text) else { return "unreadable \(text)" }
      return TweetsText.age(of: date, now: T0, timeZone: utc)
    }
    #expect(age("2025-03-14T11:59:01Z") == "now")
    #expect(age("2025-03-14T11:59:00Z") == "1m")
    #expect(age("2025-03-14T11:55:00Z") == "5m")
    #expect(age("2025-03-14T11:00:01Z") == "59m")
    #expect(age("2025-03-14T10:00:00Z") == "2h")
    #expect(age("2025-03-13T12:00:01Z") == "23h")
    #expect(age("2025-03-11T12:00:00Z") == "3d")
    #expect(age("2025-03-07T12:00:00Z") == "Mar 7")
    #expect(age("2024-12-25T09:00:00Z") == "Dec 25, 2024")
    #expect(age("2025-03-14T12:00:40Z") == "now")
  }

  @Test("TW-46 ages refresh every 60 s, re-emitting only on a change")
  func tw46() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([1]))
    let list = h.listTimeline()
    #expect(list.tweets.last?.first?.age == "5m")
    let count = list.tweets.values.count
    h.at(30)
    #expect(list.tweets.values.count == count)
    h.at(60)
    #expect(list.tweets.last?.first?.age == "6m" && list.tweets.times.last == 60)
  }

  @Test("TW-47 a restart shows the stored tweets at once")
  func tw47() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tweets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("tweets.sqlite")
    do {
      let store = GRDBTweetStore(url: file)
      let h = TweetsHarness(store: store)
      h.api.listDefault = .answer(try FixtureTwitterAPIPage.listFirst())
      let list = h.listTimeline()
      h.scheduler.settle()
      #expect(list.tweets.last?.count == 40)
    }
    let h = TweetsHarness(store: GRDBTweetStore(url: file))
    h.api.listDefault = .never
    let list = h.listTimeline()
    #expect(list.tweets.values.first?.count == 40)
  }

  @Test("TW-48 a store that cannot be opened: memory, and one message")
  func tw48() throws {
    let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tweets-file-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: blocker) }
    try Data("x".utf8).write(to: blocker)
    let store = GRDBTweetStore(url: blocker.appendingPathComponent("tweets.sqlite"))
    #expect(store.openFailure == .openFailed)
    let h = TweetsHarness(store: store)
    h.api.listDefault = .answer(page([1]))
    let list = h.listTimeline()
    h.at(60)
    #expect(list.error.values == ["Could not open the tweet store; tweets will not be kept."])
    #expect(list.error.times == [0] && list.tweets.last?.count == 1)
  }

  @Test("TW-49 show people: leading edge, then dropped for 0.5 s")
  func tw49() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    for t in [0, 0.2, 0.4, 0.5, 0.9, 1.2] {
      h.at(t)
      list.model.showPeople()
    }
    #expect(h.navigator.log.filter { $0.0 == "people" }.map(\.1) == [0, 0.5, 1.2])
  }

  @Test("TW-100 a row's line")
  func tw100() {
    let row = TweetRow(StoredTweet(tweet: tweet(1, "line1\nline2"), author: ada), age: "5m")
    #expect(row.line == "5m @adaquill: line1 line2")
    let unknown = TweetRow(StoredTweet(tweet: tweet(1, "line1\nline2"), author: nil), age: "5m")
    #expect(unknown.line == "5m Unknown author: line1 line2")
  }

  @Test("TW-102 person rows")
  func tw102() {
    #expect(PersonRow(ada).handle == "@adaquill")
    let nameless = User(id: ada.id, name: "", username: "adaquill")
    #expect(PersonRow(nameless).display == "adaquill @adaquill")
    #expect(PersonRow(nameless).handle == "@adaquill")
  }
}

/// The fixture list's first page, read through the shared decoder.
enum FixtureTwitterAPIPage {
  static func listFirst() throws -> TimelinePage {
    var result: TimelinePage?
    _ = FixtureTwitterAPI().listTweets(L.id, page: .first, token: "fixture").sink(
      receiveCompletion: { _ in }, receiveValue: { result = $0 })
    return try #require(result)
  }
}
