import CLIApp
import Foundation
import ViewModelKit

/// A settle waiter in virtual time that, like the live one, does not block: each wait is kept
/// until `drive` finds its work settled, so a session's start may still be waiting while a
/// line runs, as in a piped session.
@MainActor
final class SteppingSettleWaiter: SettleWaiter {
  let scheduler: TestSchedulerOf<DispatchQueue>
  private var waits: [(work: any SettlingWork, body: () -> Void)] = []

  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  func afterSettled(_ work: any SettlingWork, _ body: @escaping () -> Void) {
    waits.append((work, body))
  }

  /// Moves time 100 ms at a time, for at most `seconds`, running each wait (oldest first)
  /// whose work has settled, until no wait is left.
  func drive(seconds: Int) {
    var steps = 0
    while !waits.isEmpty, steps < seconds * 10 {
      scheduler.advance(by: .zero)
      if let index = waits.firstIndex(where: { !$0.work.isBusy }) {
        waits.remove(at: index).body()
        continue
      }
      scheduler.advance(by: .milliseconds(100))
      steps += 1
    }
  }
}
