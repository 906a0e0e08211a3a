import Foundation
import Observation
import ViewModelKit

// Issue 31, item 7: the async and Observation bridges, each against the same hand-off written
// with plain closures. Like P1–P6, everything runs on the immediate scheduler, so what is
// measured is the bridge, not a queue.

private let immediate = DispatchQueue.immediate.eraseToAnyScheduler()

/// P7: a state change delivered through `Driver.values` to a task awaiting it, one change at a
/// time (the changer waits until the task has read each). The twin hands each change to the
/// same kind of awaiting task with a plain closure that yields into an `AsyncStream`.
func corePipelineP7(changes: Int) -> (Measurement, Measurement) {
  let result = Locked<(Measurement, Measurement)?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    var reactive: [Double] = []
    var plain: [Double] = []
    await handOffThroughValues(changes)
    await handOffThroughClosure(changes)
    for _ in 0..<9 {
      reactive.append(await cpuTime { await handOffThroughValues(changes) })
      plain.append(await cpuTime { await handOffThroughClosure(changes) })
    }
    result.withLock {
      $0 = (
        Measurement(label: "P7 reactive", samples: reactive, operationsPerRun: changes),
        Measurement(label: "P7 plain", samples: plain, operationsPerRun: changes)
      )
    }
    done.signal()
  }
  done.wait()
  return result.withLock { $0 }!
}

/// Changes a relay's state `changes` times; a task reads each through the Driver's `values`.
private func handOffThroughValues(_ changes: Int) async {
  let relay = BehaviorRelay(value: 0)
  let states = relay.asDriver(scheduler: immediate).values
  await handOff(changes, states: states) { relay.accept($0) }
}

/// The same with plain closures: the change is a closure that yields into a stream.
private func handOffThroughClosure(_ changes: Int) async {
  let (states, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
  let change: (Int) -> Void = { continuation.yield($0) }
  change(0)
  await handOff(changes, states: states, change: change)
  continuation.finish()
}

/// A reader task sums `states` and acknowledges each; the caller changes the state and waits
/// for the acknowledgement before the next change.
private func handOff(
  _ changes: Int, states: AsyncStream<Int>, change: (Int) -> Void
) async {
  let (acks, acknowledge) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
  let reader = Task {
    var sum = 0
    for await value in states {
      sum &+= value
      acknowledge.yield()
      if value == changes { break }
    }
    return sum
  }
  var read = acks.makeAsyncIterator()
  _ = await read.next()  // the state now
  for value in 1...changes {
    change(value)
    _ = await read.next()
  }
  blackHole(await reader.value)
}

/// A screen whose state is a number, for the Observation row.
@MainActor
private final class NumberScreen: ScreenModel {
  let state: Driver<Int>
  let events: Signal<Never>
  let activation = Activation()

  init(_ relay: BehaviorRelay<Int>) {
    state = relay.asDriver(scheduler: immediate)
    events = Empty<Never, Never>().asSignal(scheduler: immediate)
  }

  /// No inputs: the bench writes the relay directly (`Never` is the empty input).
  func send(_ input: Never) -> InputResult {}
}

/// The plain twin's observable state: one property, written by a closure.
@Observable
@MainActor
private final class PlainNumber {
  var value = -1
}

/// P8: a state change delivered through `ScreenStore` to an Observation tracking, which is
/// armed again after each change (as SwiftUI does). The twin writes the same value with a
/// plain closure into an `@Observable` class's property.
@MainActor
func corePipelineP8(changes: Int) -> (Measurement, Measurement) {
  let fired = Locked(0)
  let relay = BehaviorRelay(value: 0)
  let store = ScreenStore(NumberScreen(relay), initial: -1)
  let plainState = PlainNumber()
  let write: (Int) -> Void = { value in
    if value != plainState.value { plainState.value = value }
  }
  var next = 0
  // One change: arm a tracking with `read`, then `change` to the next number.
  func changeTracked(read: () -> Void, change: (Int) -> Void) {
    for _ in 0..<changes {
      next &+= 1
      withObservationTracking(read) { fired.withLock { $0 &+= 1 } }
      change(next)
    }
  }
  let (reactive, plain) = measureSideBySide("P8", operationsPerRun: changes) {
    changeTracked(read: { _ = store.state }, change: { relay.accept($0) })
  } plain: {
    changeTracked(read: { _ = plainState.value }, change: write)
  }
  blackHole(fired.withLock { $0 })
  return (reactive, plain)
}
