import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 31, item 5: awaiting the next state or event in virtual time, with a limit.
@Suite("Awaitable helpers: next value, change and event within a virtual-time limit")
struct AwaitHelperTests {
  @Test("the next change comes at its virtual time; the scheduler is left there")
  func nextChange() async {
    let scheduler = DispatchQueue.test
    let relay = BehaviorRelay(value: 0)
    let driver = relay.delay(for: .seconds(2), scheduler: scheduler).prepend(0)
      .asDriver(scheduler: scheduler.asAny)
    relay.accept(5)
    let changed = await scheduler.nextChange(of: driver, within: 10)
    #expect(changed == 5)
    #expect(abs(scheduler.elapsed - 2) < 0.02)
  }

  @Test("nothing within the limit is nil, with the limit's time passed and no more")
  func limit() async {
    let scheduler = DispatchQueue.test
    let signal = PublishRelay<Int>().asSignal(scheduler: scheduler.asAny)
    let event = await scheduler.nextEvent(of: signal, within: 3)
    #expect(event == nil && abs(scheduler.elapsed - 3) < 0.000_001)
  }

  @Test("work in a task that suspends reaches the scheduler between steps")
  func asyncWork() async {
    let scheduler = DispatchQueue.test
    let answer = AsyncFuture { () async -> Int in
      await Task.yield()
      return 42
    }
    .receive(on: scheduler)
    let value = await scheduler.next(answer, within: 1)
    #expect(value == 42)
  }
}
