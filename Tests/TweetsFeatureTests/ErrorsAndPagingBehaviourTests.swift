import Foundation
import Testing
import TweetsFeature
import ViewModelKit

@Suite("Tweets: fetch errors and paging")
@MainActor
struct ErrorsAndPagingBehaviourTests {
  @Test("TW-20 a 500, then success")
  func tw20() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.server(status: 500))]
    let list = h.listTimeline()
    #expect(list.error.values == ["Twitter is unavailable right now (HTTP 500)."])
    #expect(list.status.last == "Live · failed 12:00:00")
    h.at(30)
    #expect(list.status.last == "Live · updated 12:00:30")
  }

  @Test("TW-21 the same error in a row shows once")
  func tw21() {
    let h = TweetsHarness()
    let failure = APIReply<TimelinePage>.fail(.server(status: 503))
    h.api.listReplies = [failure, failure, failure, .answer(TimelinePage()), failure]
    let list = h.listTimeline()
    h.at(120)
    #expect(
      list.error.values
        == Array(repeating: "Twitter is unavailable right now (HTTP 503).", count: 2))
    #expect(list.error.times == [0, 120])
  }

  @Test("TW-22 a 429 waits until the reset; refresh does not fetch before it")
  func tw22() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.rateLimited(retryAfter: 100))]
    let list = h.listTimeline()
    #expect(list.error.values == ["Rate limited by Twitter. Try again in 100 s."])
    h.at(50)
    list.model.refresh()
    h.at(130)
    #expect(h.api.times("list") == [0, 120])
    let unknown = TweetsHarness()
    unknown.api.listReplies = [.fail(.rateLimited(retryAfter: nil))]
    let other = unknown.listTimeline()
    unknown.at(60)
    #expect(unknown.api.times("list") == [0, 60])
    #expect(other.error.values == ["Rate limited by Twitter. Try again in 60 s."])
  }

  @Test("TW-23 an unreadable response changes nothing; polling goes on")
  func tw23() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.malformedResponse)]
    let list = h.listTimeline()
    h.at(30)
    #expect(list.error.values == ["Twitter sent a response that could not be read."])
    #expect(h.store.count(list: L.id) == 0 && h.api.times("list") == [0, 30])
  }

  @Test("TW-24 offline: the message, Offline, and the next tick")
  func tw24() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.offline)]
    let list = h.listTimeline()
    #expect(list.error.values == ["Could not reach Twitter. Check your connection."])
    #expect(list.status.last == "Offline · failed 12:00:00")
    h.at(30)
    #expect(h.api.times("list") == [0, 30])
  }

  @Test(
    "TW-25 403, 404 and 418, and polling continues",
    arguments: [
      (TwitterError.forbidden, "Twitter refused access (HTTP 403)."),
      (.notFound, "Not found on Twitter (HTTP 404)."),
      (.http(status: 418), "Unexpected response from Twitter (HTTP 418)."),
    ])
  func tw25(error: TwitterError, message: String) {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(error)]
    let list = h.listTimeline()
    h.at(30)
    #expect(list.error.values == [message] && h.api.times("list") == [0, 30])
  }

  @Test("TW-26 1,000 identical polls: one subscription at a time, 100 rows, no re-emission")
  func tw26() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page(Array(1...100)))
    let list = h.listTimeline()
    let emissions = list.tweets.values.count
    h.at(29)
    #expect(list.tweets.values.count == emissions)
    h.at(30 * 1000)
    #expect(h.api.maxActive == 1 && h.store.count(list: L.id) == 100)
    // Only the 60 s age refresh re-emits, and only while an age string changes.
    let ages = Set(list.tweets.values.dropFirst(emissions).map { $0.first?.age ?? "" })
    #expect(list.tweets.values.count - emissions == ages.count)
  }

  @Test("TW-27 a failed save: the message, a failed status, and the next call")
  func tw27() {
    let store = InMemoryTweetStore()
    store.failWrites = true
    let h = TweetsHarness(store: store)
    h.api.listDefault = .answer(page([1]))
    let list = h.listTimeline()
    #expect(list.error.values == ["Could not save tweets."])
    #expect(list.status.last == "Live · failed 12:00:00")
    h.at(30)
    #expect(h.api.times("list") == [0, 30])
  }

  @Test("TW-28 list polls never ask for newer or older pages")
  func tw28() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([1, 2], next: "A"))
    let list = h.listTimeline()
    h.at(90)
    #expect(h.api.pages("list").allSatisfy { $0 == .first })
    _ = list
  }

  @Test("TW-30 the older-page token: kept from the first poll, replaced by each older page")
  func tw30() {
    let store = InMemoryTweetStore()
    try? store.upsert(page(Array(61...100)), list: L.id)
    let h = TweetsHarness(store: store)
    h.api.listReplies = [.answer(page([101], next: "A")), .answer(page([102], next: "Z"))]
    let list = h.listTimeline()
    h.at(30)
    h.api.listDefault = .answer(page([1], next: "B"))
    #expect(list.model.loadOlder() == .accepted)
    h.scheduler.settle()
    #expect(list.model.loadOlder() == .accepted)
    h.scheduler.settle()
    let olderPages = h.api.pages("list").compactMap { page -> String? in
      if case .older(let token)? = page { return token }
      return nil
    }
    #expect(olderPages == ["A", "B"])
  }

  @Test("TW-31 stored rows are revealed 50 at a time before fetching")
  func tw31() {
    let store = InMemoryTweetStore()
    try? store.upsert(page(Array(1...120)), list: L.id)
    let h = TweetsHarness(store: store)
    h.api.listReplies = [.answer(page([], next: "A"))]
    h.api.listDefault = .answer(page(Array(200...279), next: "C"))
    let list = h.listTimeline()
    #expect(list.tweets.last?.count == 50)
    list.model.loadOlder()
    h.scheduler.settle()
    #expect(list.tweets.last?.count == 100 && h.api.calls.count == 1)
    list.model.loadOlder()
    h.scheduler.settle()
    #expect(list.tweets.last?.count == 120 && h.api.calls.count == 1)
    list.model.loadOlder()
    h.scheduler.settle()
    #expect(h.api.calls.count == 2 && list.tweets.last?.count == 200)
  }

  @Test("TW-32 the end of the timeline")
  func tw32() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page(Array(21...40), next: "A")), .answer(page(Array(1...20)))]
    let list = h.listTimeline()
    list.model.loadOlder()
    h.scheduler.settle()
    #expect(list.footer.last == "End of timeline" && list.canLoadOlder.last == false)
    #expect(list.model.loadOlder() == .rejected("No older tweets to load."))
    #expect(h.api.calls.count == 2)
  }

  @Test("TW-33 one older load at a time; polls do not cancel it")
  func tw33() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page([50], next: "A")), .answer(page([1], next: "B"), after: 5)]
    let list = h.listTimeline()
    h.at(26)
    list.model.loadOlder()
    h.at(27)
    #expect(list.model.loadOlder() == .rejected("Already loading older tweets."))
    #expect(list.footer.last == "Loading older tweets...")
    h.at(31)
    #expect(h.api.cancellations.isEmpty && list.tweets.last?.map(\.id).contains(id(1)) == true)
  }

  @Test("TW-34 a failed older load keeps the window and the token")
  func tw34() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page([50], next: "A")), .fail(.server(status: 500))]
    let list = h.listTimeline()
    list.model.loadOlder()
    h.scheduler.settle()
    #expect(list.error.values == ["Twitter is unavailable right now (HTTP 500)."])
    #expect(list.canLoadOlder.last == true && list.model.loadOlder() == .accepted)
    h.scheduler.settle()
    #expect(h.api.pages("list").last == .older(token: "A"))
  }

  @Test("TW-35 nothing to load before a token is held")
  func tw35() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page([1], next: "A"), after: 5)]
    let list = h.listTimeline()
    h.at(1)
    #expect(list.model.loadOlder() == .rejected("No older tweets to load."))
    #expect(list.canLoadOlder.last == false && h.api.calls.count == 1)
  }
}
