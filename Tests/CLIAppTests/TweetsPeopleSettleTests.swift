import CLIApp
import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// A list service whose timelines never answer and whose members answer at once.
final class StalledTimelines: TwitterAPI {
  let scheduler: TestSchedulerOf<DispatchQueue>
  private(set) var timelineRequests = 0
  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  func listTweets(_ list: TwitterID, page: PageRequest, token: String)
    -> AnyPublisher<TimelinePage, TwitterError>
  {
    timelineRequests += 1
    return Empty(completeImmediately: false).eraseToAnyPublisher()
  }
  func listMembers(_ list: TwitterID, pageToken: String?, token: String)
    -> AnyPublisher<UsersPage, TwitterError>
  {
    let ada = User(id: TwitterID(rawValue: 7), name: "Ada", username: "ada")
    return Just(UsersPage(users: [ada])).setFailureType(to: TwitterError.self)
      .delay(for: .seconds(2), scheduler: scheduler).eraseToAnyPublisher()
  }
  func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }
  func userTweets(_ user: TwitterID, page: PageRequest, token: String)
    -> AnyPublisher<TimelinePage, TwitterError>
  {
    Empty(completeImmediately: false).eraseToAnyPublisher()
  }
}

/// Issue 38, item 4: `people` answers with the members request, whatever the timeline's polls
/// are doing.
@Suite("CLI: tweets' people settles on its own work")
@MainActor
struct TweetsPeopleSettleTests {
  /// A tweets session on the stalling service, its shell printing into memory.
  @MainActor struct Rig {
    let scheduler = DispatchQueue.test
    let api: StalledTimelines
    let session: TweetsSession
    let streams = MemoryStreams()
    let shell: CLIShell
    /// The waiter that does not block, when the rig was made `stepping`.
    let stepping: SteppingSettleWaiter

    /// A rig whose shell waits by blocking (`TestSchedulerSettleWaiter`), or, `stepping`, as
    /// the live waiter does: each wait ends on a later turn (`SteppingSettleWaiter.drive`).
    init(stepping isStepping: Bool = false) {
      let scheduler = scheduler
      stepping = SteppingSettleWaiter(scheduler: scheduler)
      api = StalledTimelines(scheduler: scheduler)
      let env = TweetsEnvironment(
        account: FixtureAccount(), api: api, store: InMemoryTweetStore(),
        scheduler: scheduler.eraseToAnyScheduler(),
        now: { Date(timeIntervalSince1970: 1_700_000_000) }, timeZone: .gmt)
      session = TweetsSession(
        list: ListIdentifier(id: TwitterID(rawValue: 1), owner: "o", slug: "s"), env: env)
      shell = CLIShell(
        app: session.makeCommandSet(), json: false, streams: streams,
        waiter: isStepping ? stepping : TestSchedulerSettleWaiter(scheduler: scheduler))
    }
  }

  @Test(
    "with every timeline poll stalled, people prints the members when they come (2 s), not after the polls give up"
  )
  func peopleBesideStalledPolls() {
    let rig = Rig()
    let (scheduler, api, session, streams, shell) = (
      rig.scheduler, rig.api, rig.session, rig.streams, rig.shell
    )
    shell.start(printInitialSet: false) {}
    // The first poll gave up at its 15 s timeout; the next one, at its tick, stalls too.
    var steps = 0
    while !session.isBusy, steps < 120 {
      scheduler.advance(by: .seconds(1))
      steps += 1
    }
    #expect(api.timelineRequests >= 2)
    #expect(session.isBusy, "a timeline poll is in flight")
    let asked = scheduler.elapsed
    var answered: Double?
    shell.run(line: "people") { _ in answered = scheduler.elapsed }
    #expect(answered.map { $0 - asked } == 2)
    #expect(streams.stdout.contains("  1. Ada @ada"), "\(streams.stdout)")
    #expect(session.isBusy, "the timeline's poll is still in flight behind the people screen")
  }

  @Test(
    "issue 51, item 7: refresh then people with every poll stalled: refresh answers at once, people when the members come (2 s)"
  )
  func refreshThenPeople() {
    let rig = Rig()
    let (scheduler, streams, shell) = (rig.scheduler, rig.streams, rig.shell)
    var started: Double?
    shell.start(printInitialSet: false) { started = scheduler.elapsed }
    #expect(started != nil)
    let asked = scheduler.elapsed
    var refreshed: Double?
    var answered: Double?
    shell.run(line: "refresh") { _ in
      refreshed = scheduler.elapsed
      shell.run(line: "people") { _ in answered = scheduler.elapsed }
    }
    #expect(refreshed.map { $0 - asked } == 0)
    #expect(answered.map { $0 - asked } == 2)
    #expect(streams.stdout.contains("  1. Ada @ada"), "\(streams.stdout)")
  }

  @Test("one-shot `cli tweets people` beside a stalled poll ends once the members are printed")
  func oneShotPeople() throws {
    let rig = Rig()
    let (scheduler, streams, shell) = (rig.scheduler, rig.streams, rig.shell)
    let command = try TweetsGrammar.command(["people"])
    var ended: Double?
    shell.start(printInitialSet: false, waitingForApp: !type(of: command).settlesOnItsOwn) {
      shell.run(oneShot: command) { _ in shell.finish { ended = scheduler.elapsed } }
    }
    // The list's first poll stalls from 0 s to its 15 s timeout; the members come at 2 s.
    #expect(ended == 2)
    #expect(streams.stdout.contains("  1. Ada @ada"), "\(streams.stdout)")
  }

  @Test("issue 39: people, back, people in one script shows the people twice (no key throttle)")
  func peopleTwice() {
    let rig = Rig()
    let (scheduler, session, shell) = (rig.scheduler, rig.session, rig.shell)
    shell.start(printInitialSet: false) {}
    var scenes: [[SceneID]] = []
    for line in ["people", "back", "people"] {
      shell.run(line: line) { _ in scenes.append(session.navigator.currentScenes.map(\.id)) }
      scheduler.advance(by: .milliseconds(10))
    }
    #expect(scenes.last == [.listTimeline, .listPeople], "\(scenes)")
  }
}
