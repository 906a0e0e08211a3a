import CombineSchedulers
import Foundation
import Testing
import ViewModelKit

@testable import TweetsFeature

/// Issue 27, item 3: the poller's rule is a pure step over a value, tested without a pipeline.
@Suite("Tweets: the poll schedule's rule")
struct PollScheduleTests {
  let t0 = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000_000_000))
  let open = PollSchedule.Gate(token: "t", paused: false, active: true)

  func at(_ seconds: Double) -> PollSchedule.Time {
    t0.advanced(by: .milliseconds(Int(seconds * 1000)))
  }

  func run(_ inputs: [(Double, PollSchedule.Input)]) -> [PollSchedule] {
    var schedule = PollSchedule()
    return inputs.map { seconds, input in
      schedule = schedule.step(input, now: at(seconds), date: Date(timeIntervalSince1970: seconds))
      return schedule
    }
  }

  @Test("TW-12 the gate opening starts a poll; a tick at the same instant does not start another")
  func gateOpens() {
    let steps = run([(0, .gate(open)), (0, .tick), (30, .tick)])
    #expect(steps.map(\.start) == ["t", nil, "t"])
    #expect(steps.allSatisfy { $0.loading })
  }

  @Test("nothing starts while the gate is closed: no token, paused, or unseen")
  func closed() {
    for gate in [
      PollSchedule.Gate(token: nil, paused: false, active: true),
      PollSchedule.Gate(token: "t", paused: true, active: true),
      PollSchedule.Gate(token: "t", paused: false, active: false),
    ] {
      #expect(run([(0, .gate(gate)), (30, .tick), (31, .refresh)]).allSatisfy { $0.start == nil })
    }
  }

  @Test("AV-06 seen again within 30 s of a success: no poll at once; after 30 s: at once")
  func seenAgain() {
    var unseen = open
    unseen.active = false
    let soon = run([(0, .gate(open)), (1, .ended(nil)), (5, .gate(unseen)), (20, .gate(open))])
    #expect(soon.last?.start == nil)
    let late = run([(0, .gate(open)), (1, .ended(nil)), (5, .gate(unseen)), (40, .gate(open))])
    #expect(late.last?.start == "t")
  }

  @Test("AV-06 at the boundary: a success 29.999 s old is fresh; exactly 30 s old is not")
  func seenAgainAtTheBoundary() {
    var unseen = open
    unseen.active = false
    let justBefore = run([
      (0, .gate(open)), (1, .ended(nil)), (5, .gate(unseen)), (30.999, .gate(open)),
    ])
    #expect(justBefore.last?.start == nil)
    let atThirty = run([(0, .gate(open)), (1, .ended(nil)), (5, .gate(unseen)), (31, .gate(open))])
    #expect(atThirty.last?.start == "t", "30 s or more: at once (AV-06)")
  }

  @Test("AV-10 seen again while a poll runs: no second poll")
  func seenWhileLoading() {
    var unseen = open
    unseen.active = false
    #expect(run([(0, .gate(open)), (5, .gate(unseen)), (6, .gate(open))]).last?.start == nil)
  }

  @Test("TW-22 a rate limit holds every trigger until its wait has passed")
  func rateLimit() {
    let steps = run([
      (0, .gate(open)), (1, .ended(.twitter(.rateLimited(retryAfter: 100)))),
      (30, .tick), (60, .refresh), (101, .tick),
    ])
    #expect(steps.map(\.start) == ["t", nil, nil, nil, "t"])
  }

  @Test("a message is shown once until a success or another message comes between")
  func messages() {
    let offline = PollSchedule.Input.ended(.twitter(.offline))
    let steps = run([
      (0, .gate(open)), (1, offline), (30, .tick), (31, offline), (60, .tick), (61, .ended(nil)),
      (90, .tick), (91, offline),
    ])
    #expect(steps.compactMap(\.message).count == 2)
    #expect(steps[1].message != nil && steps[3].message == nil && steps[7].message != nil)
  }
}
