import Foundation
import Testing
import ViewModelKit

/// Records a screen's state and lets a test assert each change as an edit of the state it
/// last asserted, TCA-style:
///
/// ```swift
/// let state = StateRecorder(viewModel.state, on: scheduler, exhaustive: true)
/// viewModel.add("peas")
/// scheduler.settle()
/// state.expect { $0.total = "Total: 0.95 GBP"; $0.checkoutEnabled = true }
/// state.finish()
/// ```
///
/// Each `expect` compares the next unasserted state with the last asserted one changed by
/// `update`, and reports the fields that differ. With `exhaustive`, `finish()` also fails
/// when states arrived that no `expect` accounted for, naming the fields they changed, so a
/// change the test did not mean to allow cannot pass unseen; so do events recorded with
/// `events:` that no `expectEvent` took, and work still pending (`settled:` false).
///
/// As TCA's `TestStore` does, an exhaustive recorder checks this itself when the test lets it
/// go: a test that forgets `finish()` still fails on what it left unasserted.
public final class StateRecorder<State: Equatable> {
  private let recorder: OutputRecorder<State, Never>
  private let exhaustive: Bool
  private var asserted: State?
  private var next = 0
  private var finished = false
  private let createdAt: SourceLocation
  /// The screen's events, when given; `expectEvent` takes them in order.
  private var events: [Any] = []
  private var eventsTaken = 0
  private var subscriptions: [AnyCancellable] = []
  /// Whether the screen's work was settled at its latest report, when given.
  private var settled: Bool?

  /// Subscribes to `state` and takes its current value as the starting point. With `events`,
  /// the screen's events are recorded too; with `settled` (the app's `isSettled`), `finish()`
  /// fails while work is pending.
  public init<P: Publisher, E: Publisher>(
    _ state: P, events: E?, settled: Driver<Bool>? = nil,
    on scheduler: TestSchedulerOf<DispatchQueue>, exhaustive: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where P.Output == State, P.Failure == Never, E.Output: Equatable, E.Failure == Never {
    recorder = state.record(on: scheduler)
    self.exhaustive = exhaustive
    createdAt = sourceLocation
    if let events {
      subscriptions.append(events.sink { [weak self] in self?.events.append($0) })
    }
    if let settled {
      subscriptions.append(settled.drive { [weak self] in self?.settled = $0 })
    }
    scheduler.settle()
    if let first = recorder.values.first {
      asserted = first
      next = 1
    }
  }

  /// Subscribes to `state` alone and takes its current value as the starting point.
  public convenience init<P: Publisher>(
    _ state: P, on scheduler: TestSchedulerOf<DispatchQueue>, exhaustive: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where P.Output == State, P.Failure == Never {
    self.init(
      state, events: Empty<Never, Never>?.none, on: scheduler, exhaustive: exhaustive,
      sourceLocation: sourceLocation)
  }

  deinit {
    guard exhaustive, !finished else { return }
    if let problem = problems() {
      Issue.record(
        Comment(rawValue: "at the end of the test (finish() was not called): " + problem),
        sourceLocation: createdAt)
    }
  }

  /// Asserts that the next recorded event is `event`.
  public func expectEvent<E: Equatable>(
    _ event: E, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard eventsTaken < events.count else {
      Issue.record(
        Comment(rawValue: "expected the event \(event), but no event came"),
        sourceLocation: sourceLocation)
      return
    }
    let actual = events[eventsTaken]
    eventsTaken += 1
    if (actual as? E) != event {
      Issue.record(
        Comment(rawValue: "expected the event \(event), but it was \(actual)"),
        sourceLocation: sourceLocation)
    }
  }

  /// The state as last asserted (the starting value at first).
  public var current: State? { asserted }

  /// Asserts that the next state is the last asserted one changed by `update`. Without
  /// `exhaustive`, states in between are skipped until one matches.
  public func expect(
    _ update: (inout State) -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let problem = check(update) {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
  }

  /// With `exhaustive`, fails for every state and event that arrived and was not asserted,
  /// and while work is pending.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    finished = true
    if let problem = problems() {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
  }

  /// Everything `finish` fails for, as one message (nil: nothing).
  private func problems() -> String? {
    guard exhaustive else { return nil }
    var found: [String] = []
    if let states = unasserted() { found.append(states) }
    if eventsTaken < events.count {
      found.append(
        "\(events.count - eventsTaken) event(s) not asserted: "
          + events[eventsTaken...].map { "\($0)" }.joined(separator: ", "))
      eventsTaken = events.count
    }
    if settled == false { found.append("work is still pending (isSettled is false)") }
    return found.isEmpty ? nil : found.joined(separator: "\n")
  }

  /// What `expect` checks, as the failure message it would record (nil: it holds).
  public func check(_ update: (inout State) -> Void) -> String? {
    guard var expected = asserted else { return "the state has no value yet" }
    update(&expected)
    let pending = Array(recorder.values[next...])
    if !exhaustive, let index = pending.firstIndex(of: expected) {
      next += index + 1
      asserted = expected
      return nil
    }
    guard let actual = pending.first else {
      return "expected a change, but the state did not change:\n"
        + Self.diff(from: asserted!, to: expected, labels: ("now", "expected"))
    }
    next += 1
    asserted = actual
    guard actual != expected else { return nil }
    return "the state changed otherwise than expected:\n"
      + Self.diff(from: expected, to: actual, labels: ("expected", "actual"))
  }

  /// What `finish` checks, as the failure message it would record (nil: nothing unasserted,
  /// or not exhaustive). The unasserted states count as seen afterwards.
  public func unasserted() -> String? {
    guard exhaustive, next < recorder.values.count, let last = asserted else { return nil }
    var previous = last
    var lines: [String] = []
    for state in recorder.values[next...] {
      lines.append(Self.diff(from: previous, to: state, labels: ("was", "now")))
      previous = state
    }
    defer { next = recorder.values.count }
    return "\(recorder.values.count - next) state change(s) not asserted:\n"
      + lines.joined(separator: "\n--\n")
  }

  /// One line per top-level field that differs: `total: "a" (was) → "b" (now)`.
  static func diff(from old: State, to new: State, labels: (String, String)) -> String {
    let before = Mirror(reflecting: old).children
    let after = Array(Mirror(reflecting: new).children)
    var lines: [String] = []
    for (index, child) in before.enumerated() where index < after.count {
      let (was, now) = (String(reflecting: child.value), String(reflecting: after[index].value))
      if was != now {
        lines.append("  \(child.label ?? "#\(index)"): \(was) (\(labels.0)) → \(now) (\(labels.1))")
      }
    }
    return lines.isEmpty
      ? "  \(String(reflecting: old)) (\(labels.0)) → \(String(reflecting: new)) (\(labels.1))"
      : lines.joined(separator: "\n")
  }
}
