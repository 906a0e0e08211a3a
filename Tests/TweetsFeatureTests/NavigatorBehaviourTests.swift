import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Tweets: navigator")
@MainActor
struct NavigatorBehaviourTests {
  func make(_ h: TweetsHarness) -> (TweetsNavigator, OutputRecorder<[SceneID], Never>) {
    let navigator = TweetsNavigator(list: L, env: h.env)
    let stack = navigator.stack.record(on: h.scheduler)
    navigator.setActive(true)  // shown, as a front end shows it
    navigator.start()
    h.scheduler.settle()
    return (navigator, stack)
  }

  /// The scenes as the navigator's Driver delivers them last.
  func scenes(_ navigator: TweetsNavigator, _ h: TweetsHarness) -> [Scene] {
    let scenes = navigator.scenes.record(on: h.scheduler)
    h.scheduler.settle()
    return scenes.last ?? []
  }

  @Test("TW-70 start shows the list timeline")
  func tw70() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    #expect(stack.last == [.listTimeline] && scenes(navigator, h).last?.id == .listTimeline)
  }

  @Test("pause from the navigator, on the people screen, pauses every timeline")
  func pauseFromPeople() throws {
    let h = TweetsHarness()
    let (navigator, _) = make(h)
    navigator.showPeople()
    h.scheduler.settle()
    let list = try #require(navigator.currentScenes.first?.listTimeline)
    let status = list.status.record(on: h.scheduler)
    navigator.setPaused(true)
    h.scheduler.settle()
    #expect(status.last?.hasPrefix("Paused") == true)
    navigator.togglePaused()
    h.scheduler.settle()
    #expect(status.last?.hasPrefix("Live") == true)
  }

  @Test("TW-71 show people once; again changes nothing")
  func tw71() throws {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    navigator.showPeople()
    h.scheduler.settle()
    let first = try #require(navigator.currentScenes.last?.listPeople)
    navigator.showPeople()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople])
    #expect(try #require(navigator.currentScenes.last?.listPeople) === first)
  }

  @Test("TW-72 people, then a person; the same person again; another replaces it")
  func tw72() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    navigator.showPeople()
    navigator.showPerson(username: "adaquill")
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople, .personTimeline(username: "adaquill")])
    navigator.showPerson(username: "ADAQUILL")
    navigator.showPerson(username: "bporter_dev")
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople, .personTimeline(username: "bporter_dev")])
    #expect(stack.values.count == 5)  // [], then four stacks: "ADAQUILL" changed nothing
  }

  @Test("TW-73 back pops one; not the root")
  func tw73() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    navigator.showPeople()
    navigator.back()
    navigator.back()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline])
  }

  @Test("TW-74 show people from a person pops back; the list timeline pops to the root")
  func tw74() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    navigator.showPeople()
    navigator.showPerson(username: "adaquill")
    navigator.showPeople()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople])
    navigator.showPerson(username: "adaquill")
    navigator.showListTimeline()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline])
  }

  @Test("TW-75 a popped person stops and is released")
  func tw75() throws {
    let h = TweetsHarness()
    let (navigator, _) = make(h)
    navigator.showPerson(username: "adaquill")
    weak let person = try #require(navigator.currentScenes.last?.personTimeline)
    h.at(40)
    navigator.back()
    h.at(100)
    #expect(person == nil)
    #expect(h.api.times("user").allSatisfy { $0 < 40 })
  }

  @Test("TW-76 split layout keeps people beside the timeline")
  func tw76() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    let scenes = navigator.scenes.record(on: h.scheduler)
    navigator.setLayout(.split)
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople])
    #expect(scenes.last?.peopleScene?.id == .listPeople)
    #expect(scenes.last?.topTimeline?.id == .listTimeline)
    navigator.back()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople])
    navigator.showPerson(username: "adaquill")
    h.scheduler.settle()
    #expect(scenes.last?.topTimeline?.id == .personTimeline(username: "adaquill"))
    #expect(scenes.last?.peopleScene?.id == .listPeople)
    // Issue 38, item 5: back to the list timeline (Esc) keeps the people pane beside it.
    navigator.showListTimeline()
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .listPeople])
    #expect(scenes.last?.topTimeline?.id == .listTimeline)
  }

  @Test("TW-77 one account, pause and reachability for every scene; the list keeps polling")
  func tw77() throws {
    let h = TweetsHarness()
    h.api.listReplies = [.answer(TimelinePage()), .fail(.offline)]
    h.api.userDefault = .never
    let (navigator, _) = make(h)
    navigator.showPerson(username: "adaquill")
    let person = try #require(navigator.currentScenes.last?.personTimeline)
    let status = person.status.record(on: h.scheduler)
    h.at(30)
    #expect(status.last?.hasPrefix("Offline") == true)
    h.at(60)
    #expect(h.api.times("list") == [0, 30, 60])
  }

  @Test("TW-78 an invalid username is refused with a message")
  func tw78() {
    let h = TweetsHarness()
    let (navigator, stack) = make(h)
    #expect(navigator.showPerson(username: "ada quill") == .rejected("Not a valid username."))
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline], "refused: the answer says so, and nothing moves")
    #expect(navigator.showPerson(username: " @AdaQuill ") == .accepted)
    h.scheduler.settle()
    #expect(stack.last == [.listTimeline, .personTimeline(username: "adaquill")])
  }

  @Test("TW-79 logging out through the navigator stops everything")
  func tw79() throws {
    let h = TweetsHarness()
    let (navigator, _) = make(h)
    let list = try #require(navigator.currentScenes.first?.listTimeline)
    let status = list.status.record(on: h.scheduler)
    h.at(10)
    navigator.logOut()
    h.at(90)
    #expect(h.account.logOuts == 1 && status.last == "Twitter access not authorized.")
    #expect(h.api.times("list") == [0])
  }

  @Test("isSettled follows every scene's requests")
  func settled() {
    let h = TweetsHarness()
    h.api.listDefault = .answer(TimelinePage(), after: 2)
    let (navigator, _) = make(h)
    let settled = navigator.isSettled.record(on: h.scheduler)
    h.at(3)
    #expect(settled.values == [false, true])
  }
}

/// The view model a scene holds, when it is of the kind asked for (nil otherwise), so that a
/// test can `#require` the scene it expects instead of returning early.
extension Scene {
  var listTimeline: ListTimelineViewModel? {
    if case .listTimeline(let model) = self { model } else { nil }
  }
  var listPeople: ListPeopleViewModel? {
    if case .listPeople(let model) = self { model } else { nil }
  }
  var personTimeline: PersonTimelineViewModel? {
    if case .personTimeline(let model) = self { model } else { nil }
  }
}
