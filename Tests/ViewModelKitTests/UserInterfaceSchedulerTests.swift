import Foundation
import Testing
import ViewModelKit

@Suite("The user-interface scheduler")
struct UserInterfaceSchedulerTests {
  @Test func workFromABackgroundQueueGoesThroughTheMainQueue() {
    let ui = AnySchedulerOf<DispatchQueue>.userInterface
    let done = DispatchSemaphore(value: 0)
    let ran = Counter()
    let ranInline = Counter()
    let ranBeforeMainDrained = Counter()
    DispatchQueue(label: "background").async {
      ui.schedule { ran.increment() }
      if ran.value > 0 { ranInline.increment() }
      // Everything queued on the main queue before this point has run once this returns.
      DispatchQueue.main.sync {}
      if ran.value > 0 { ranBeforeMainDrained.increment() }
      done.signal()
    }
    // Swift Testing runs this test off the main queue, so the main queue is free to run it.
    done.wait()
    #expect(ranInline.value == 0)
    #expect(ranBeforeMainDrained.value == 1)
  }
}
