import Foundation
import Testing
import ViewModelKit

@Suite("The user-interface scheduler")
struct UserInterfaceSchedulerTests {
  @Test func workFromABackgroundQueueIsNotRunThereButOnTheMainQueue() {
    let ui = AnySchedulerOf<DispatchQueue>.userInterface
    let ran = DispatchSemaphore(value: 0)
    let scheduling = Counter()
    let ranWhileScheduling = Counter()
    DispatchQueue(label: "background").async {
      let caller = pthread_self()
      scheduling.increment()
      ui.schedule {
        // Inline means: on the calling thread, before `schedule` returned.
        if pthread_equal(pthread_self(), caller) != 0 && scheduling.value == 1 {
          ranWhileScheduling.increment()
        }
        ran.signal()
      }
      scheduling.increment()
    }
    // Swift Testing runs this test off the main queue, so the main queue is free to run it.
    #expect(ran.wait(timeout: .now() + 10) == .success)
    #expect(ranWhileScheduling.value == 0)
  }
}
