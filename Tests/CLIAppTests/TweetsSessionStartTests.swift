import CLIApp
import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 51, item 7: a piped or typed session reads its lines while the start waits for the
/// list's first poll. A line that settles on its own (`people`) cuts that wait short: the
/// initial set is printed as it stands, then the line's answer, within its own request's
/// time. Any other line, and the end of input, wait for the start.
@Suite("CLI: a tweets session's first lines beside a stalled first poll")
@MainActor
struct TweetsSessionStartTests {
  @Test("issue 51, item 7: people as the first line answers when the members come (2 s)")
  func peopleFirst() throws {
    let rig = TweetsPeopleSettleTests.Rig(stepping: true)
    var started: Double?
    var answered: Double?
    var ended: Double?
    rig.shell.start(printInitialSet: true) { started = rig.scheduler.elapsed }
    rig.shell.run(line: "people") { _ in
      answered = rig.scheduler.elapsed
      rig.shell.finish { ended = rig.scheduler.elapsed }
    }
    rig.stepping.drive(seconds: 120)
    #expect(started == 0, "the start is cut short at once")
    #expect(answered == 2)
    #expect(ended != nil)
    let out = rig.streams.stdout
    let initial = try #require(out.firstIndex { $0.hasPrefix("status:") }, "\(out)")
    let ada = try #require(out.firstIndex(of: "  1. Ada @ada"), "\(out)")
    #expect(initial < ada, "the initial set comes first: \(out)")
  }

  @Test("issue 51, item 7: a line that needs the timeline waits for the start, then runs")
  func otherLinesWait() throws {
    let rig = TweetsPeopleSettleTests.Rig(stepping: true)
    var started: Double?
    var answered: Double?
    rig.shell.start(printInitialSet: true) { started = rig.scheduler.elapsed }
    rig.shell.run(line: "show") { _ in answered = rig.scheduler.elapsed }
    rig.stepping.drive(seconds: 120)
    let start = try #require(started)
    #expect(start >= 15, "the first poll gives up at its 15 s timeout")
    #expect(answered.map { $0 >= start } == true)
    #expect(rig.streams.stdout.contains { $0.hasPrefix("status:") })
  }

  @Test("issue 51, item 7: the end of input waits for the start, so the initial set is printed")
  func endWaits() {
    let rig = TweetsPeopleSettleTests.Rig(stepping: true)
    var started = false
    var ended = false
    rig.shell.start(printInitialSet: true) { started = true }
    rig.shell.finish {
      #expect(started)
      ended = true
    }
    rig.stepping.drive(seconds: 120)
    #expect(ended)
    #expect(rig.streams.stdout.contains { $0.hasPrefix("status:") }, "\(rig.streams.stdout)")
  }
}
