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
/// change the test did not mean to allow cannot pass unseen.
public final class StateRecorder<State: Equatable> {
  private let recorder: OutputRecorder<State, Never>
  private let exhaustive: Bool
  private var asserted: State?
  private var next = 0

  /// Subscribes to `state` and takes its current value as the starting point.
  public init<P: Publisher>(
    _ state: P, on scheduler: TestSchedulerOf<DispatchQueue>, exhaustive: Bool = true
  ) where P.Output == State, P.Failure == Never {
    recorder = state.record(on: scheduler)
    self.exhaustive = exhaustive
    scheduler.settle()
    if let first = recorder.values.first {
      asserted = first
      next = 1
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

  /// With `exhaustive`, fails for every state that arrived and was not asserted.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    if let problem = unasserted() {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
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
