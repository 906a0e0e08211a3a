import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Action")
struct ActionTests {
  let scheduler = DispatchQueue.test

  /// Work that answers `input * 10` after one virtual second, counting its calls.
  final class SlowWork {
    var calls = 0
    var fails = false
    let scheduler: TestSchedulerOf<DispatchQueue>
    init(_ scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
    func callAsFunction(_ input: Int) -> AnyPublisher<Int, TestError> {
      calls += 1
      let fails = fails
      return Just(input * 10).setFailureType(to: TestError.self)
        .delay(for: .seconds(1), scheduler: scheduler)
        .tryMap { value in
          if fails { throw TestError(code: input) }
          return value
        }
        .mapError { ($0 as? TestError) ?? TestError(code: -1) }
        .eraseToAnyPublisher()
    }
  }

  @Test func executingTogglesTrueThenFalse() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let executing = action.executing.record(on: scheduler)
    scheduler.settle()
    action.execute(1)
    scheduler.settle()
    scheduler.advance(seconds: 1)
    #expect(executing.values == [false, true, false])
    #expect(executing.times == [0, 0, 1])
  }

  @Test("enabledValues and executingValues are the Drivers' values, sent where they change")
  func undeliveredValues() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    var enabled: [Bool] = []
    var executing: [Bool] = []
    let a = action.enabledValues.sink { enabled.append($0) }
    let b = action.executingValues.sink { executing.append($0) }
    // Without any scheduler step: the current values at once, then each change as it happens.
    #expect(enabled == [true] && executing == [false])
    action.execute(1)
    #expect(enabled == [true, false] && executing == [false, true])
    scheduler.advance(seconds: 1)
    #expect(enabled == [true, false, true] && executing == [false, true, false])
    a.cancel()
    b.cancel()
  }

  @Test func elementsAreDelivered() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let elements = action.elements.record(on: scheduler)
    action.execute(4)
    scheduler.advance(seconds: 1)
    #expect(elements.values == [40])
    #expect(elements.times == [1])
  }

  @Test func oneExecutionAtATime() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let errors = action.errors.record(on: scheduler)
    let elements = action.elements.record(on: scheduler)
    action.execute(1)
    scheduler.advance(seconds: 0.5)
    let second = action.execute(2).record(on: scheduler)
    scheduler.advance(seconds: 1)
    #expect(work.calls == 1)
    #expect(second.failure?.isNotEnabled == true)
    #expect(errors.values.map(\.isNotEnabled) == [true])
    #expect(elements.values == [10])
  }

  @Test func notEnabledWhileTheConditionIsFalse() {
    let work = SlowWork(scheduler)
    let allowed = BehaviorRelay(value: false)
    let action = Action(enabledIf: allowed, scheduler: scheduler.asAny, work: work.callAsFunction)
    let enabled = action.enabled.record(on: scheduler)
    scheduler.settle()
    let refused = action.execute(1).record(on: scheduler)
    #expect(refused.failure?.isNotEnabled == true)
    #expect(work.calls == 0)
    allowed.accept(true)
    scheduler.settle()
    action.execute(1)
    scheduler.settle()
    scheduler.advance(seconds: 1)
    #expect(work.calls == 1)
    #expect(enabled.values == [false, true, false, true])
  }

  @Test func aWorkErrorNeverEndsTheAction() {
    let work = SlowWork(scheduler)
    work.fails = true
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let errors = action.errors.record(on: scheduler)
    let elements = action.elements.record(on: scheduler)
    let result = action.execute(3).record(on: scheduler)
    scheduler.advance(seconds: 1)
    #expect(result.failure?.underlyingError as? TestError == TestError(code: 3))
    #expect(errors.values.compactMap { $0.underlyingError as? TestError } == [TestError(code: 3)])
    #expect(!errors.isFinished && !elements.isFinished)
    work.fails = false
    action.execute(5)
    scheduler.advance(seconds: 1)
    #expect(elements.values == [50])
    #expect(action.isEnabled)
  }

  @Test func theResultReplaysToALateSubscriber() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let result = action.execute(2)
    scheduler.advance(seconds: 2)
    let late = result.record(on: scheduler)
    #expect(late.values == [20])
    #expect(late.isFinished)
  }

  @Test func theWorkRunsWithoutASubscriber() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    action.execute(1)
    #expect(work.calls == 1)
    #expect(action.isExecuting)
    scheduler.advance(seconds: 1)
    #expect(!action.isExecuting)
  }

  @Test func enabledTurnsFalseWhileExecuting() {
    let work = SlowWork(scheduler)
    let action = Action(scheduler: scheduler.asAny, work: work.callAsFunction)
    let enabled = action.enabled.record(on: scheduler)
    scheduler.settle()
    action.execute(1)
    scheduler.advance(seconds: 0.5)
    #expect(enabled.last == false)
    scheduler.advance(seconds: 0.5)
    #expect(enabled.values == [true, false, true])
  }

  @Test func aSynchronousWorkCompletesCleanly() {
    let action = Action<Int, Int>(scheduler: DispatchQueue.immediate.eraseToAnyScheduler()) {
      Just($0 + 1)
    }
    let result = action.execute(1).record(on: scheduler)
    #expect(result.values == [2])
    #expect(result.isFinished)
    #expect(!action.isExecuting)
    #expect(action.execute(2).record(on: scheduler).values == [3])
  }

  @Test func notEnabledDoesNoWorkAndStillReportsOnErrors() {
    let work = SlowWork(scheduler)
    let action = Action(
      enabledIf: Just(false), scheduler: scheduler.asAny, work: work.callAsFunction)
    let errors = action.errors.record(on: scheduler)
    action.execute(1)
    action.execute(2)
    scheduler.settle()
    #expect(work.calls == 0)
    #expect(errors.values.count == 2)
    #expect(errors.values.allSatisfy { $0.isNotEnabled })
  }
}
