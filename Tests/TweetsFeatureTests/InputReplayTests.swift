import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("Tweets: a recorded session replays")
@MainActor
struct TweetsInputReplayTests {
  /// Every scene's states, as text, after `inputs` on a fresh session whose list has tweets
  /// and Ada among its members.
  private func run(_ inputs: [TweetsSessionInput]) -> (lines: [String], session: TweetsSession) {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([3, 2, 1]))
    h.api.memberDefault = .answer(UsersPage(users: [ada]))
    h.api.userDefault = .answer(page([5, 4]))
    let session = TweetsSession(list: L, env: h.env)
    session.setActive(true)
    let log = WireLog()
    var followed = Set<ObjectIdentifier>()
    // Each scene is logged from the moment it is in the stack.
    let scenes = session.navigator.scenes.drive { scenes in
      for scene in scenes where followed.insert(scene.modelIdentity).inserted {
        if let timeline = scene.timeline { log.follow("timeline", timeline.state) }
        if let people = scene.people { log.follow("people", people.state) }
      }
    }
    let lines = SessionReplay.play(inputs, into: session, log: log, on: h.scheduler)
    scenes.cancel()
    return (lines, session)
  }

  @Test(
    "issue 39, item 1: the inputs, kept as JSON and read back, replay the session state for state")
  func replay() throws {
    let inputs: [TweetsSessionInput] = [
      .timeline(.setFilter(text: "text")),
      .timeline(.showPeople),
      .people(.select(index: 7)),  // refused: no such row
      .people(.select(index: 0)),
      .timeline(.togglePaused),
      .timeline(.showPerson(username: "ada quill")),  // refused: not a username
      .timeline(.back),
      .people(.back),
    ]
    let kept = try SessionReplay.throughTheWire(inputs)
    #expect(kept == inputs)
    let original = run(inputs)
    let replayed = run(kept)
    #expect(replayed.lines == original.lines)
    #expect(
      original.lines.contains { $0.hasPrefix("timeline ") && $0.contains(#""title":"@adaquill""#) })
    #expect(original.session.navigator.currentScenes.map(\.id) == [.listTimeline])
  }

  /// A shown session on a list with tweets 3, 2, 1 and Ada among its members.
  private func activeSession() -> (TweetsHarness, TweetsSession) {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([3, 2, 1]))
    h.api.memberDefault = .answer(UsersPage(users: [ada]))
    let session = TweetsSession(list: L, env: h.env)
    session.setActive(true)
    return (h, session)
  }

  @Test("issue 39, item 2: the timeline's and the people's states read back from their wire form")
  func statesRoundTrip() throws {
    let (h, session) = activeSession()
    session.send(.timeline(.showPeople))
    h.scheduler.advance(by: 1)
    let scenes = session.navigator.currentScenes
    let timeline = try #require(scenes.first?.timeline).state.record(on: h.scheduler)
    let people = try #require(scenes.last?.people).state.record(on: h.scheduler)
    h.scheduler.advance()
    let shown = try #require(timeline.last)
    let members = try #require(people.last)
    #expect(!shown.tweets.isEmpty && members.people.count == 1)
    #expect(try SessionReplay.throughTheWire(shown) == shown)
    #expect(try SessionReplay.throughTheWire(members) == members)
    // A 64-bit id is a string on the wire, so a JavaScript reader keeps every digit.
    #expect(try WireFormat.text(shown.tweets[0].id) == #""\#(shown.tweets[0].id)""#)
  }

  @Test("issue 39, item 1: an input for a screen not in the stack is refused")
  func notShown() {
    let h = TweetsHarness()
    let session = TweetsSession(list: L, env: h.env)
    let answer = session.send(.people(.retry)).record(on: h.scheduler)
    h.scheduler.advance()
    #expect(answer.values == [.rejected(TweetsSession.Refusal.noPeople)])
  }

  @Test("issue 53, item 2: layout, log-out and letting time pass are session inputs, on the wire")
  func appInputs() throws {
    let (h, session) = activeSession()
    h.scheduler.advance()
    let split = TweetsSessionInput.app(.setLayout(layout: .split))
    #expect(try WireFormat.text(split) == #"{"app":{"setLayout":{"layout":"split"}}}"#)
    #expect(try SessionReplay.throughTheWire([split, .app(.logOut)]) == [split, .app(.logOut)])
    #expect(session.send(split).immediateAnswer == .accepted)
    h.scheduler.advance()
    #expect(session.navigator.currentScenes.map(\.id) == [.listTimeline, .listPeople])
    let tooLong = session.send(.app(.letTimePass(seconds: 61))).immediateAnswer
    #expect(tooLong == .rejected(TweetsSession.timeToPassRefusal))
    #expect(session.send(.app(.letTimePass(seconds: 5))).immediateAnswer == .accepted)
    #expect(session.navigator.isBusy)
    #expect(session.send(.app(.stopWaiting)).immediateAnswer == .accepted)
    h.scheduler.advance()
    #expect(!session.navigator.isBusy)
    var status: AccountStatus?
    let watch = h.env.account.status.sink { status = $0 }
    #expect(session.send(.app(.logOut)).immediateAnswer == .accepted)
    #expect(status == .unavailable)
    watch.cancel()
  }
}
