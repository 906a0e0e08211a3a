import Foundation
import Testing
import TweetsFeature
import ViewModelKit

@Suite("Tweets: polling only while seen")
@MainActor
struct TweetsActivationBehaviourTests {
  /// A session whose app starts unseen, as the front ends build it.
  func unseen(_ h: TweetsHarness) -> TweetsSession {
    TweetsSession(list: L, env: h.env)
  }

  @Test("AV-06 no poll while inactive; on becoming active a fetch at once, then every 30 s")
  func av06() {
    let h = TweetsHarness()
    let session = unseen(h)
    h.at(300)
    #expect(h.api.times("list").isEmpty)
    session.setActive(true)
    h.at(400)
    #expect(h.api.times("list") == [300, 330, 360, 390])
    session.setActive(false)
    h.at(600)
    #expect(h.api.times("list") == [300, 330, 360, 390])
  }

  @Test("AV-06 back within 30 s of the last success: no fetch at once, the next tick polls")
  func av06Fresh() {
    let h = TweetsHarness()
    let session = unseen(h)
    session.setActive(true)
    h.at(10)
    session.setActive(false)
    h.at(20)
    session.setActive(true)
    h.at(31)
    #expect(h.api.times("list") == [0, 30])
  }

  @Test("AV-06 back after 30 s or more: a fetch at once")
  func av06Stale() {
    let h = TweetsHarness()
    let session = unseen(h)
    session.setActive(true)
    h.at(5)
    session.setActive(false)
    h.at(100)
    session.setActive(true)
    h.at(101)
    #expect(h.api.times("list") == [0, 100])
  }

  @Test("AV-10 flapping (10 changes in 1 s) makes at most one fetch")
  func av10() {
    let h = TweetsHarness()
    let session = unseen(h)
    session.setActive(true)
    h.at(5)
    session.setActive(false)
    h.at(100)
    for index in 0..<10 {
      session.setActive(index % 2 == 0)
      h.at(100 + Double(index + 1) * 0.1)
    }
    h.at(101.5)
    #expect(h.api.times("list") == [0, 100])
  }

  @Test("AV-10 flapping while a slow poll runs starts no second one")
  func av10Slow() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(TimelinePage(), after: 5)
    let session = unseen(h)
    session.setActive(true)
    h.at(0.5)
    for index in 0..<10 {
      session.setActive(index % 2 == 1)
      h.at(0.5 + Double(index + 1) * 0.1)
    }
    h.at(6)
    #expect(h.api.times("list") == [0])
  }

  @Test("issue 40: isPaused is the user's pause, not being unseen, so a head labels its control")
  func isPausedFlag() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    let paused = list.model.state.map(\.isPaused).record(on: h.scheduler)
    h.scheduler.settle()
    list.model.setActive(false)
    h.at(10)
    #expect(paused.last == false)
    list.model.setActive(true)
    list.model.setPaused(true)
    h.at(20)
    #expect(paused.last == true)
    list.model.send(.togglePaused)
    h.at(30)
    #expect(paused.last == false)
  }

  @Test("issue 29, item 5: unseen, the status says the timeline is paused, not Live")
  func statusWhileUnseen() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    #expect(list.status.last == "Live · updated 12:00:00")
    list.model.setActive(false)
    h.at(10)
    #expect(list.status.last == "Paused while in the background · updated 12:00:00")
    list.model.setActive(true)
    h.at(40)
    #expect(list.status.last?.hasPrefix("Live · updated") == true)
  }
}
