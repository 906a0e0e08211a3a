import Foundation
import Testing
import ViewModelKit

@Suite("The user-interface scheduler", .timeLimit(.minutes(10)))
struct UserInterfaceSchedulerTests {
  /// Awaited, not waited on with a deadline: the main queue runs every main-actor test of the
  /// suite one after another (a fresh-clone CI run kept it busy for 200 s), so this block may
  /// wait behind minutes of them; the suite's time limit only catches a hang.
  @Test func workFromABackgroundQueueIsNotRunThereButOnTheMainQueue() async {
    let ui = AnySchedulerOf<DispatchQueue>.userInterface
    let scheduling = Counter()
    let ranWhileScheduling = Counter()
    await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
      DispatchQueue(label: "background").async {
        let caller = pthread_self()
        scheduling.increment()
        ui.schedule {
          // Inline means: on the calling thread, before `schedule` returned.
          if pthread_equal(pthread_self(), caller) != 0 && scheduling.value == 1 {
            ranWhileScheduling.increment()
          }
          ran.resume()
        }
        scheduling.increment()
      }
    }
    #expect(ranWhileScheduling.value == 0)
  }
}
