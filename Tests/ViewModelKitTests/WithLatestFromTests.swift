import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("withLatestFrom")
struct WithLatestFromTests {
  let scheduler = DispatchQueue.test

  @Test func dropsTriggersBeforeTheFirstDataValue() {
    let trigger = PassthroughSubject<Void, Never>()
    let data = PassthroughSubject<Int, Never>()
    let recorder = trigger.withLatestFrom(data).record(on: scheduler)
    trigger.send()
    data.send(1)
    data.send(2)
    #expect(recorder.values.isEmpty)
    trigger.send()
    #expect(recorder.values == [2])
  }

  @Test func emitsOnlyOnTriggers() {
    let trigger = PassthroughSubject<String, Never>()
    let data = CurrentValueSubject<Int, Never>(1)
    let recorder = trigger.withLatestFrom(data) { "\($0)\($1)" }.record(on: scheduler)
    data.send(2)
    data.send(3)
    trigger.send("a")
    trigger.send("b")
    data.send(4)
    #expect(recorder.values == ["a3", "b3"])
  }

  @Test func finishesWithTheTrigger() {
    let trigger = PassthroughSubject<Int, Never>()
    let data = CountingSource<Int, Never>()
    let recorder = trigger.withLatestFrom(data.publisher).record(on: scheduler)
    trigger.send(completion: .finished)
    #expect(recorder.isFinished)
    #expect(data.cancellations == 1)
  }

  @Test func theDataSourceFinishingKeepsItsLastValue() {
    let trigger = PassthroughSubject<Int, Never>()
    let data = PassthroughSubject<Int, Never>()
    let recorder = trigger.withLatestFrom(data).record(on: scheduler)
    data.send(5)
    data.send(completion: .finished)
    trigger.send(0)
    #expect(recorder.values == [5])
    #expect(!recorder.isFinished)
  }

  @Test func aFailureOfEitherSideFails() {
    let trigger = PassthroughSubject<Int, TestError>()
    let data = PassthroughSubject<Int, TestError>()
    let recorder = trigger.withLatestFrom(data).record(on: scheduler)
    data.send(completion: .failure(TestError(code: 3)))
    #expect(recorder.failure == TestError(code: 3))
  }

  @Test func aValueTheDataSideHasAtOnceServesTheFirstTrigger() {
    let recorder = Just(1).withLatestFrom(Just("ready")).record(on: scheduler)
    #expect(recorder.values == ["ready"])
    #expect(recorder.isFinished)
  }

  @Test func cancellingCancelsBothSides() {
    let trigger = CountingSource<Int, Never>()
    let data = CountingSource<Int, Never>()
    let recorder = trigger.publisher.withLatestFrom(data.publisher).record(on: scheduler)
    recorder.cancel()
    #expect(trigger.cancellations == 1 && data.cancellations == 1)
  }
}
