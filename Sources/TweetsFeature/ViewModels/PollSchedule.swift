import Foundation
import ViewModelKit

/// The rule a timeline's polling follows, as a value and a pure step: what the poller has seen
/// (the gate, the last poll, a rate-limit wait, the last message) and, for each input, whether
/// a fetch starts and which message is shown. `TimelinePoller` folds its inputs through `step`
/// with `scan`; nothing else changes it.
struct PollSchedule: Equatable {
  typealias Time = AnySchedulerOf<DispatchQueue>.SchedulerTimeType

  /// Whether a poll may run: the account's token while authorized, the app-wide pause, and
  /// whether the timeline is seen.
  struct Gate: Equatable {
    var token: String?
    var paused = false
    var active = false

    var isOpen: Bool { token != nil && !paused && active }
  }

  /// What moves the schedule.
  enum Input: Equatable {
    /// The gate now.
    case gate(Gate)
    /// The 30 s tick.
    case tick
    /// The user asked for a poll.
    case refresh
    /// The poll in flight ended: nil when it succeeded.
    case ended(FetchFailure?)
    /// Other work of the timeline (an older page) failed.
    case reported(FetchFailure)
  }

  /// The service named in failure messages.
  var service = "Twitter"
  var gate = Gate()
  /// True while a poll is in flight.
  var loading = false
  /// The end of the last poll, by the app's clock.
  var last: TimelinePoller.LastPoll?
  /// When the last poll succeeded, on the scheduler's clock.
  var lastSuccess: Time?
  /// No poll starts before this (a rate limit's wait).
  var blockedUntil: Time?
  /// The instant of the last poll started: triggers at one instant fetch once.
  var lastStart: Time?
  /// The last message shown: the same one is not shown again until a success.
  var lastMessage: String?

  /// Set by the step that starts a poll: the token to poll with (it replaces one in flight).
  var start: String?
  /// Set by the step that shows a message.
  var message: String?

  /// The schedule after `input` at `now` (`date` by the app's clock).
  func step(_ input: Input, now: Time, date: Date) -> PollSchedule {
    var next = self
    next.start = nil
    next.message = nil
    switch input {
    case .gate(let gate):
      next.gate = gate
      // A gate that opens fetches at once, except when it opens because the timeline came
      // back on screen while a poll still runs, or with a success less than 30 s old: the
      // next tick polls then (AV-06, AV-10).
      guard gate.isOpen, !self.gate.isOpen else { break }
      if gate.active, !self.gate.active, loading || isFresh(at: now) { break }
      next.startPoll(at: now)
    case .tick, .refresh:
      next.startPoll(at: now)
    case .ended(nil):
      next.loading = false
      next.last = TimelinePoller.LastPoll(succeeded: true, at: date)
      next.lastSuccess = now
      next.lastMessage = nil
    case .ended(let failure?):
      next.loading = false
      next.last = TimelinePoller.LastPoll(succeeded: false, at: date)
      next.report(failure, at: now)
    case .reported(let failure):
      next.report(failure, at: now)
    }
    return next
  }

  /// Whether the last success is less than a poll interval old.
  private func isFresh(at now: Time) -> Bool {
    guard let lastSuccess else { return false }
    return lastSuccess.distance(to: now) < .milliseconds(Int(TweetsTiming.pollInterval * 1000))
  }

  private mutating func startPoll(at now: Time) {
    guard gate.isOpen, let token = gate.token else { return }
    if let blockedUntil, now < blockedUntil { return }
    if lastStart == now { return }
    lastStart = now
    loading = true
    start = token
  }

  private mutating func report(_ failure: FetchFailure, at now: Time) {
    if case .twitter(.rateLimited(let wait)) = failure {
      blockedUntil = now.advanced(by: .milliseconds(Int(TwitterError.usableWait(wait) * 1000)))
    }
    let text = failure.message(service: service)
    if text != lastMessage {
      lastMessage = text
      message = text
    }
  }

  /// The trace line of the step that `input` led to (this schedule): what was decided, for a
  /// test to wait on.
  func traceLine(after input: Input) -> String? {
    let poll = start != nil ? ": poll" : ""
    switch input {
    case .gate(let gate): return "tweets gate \(gate.isOpen ? "open" : "closed")\(poll)"
    case .tick: return "tweets tick\(start != nil ? ": poll" : ": no poll")"
    case .refresh: return "tweets refresh\(start != nil ? ": poll" : ": no poll")"
    case .ended(nil): return "tweets poll ended"
    case .ended(.some): return "tweets poll failed"
    case .reported: return nil
    }
  }
}
