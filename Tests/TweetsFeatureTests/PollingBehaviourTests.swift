import Foundation
import Testing
import TweetsFeature
import ViewModelKit

@Suite("Tweets: account, status and fetch scheduling")
@MainActor
struct PollingBehaviourTests {
  @Test("TW-01 the fixture account is logged in and live at once")
  func tw01() {
    let h = TweetsHarness(account: FakeAccount(.authorized(token: "fixture")))
    let list = h.listTimeline()
    #expect(list.loggedIn.values == [true])
    #expect(list.status.last == "Live · updated 12:00:00" && list.status.times.last == 0)
  }

  @Test("TW-02 no token: not authorized and no calls", arguments: [nil, "", "  "])
  func tw02(token: String?) {
    let h = TweetsHarness(account: FakeAccount())
    let account = EnvironmentAccount(token: token)
    let env = TweetsEnvironment(
      account: account, api: h.api, store: h.store, scheduler: h.scheduler.asAny, now: { T0 },
      timeZone: TimeZone.gmt)
    let model = ListTimelineViewModel(list: L, env: env, navigator: h.navigator)
    model.setActive(true)
    let loggedIn = model.loggedIn.record(on: h.scheduler)
    let status = model.status.record(on: h.scheduler)
    h.at(300)
    #expect(loggedIn.values == [false] && status.values == ["Twitter access not authorized."])
    #expect(h.api.calls.isEmpty)
  }

  @Test("TW-03 authorized at 10: calls at 10, 30, 60, 90")
  func tw03() {
    let h = TweetsHarness(account: FakeAccount(.unavailable))
    let list = h.listTimeline()
    defer { withExtendedLifetime(list) {} }
    h.at(10)
    h.account.relay.accept(.authorized(token: "t1"))
    h.at(90)
    #expect(h.api.times("list") == [10, 30, 60, 90])
  }

  @Test("TW-04 logging out at 45 stops the calls; the rows stay")
  func tw04() throws {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([1, 2]))
    let list = h.listTimeline()
    h.at(45)
    h.account.relay.accept(.unavailable)
    h.at(120)
    #expect(h.api.times("list") == [0, 30])
    #expect(list.status.last == "Twitter access not authorized.")
    #expect(list.tweets.last?.count == 2)
  }

  @Test("TW-05 loggedIn drops duplicates")
  func tw05() {
    let h = TweetsHarness(account: FakeAccount(.authorized(token: "a")))
    let list = h.listTimeline()
    for status in [AccountStatus.authorized(token: "b"), .unavailable, .authorized(token: "a")] {
      h.account.relay.accept(status)
      h.scheduler.settle()
    }
    #expect(list.loggedIn.values == [true, false, true])
  }

  @Test("TW-06 a 401 logs out and stops fetching")
  func tw06() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.unauthorized)]
    let list = h.listTimeline()
    h.at(60)
    #expect(list.error.values == ["Twitter rejected the access token (HTTP 401)."])
    #expect(h.account.logOuts == 1 && h.api.times("list") == [0])
  }

  @Test("TW-07 the state part: Paused, Offline, not authorized")
  func tw07() {
    let h = TweetsHarness()
    h.api.listReplies = [.fail(.offline)]
    let list = h.listTimeline()
    #expect(list.status.last == "Offline · failed 12:00:00")
    list.model.setPaused(true)
    h.scheduler.settle()
    #expect(list.status.last == "Paused · failed 12:00:00")
    h.account.relay.accept(.unavailable)
    h.scheduler.settle()
    #expect(list.status.last == "Twitter access not authorized.")
  }

  @Test("TW-08 the time is the app clock's, in the time zone")
  func tw08() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    h.at(30)
    #expect(list.status.last == "Live · updated 12:00:30")
    let tokyo = TweetsHarness(timeZone: (TimeZone(identifier: "Asia/Tokyo") ?? .gmt))
    let there = tokyo.listTimeline()
    tokyo.at(30)
    #expect(there.status.last == "Live · updated 21:00:30")
  }

  @Test("TW-10 calls every 30 s, each the list's first page")
  func tw10() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    defer { withExtendedLifetime(list) {} }
    h.at(90)
    #expect(h.api.times("list") == [0, 30, 60, 90])
    #expect(h.api.calls.allSatisfy { $0.page == .first && $0.token == "t1" })
  }

  @Test("TW-11 pausing skips ticks; resuming fetches at once")
  func tw11() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    h.at(10)
    list.model.setPaused(true)
    h.at(50)
    #expect(list.status.last == "Paused · updated 12:00:00")
    h.at(70)
    list.model.setPaused(false)
    h.at(90)
    #expect(h.api.times("list") == [0, 70, 90])
  }

  @Test("TW-12 only closed-to-open changes fetch")
  func tw12() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    h.at(10)
    list.model.setPaused(true)
    h.at(20)
    list.model.setPaused(true)
    h.at(40)
    list.model.setPaused(false)
    h.at(41)
    list.model.setPaused(false)
    h.at(60)
    #expect(h.api.times("list") == [0, 40, 60])
  }

  @Test("TW-13 offline does not close the gate; ticks are the retries")
  func tw13() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(TimelinePage()), .fail(.offline)]
    let list = h.listTimeline()
    h.at(30)
    #expect(list.status.last == "Offline · failed 12:00:30")
    h.at(60)
    #expect(list.status.last == "Live · updated 12:01:00")
    h.at(90)
    #expect(h.api.times("list") == [0, 30, 60, 90])
    let again = TweetsHarness()
    again.api.listReplies = [.answer(TimelinePage()), .fail(.offline)]
    let second = again.listTimeline()
    again.at(40)
    second.model.refresh()
    again.scheduler.settle()
    #expect(again.api.times("list") == [0, 30, 40])
    #expect(second.status.last == "Live · updated 12:00:40")
  }

  @Test("TW-14 authorized exactly on a tick: one call")
  func tw14() {
    let h = TweetsHarness(account: FakeAccount(.unavailable))
    let list = h.listTimeline()
    defer { withExtendedLifetime(list) {} }
    h.scheduler.schedule(after: h.scheduler.now.advanced(by: .seconds(30))) {
      h.account.relay.accept(.authorized(token: "t1"))
    }
    h.at(30)
    #expect(h.api.times("list") == [30])
  }

  @Test("TW-15 refresh fetches at once, but not while paused")
  func tw15() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    h.at(12)
    list.model.refresh()
    h.at(30)
    #expect(h.api.times("list") == [0, 12, 30])
    let paused = TweetsHarness()
    let other = paused.listTimeline()
    paused.at(5)
    other.model.setPaused(true)
    paused.at(12)
    other.model.refresh()
    paused.at(20)
    #expect(paused.api.times("list") == [0])
  }

  @Test("TW-16 a new trigger cancels the call in flight; nothing of it is stored")
  func tw16() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page([1]), after: 8), .answer(page([2]), after: 8)]
    let list = h.listTimeline()
    h.at(5)
    list.model.refresh()
    h.at(13)
    #expect(h.api.cancellations == [5])
    #expect(list.tweets.last?.map(\.id) == [id(2)])
    #expect(h.store.count(list: L.id) == 1)
  }

  @Test("TW-17 isLoading follows each call")
  func tw17() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(TimelinePage(), after: 2)
    let list = h.listTimeline()
    h.at(40)
    #expect(list.isLoading.values == [false, true, false, true, false])
    #expect(list.isLoading.times == [0, 0, 2, 30, 32])
  }

  @Test("TW-18 no answer within 15 s is a timeout")
  func tw18() {
    let h = TweetsHarness()
    h.api.listReplies = [.never]
    let list = h.listTimeline()
    h.at(15)
    #expect(h.api.cancellations == [15])
    #expect(list.error.values == ["Twitter did not respond within 15 s."])
    #expect(list.isLoading.last == false)
    h.at(30)
    #expect(h.api.times("list") == [0, 30])
  }

  @Test("TW-19 pausing does not cancel the call in flight")
  func tw19() {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(page([1]), after: 12)]
    let list = h.listTimeline()
    h.at(10)
    list.model.setPaused(true)
    h.at(12)
    #expect(h.api.cancellations.isEmpty && h.store.count(list: L.id) == 1)
  }
}
