import Foundation
import TUIApp
import TerminalUI
import Testing
import TextColumns
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// The TUI with only the tweets tab, on the fixtures and an in-memory store, at 12:00 UTC.
@MainActor
final class TweetsTUIHarness: ScreenDriver {
  let session: TweetsSession

  init(width: Int = 80, height: Int = 24, api: (any TwitterAPI)? = nil, samples: Bool = false)
    throws
  {
    let scheduler = DispatchQueue.test
    let now = Date(timeIntervalSince1970: 1_741_953_600)
    let fixtures = FixtureTwitterAPI()
    var env = TweetsEnvironment(
      account: FixtureAccount(), api: api ?? fixtures, store: GRDBTweetStore(),
      scheduler: scheduler.asAny,
      now: { now.addingTimeInterval(scheduler.elapsed) }, timeZone: TimeZone.gmt)
    env.servesSamples = samples
    let session = TweetsSession(list: try fixtures.list(), env: env)
    self.session = session
    super.init(width: width, height: height, scheduler: scheduler)
    start(
      TUIRoot.Tab(number: 2, label: "Tweets") {
        TweetsScreen(session: session, scheduler: scheduler.asAny, redraw: $0)
      })
    scheduler.settle()
  }
}

@Suite("TUI: tweets screens")
@MainActor
struct TweetsScreenTests {
  @Test("issue 29, item 5: the bundled sample list says so on the title line; a live one does not")
  func sampleNote() throws {
    let sample = try TweetsTUIHarness(samples: true).screen().components(separatedBy: "\n")
    #expect(sample[1].hasPrefix(" @headless/swift-reactive") && sample[1].hasSuffix("Sample data"))
    let live = try TweetsTUIHarness().screen().components(separatedBy: "\n")
    #expect(!live[1].contains("Sample data"))
  }

  @Test("80x24 stack: the list timeline, wrapped, with the status and (more: o)")
  func stack() throws {
    let h = try TweetsTUIHarness()
    let lines = h.screen().components(separatedBy: "\n")
    #expect(lines[1] == " @headless/swift-reactive")
    #expect(lines[2] == " Live · updated 12:00:00")
    #expect(lines[4] == ">Ada Quill @adaquill · 2m")
    #expect(
      lines[5] == "   Backpressure is plain good manners: ask how much they can take before you")
    #expect(lines[6] == "   keep talking.")
    #expect(lines[7] == " Elif Aydın @elif_streams · 28m")
    #expect(lines[21].hasSuffix("(more: o)"))
    #expect(lines[23].hasPrefix(" Enter open  m people  p pause  r refresh  o older  Esc back"))
  }

  @Test("p on the people screen pauses fetching app-wide, and p again resumes it")
  func pauseFromPeople() throws {
    let h = try TweetsTUIHarness()
    var screen = h.press(.character("m"))
    #expect(screen.contains(" List Members") && screen.contains("p pause  r retry"))
    screen = h.press(.character("p"), .escape)
    #expect(screen.components(separatedBy: "\n")[2] == " Paused · updated 12:00:00")
    screen = h.press(.character("m"), .character("p"), .escape)
    #expect(screen.components(separatedBy: "\n")[2] == " Live · updated 12:00:00")
  }

  @Test("issue 42: t opens the selected tweet's thread; the samples have none, and it says so")
  func thread() throws {
    let h = try TweetsTUIHarness()
    let screen = h.press(.character("t"))
    #expect(screen.contains("Thread"), "\(screen)")
    #expect(screen.contains(ThreadViewModel.notOffered), "\(screen)")
    #expect(h.session.navigator.currentScenes.count == 2)
    h.press(.escape)
    #expect(h.session.navigator.currentScenes.count == 1)
  }

  @Test("people, a person, and back")
  func navigation() throws {
    let h = try TweetsTUIHarness()
    var screen = h.press(.character("m"))
    #expect(screen.contains(" List Members") && screen.contains(">Ada Quill @adaquill"))
    screen = h.press(.down, .down, .enter)
    #expect(screen.contains(" @cira_codes") && screen.contains(">Cira Nakamura @cira_codes · 3h"))
    screen = h.press(.escape)
    #expect(screen.contains(" List Members"))
    screen = h.press(.escape)
    #expect(screen.contains(" @headless/swift-reactive"))
  }

  @Test("the selection stays on its tweet; the end asks for older tweets")
  func selection() throws {
    let h = try TweetsTUIHarness()
    h.press(.end)
    var screen = h.press(.down)
    #expect(h.session.navigator.isBusy == false)
    screen = h.screen()
    #expect(screen.contains(">"))
    for _ in 0..<30 { h.press(.down) }
    screen = h.press(.down)
    #expect(screen.contains("End of timeline") || screen.contains("No older tweets to load."))
  }

  @Test("100 columns: people beside the timeline")
  func split() throws {
    let h = try TweetsTUIHarness(width: 100, height: 24)
    _ = h.screen()
    h.scheduler.settle()
    let lines = h.screen().components(separatedBy: "\n")
    #expect(lines[1].hasPrefix(" List Members") && lines[1].contains("│ @headless/swift-reactive"))
    #expect(lines[3].contains("┼"))
    #expect(lines[4].hasPrefix(" Ada Quill") && lines[4].contains("│>Ada Quill @adaquill · 2m"))
    #expect(lines[5].hasPrefix("   @adaquill"))
  }

  @Test(
    "issue 38, item 5: at 120 columns, m, Enter on a person, Esc: the people pane is still there")
  func splitBackKeepsPeople() throws {
    let h = try TweetsTUIHarness(width: 120, height: 24)
    _ = h.screen()
    h.scheduler.settle()
    _ = h.press(.character("m"))
    var lines = h.press(.enter).components(separatedBy: "\n")
    #expect(lines.count > 4 && lines[1].contains("│ @adaquill"))
    lines = h.press(.escape).components(separatedBy: "\n")
    #expect(lines.count > 4 && lines[1].contains("│ @headless/swift-reactive"))
    #expect(lines.count > 4 && lines[4].hasPrefix(" Ada Quill"), "\(lines)")
  }

  @Test("40x12: still usable")
  func small() throws {
    let h = try TweetsTUIHarness(width: 40, height: 12)
    let lines = h.screen().components(separatedBy: "\n")
    #expect(lines.count == 12 && lines.allSatisfy { TextWidth.of($0) <= 40 })
    #expect(lines[4].hasPrefix(">Ada Quill @adaquill · 2m"))
  }

  @Test("E3 / filters the timeline; Esc clears it")
  func filter() throws {
    let h = try TweetsTUIHarness()
    h.press(.character("/"))
    h.type("kovac")
    var screen = h.screen()
    #expect(screen.contains(" Filter: [kovac"))
    #expect(screen.contains("Dmitri Kovač @dmitri_k") && !screen.contains("Ada Quill @adaquill"))
    screen = h.press(.enter)
    #expect(screen.contains("Filter: kovac"))
    h.press(.character("/"))
    screen = h.press(.escape)
    #expect(screen.contains("Ada Quill @adaquill · 2m") && !screen.contains("Filter:"))
  }

  @Test("the people screen offers r retry after a failure only, from the screen's state")
  func peopleRetry() throws {
    let api = GrowingAPI()
    api.membersFailure = .offline
    let h = try TweetsTUIHarness(api: api)
    var screen = h.press(.character("m"))
    #expect(screen.contains("Could not reach Twitter. Check your connection.  r retry"))
    api.membersFailure = nil
    screen = h.press(.character("r"))
    #expect(screen.contains("This list has no members."))
    #expect(!screen.contains("members.  r retry"))
  }

  @Test("E2 new tweets above a scrolled-down view are counted, not jumped to")
  func newAbove() throws {
    let api = GrowingAPI()
    let h = try TweetsTUIHarness(api: api)
    for _ in 0..<12 { h.press(.down) }
    let before = h.screen()
    api.extra = 3
    h.scheduler.advance(by: .seconds(30))
    let after = h.screen()
    #expect(after.contains("↑ 3 new tweets"))
    #expect(
      before.components(separatedBy: "\n").filter { $0.hasPrefix(">") }
        == after.components(separatedBy: "\n").filter { $0.hasPrefix(">") })
    h.press(.home)
    #expect(!h.screen().contains("new tweets"))
  }
}

/// A list that grows by `extra` tweets on the next poll.
final class GrowingAPI: TwitterAPI {
  var extra = 0
  /// The member list fails with this until it is cleared.
  var membersFailure: TwitterError?
  let author = User(id: TwitterID(rawValue: 101), name: "Ada Quill", username: "adaquill")

  func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    let now = Date(timeIntervalSince1970: 1_741_953_600)
    let tweets = (1...(30 + extra)).map { n in
      Tweet(
        id: TwitterID(rawValue: Int64(1000 + n)), authorID: author.id, text: "Tweet \(n)",
        createdAt: now.addingTimeInterval(-Double(100 - n) * 60))
    }
    return Just(TimelinePage(tweets: tweets, users: [author])).setFailureType(to: TwitterError.self)
      .eraseToAnyPublisher()
  }
  func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    if let membersFailure { return Fail(error: membersFailure).eraseToAnyPublisher() }
    return Just(UsersPage()).setFailureType(to: TwitterError.self).eraseToAnyPublisher()
  }
  func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    Just(author).setFailureType(to: TwitterError.self).eraseToAnyPublisher()
  }
  func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > { Just(TimelinePage()).setFailureType(to: TwitterError.self).eraseToAnyPublisher() }
}
