import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("OutputRecorder")
struct OutputRecorderTests {
  let scheduler = DispatchQueue.test

  @Test func stampsValuesWithVirtualTime() {
    let relay = PublishRelay<String>()
    let recorder = relay.asSignal(scheduler: scheduler.asAny).record(on: scheduler)
    scheduler.advance(seconds: 0.25)
    relay.accept("a")
    scheduler.settle()
    scheduler.advance(toSeconds: 2)
    relay.accept("b")
    scheduler.settle()
    #expect(recorder.values == ["a", "b"])
    #expect(recorder.times == [0.25, 2])
    #expect(recorder.last == "b")
  }

  @Test func recordsTheEnd() {
    let finished = Just(1).record(on: scheduler)
    #expect(finished.isFinished && finished.failure == nil)
    let failed = Fail<Int, Failure>(error: Failure()).record(on: scheduler)
    #expect(!failed.isFinished)
    #expect(failed.failure == Failure())
  }

  @Test func demandIsTheRecordersToGive() {
    let recorder = [1, 2, 3].publisher.record(on: scheduler, demand: .max(1))
    #expect(recorder.values == [1])
    recorder.request(.max(5))
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isFinished)
  }

  @Test func clearForgetsButKeepsListening() {
    let relay = BehaviorRelay(value: 0)
    let recorder = relay.record(on: scheduler)
    recorder.clear()
    relay.accept(1)
    #expect(recorder.values == [1])
  }

  @Test func advanceToAPastInstantOnlySettles() {
    scheduler.advance(seconds: 3)
    scheduler.advance(toSeconds: 1)
    #expect(scheduler.elapsed == 3)
  }

  struct Failure: Error, Equatable {}
}
