import Fixtures
import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Tweets: decoding, fixtures and the store")
@MainActor
struct StoreAndDecoderTests {
  func decode(_ json: String) throws -> TimelinePage { try TweetsDecoder.timeline(Data(json.utf8)) }

  func element(id: String, date: String = "2025-03-14T11:55:00.000Z") -> String {
    #"{"id":\#(id),"author_id":"1600000000000000101","created_at":"\#(date)","text":"t"}"#
  }

  @Test("TW-80 large ids stay distinct and print back the same")
  func tw80() throws {
    let page = try decode(
      #"{"data":[\#(element(id: "\"1900000000000000001\"")),\#(element(id: "\"1900000000000000002\""))]}"#
    )
    #expect(page.tweets.map(\.id.description) == ["1900000000000000001", "1900000000000000002"])
    #expect(page.tweets[0].id != page.tweets[1].id)
  }

  @Test("TW-81 bad ids skip their element only")
  func tw81() throws {
    for bad in ["1900000000000000001", "\"19x\"", "\"0123\"", "\"\"", "\"9223372036854775808\""] {
      let page = try decode(
        #"{"data":[\#(element(id: bad)),\#(element(id: "\"1900000000000000005\""))]}"#)
      #expect(page.tweets.map(\.id) == [id(5)], "\(bad)")
    }
    #expect(TwitterID("9223372036854775807")?.rawValue == Int64.max)
  }

  @Test("TW-82 dates with and without fractions; a bad date skips the element")
  func tw82() throws {
    let page = try decode(
      #"{"data":[\#(element(id: "\"1\"", date: "2025-03-14T11:55:00.000Z")),\#(element(id: "\"2\"", date: "2025-03-14T11:55:00Z")),\#(element(id: "\"3\"", date: "yesterday"))]}"#
    )
    #expect(page.tweets.count == 2 && page.tweets[0].createdAt == page.tweets[1].createdAt)
  }

  @Test("TW-83 an empty page is fine; a body that is not an object is not")
  func tw83() throws {
    #expect(try decode(#"{"meta":{"result_count":0}}"#) == TimelinePage())
    for bad in ["[]", "\"x\"", #"{"data":["#] {
      #expect(throws: TwitterError.malformedResponse) { try decode(bad) }
    }
  }

  @Test("TW-84 optional user fields default to empty")
  func tw84() throws {
    let page = try TweetsDecoder.members(
      Data(#"{"data":[{"id":"7","name":"N","username":"n"}]}"#.utf8))
    #expect(page.users == [User(id: TwitterID(rawValue: 7), name: "N", username: "n")])
  }

  @Test("TW-85 a lookup that is not found")
  func tw85() {
    let body =
      #"{"errors":[{"type":"https://api.twitter.com/2/problems/resource-not-found","detail":"x"}]}"#
    #expect(throws: TwitterError.notFound) { try TweetsDecoder.lookup(Data(body.utf8)) }
  }

  func first<T>(_ publisher: AnyPublisher<T, TwitterError>) -> Result<T, TwitterError>? {
    var result: Result<T, TwitterError>?
    _ = publisher.sink(
      receiveCompletion: { if case .failure(let e) = $0 { result = .failure(e) } },
      receiveValue: { result = .success($0) })
    return result
  }

  @Test("TW-86 the fixture API: an empty timeline, the second page, and bad tokens")
  func tw86() throws {
    let api = FixtureTwitterAPI()
    let quinn = TwitterID(rawValue: 1_600_000_000_000_000_108)
    #expect(try first(api.userTweets(quinn, page: .first, token: "f"))?.get() == TimelinePage())
    let second = try first(api.listTweets(L.id, page: .older(token: "page-2"), token: "f"))?.get()
    #expect(second?.tweets.count == 20 && second?.nextToken == nil)
    #expect(
      first(api.listTweets(L.id, page: .older(token: "../x"), token: "f")) == .failure(.notFound))
    let list = try api.list()
    #expect(list == L)
    let firstPage = try first(api.listTweets(L.id, page: .first, token: "f"))?.get()
    #expect(firstPage?.tweets.count == 40 && firstPage?.nextToken == "page-2")
    #expect(firstPage?.tweets.first?.id.description == "1900000000000000060")
    let texts = (firstPage?.tweets ?? []).map(\.text) + (second?.tweets ?? []).map(\.text)
    #expect(texts.contains { $0.count == 280 })
    #expect(texts.contains { $0.contains("\n") } && texts.contains { $0.contains(" & ") })
    #expect(texts.contains { $0.contains("https://example.com/") })
    let members = try first(api.listMembers(L.id, pageToken: nil, token: "f"))?.get()
    #expect(members?.users.count == 8)
    #expect(try first(api.user(username: "ADAQUILL", token: "f"))?.get().username == "adaquill")
    #expect(first(api.user(username: "nobody", token: "f")) == .failure(.notFound))
  }

  @Test("TW-96 the GRDB store: no re-emission for the same page; the next one is the change")
  func tw96() throws {
    let store = GRDBTweetStore()
    let scheduler = DispatchQueue.test
    let rows = store.timeline(list: L.id, limit: 200).receive(on: scheduler).record(on: scheduler)
    let hundred = page(Array(1...100))
    try store.upsert(hundred, list: L.id)
    scheduler.settle()
    try store.upsert(hundred, list: L.id)
    scheduler.settle()
    #expect(store.count(list: L.id) == 100)
    #expect(rows.values.map(\.count) == [0, 100])
    var changed = hundred
    changed.tweets[0].text = "changed"
    try store.upsert(changed, list: L.id)
    scheduler.settle()
    #expect(rows.values.count == 3 && rows.last?.last?.tweet.text == "changed")
  }

  @Test("the GRDB store keeps lists apart and users with their tweets")
  func scoping() throws {
    let store = GRDBTweetStore()
    try store.upsert(page([1, 2]), list: L.id)
    try store.upsert(page([3]), list: TwitterID(rawValue: 5))
    var rows: [StoredTweet] = []
    _ = store.timeline(list: L.id, limit: 10).sink { rows = $0 }
    #expect(rows.map(\.tweet.id) == [id(2), id(1)] && rows.first?.author == ada)
    #expect(store.count(list: TwitterID(rawValue: 5)) == 1)
  }
}

@Suite("Tweets: extensions")
@MainActor
struct TweetsExtensionTests {
  @Test("E8 a list keeps its newest tweets only")
  func prune() throws {
    let store = GRDBTweetStore(listCap: 10, pruneEvery: 5)
    try store.upsert(page(Array(1...30)), list: L.id)
    try store.upsert(page([31]), list: TwitterID(rawValue: 5))
    #expect(store.count(list: L.id) == 10)
    var rows: [StoredTweet] = []
    _ = store.timeline(list: L.id, limit: 50).sink { rows = $0 }
    #expect(rows.map(\.tweet.id) == (21...30).reversed().map { id(Int64($0)) })
  }

  @Test("E5 a row's link")
  func link() {
    #expect(
      TweetRow(StoredTweet(tweet: tweet(60), author: ada), age: "2m").link
        == "https://x.com/adaquill/status/1900000000000000060")
    #expect(
      TweetRow(StoredTweet(tweet: tweet(60), author: nil), age: "2m").link
        == "https://x.com/i/status/1900000000000000060")
  }

  @Test("E3 the filter keeps tweets whose text or author has every word, ignoring case and accents")
  func filter() {
    let h = TweetsHarness()
    let kovac = User(id: TwitterID(rawValue: 104), name: "Dmitri Kovač", username: "dmitri_k")
    h.api.listDefault = .answer(
      TimelinePage(
        tweets: [tweet(1, "Backpressure matters"), tweet(2, "Schedulers", author: kovac)],
        users: [ada, kovac]))
    let list = h.listTimeline()
    list.model.setFilter("KOVAC")
    h.scheduler.settle()
    #expect(list.tweets.last?.map(\.id) == [id(2)])
    list.model.setFilter("backpressure ada")
    h.scheduler.settle()
    #expect(list.tweets.last?.map(\.id) == [id(1)])
    list.model.setFilter("")
    h.scheduler.settle()
    #expect(list.tweets.last?.count == 2)
  }
}

@Suite("Tweets: retweet and reply marks (E7)")
@MainActor
struct TweetMarkTests {
  @Test("referenced_tweets gives the mark; rows and the store keep it")
  func marks() throws {
    let body = #"""
      {"data":[
        {"id":"3","author_id":"101","created_at":"2025-03-14T11:55:00Z","text":"a","referenced_tweets":[{"type":"replied_to","id":"1"}]},
        {"id":"2","author_id":"101","created_at":"2025-03-14T11:55:00Z","text":"b","referenced_tweets":[{"type":"retweeted","id":"1"}]},
        {"id":"1","author_id":"101","created_at":"2025-03-14T11:55:00Z","text":"c"}]}
      """#
    let page = try TweetsDecoder.timeline(Data(body.utf8))
    #expect(page.tweets.map(\.kind) == [.reply, .retweet, .original])
    let row = TweetRow(StoredTweet(tweet: page.tweets[0], author: ada), age: "5m")
    #expect(row.mark == "(reply)" && row.line == "5m @adaquill: (reply) a")
    let store = GRDBTweetStore()
    try store.upsert(TimelinePage(tweets: page.tweets, users: [ada]), list: L.id)
    var rows: [StoredTweet] = []
    _ = store.timeline(list: L.id, limit: 10).sink { rows = $0 }
    #expect(rows.map(\.tweet.kind) == [.reply, .retweet, .original])
  }
}
