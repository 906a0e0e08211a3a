import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Signal")
struct SignalTests {
  let scheduler = DispatchQueue.test

  @Test func doesNotReplay() {
    let relay = PublishRelay<String>()
    let signal = relay.asSignal(scheduler: scheduler.asAny)
    let early = signal.record(on: scheduler)
    relay.accept("one")
    scheduler.settle()
    let late = signal.record(on: scheduler)
    scheduler.settle()
    #expect(early.values == ["one"])
    #expect(late.values.isEmpty)
    relay.accept("two")
    scheduler.settle()
    #expect(late.values == ["two"])
  }

  @Test func deliversOnTheScheduler() {
    let relay = PublishRelay<Int>()
    let recorder = relay.asSignal(scheduler: scheduler.asAny).record(on: scheduler)
    relay.accept(1)
    #expect(recorder.values.isEmpty)
    scheduler.settle()
    #expect(recorder.values == [1])
  }

  @Test func aFailureBecomesTheFallbackEvent() {
    let source = PassthroughSubject<String, TestError>()
    let recorder = source.asSignal(onErrorJustReturn: "failed", scheduler: scheduler.asAny)
      .record(on: scheduler)
    source.send(completion: .failure(TestError()))
    scheduler.settle()
    #expect(recorder.values == ["failed"])
    #expect(recorder.isFinished)
  }

  @Test func sharesOneUpstream() {
    let source = CountingSource<Int, Never>()
    let signal = source.publisher.asSignal(scheduler: scheduler.asAny)
    let a = signal.record(on: scheduler)
    let b = signal.record(on: scheduler)
    source.subject.send(1)
    scheduler.settle()
    #expect(source.subscriptions == 1)
    #expect(a.values == [1] && b.values == [1])
  }

  @Test func mapAndFilterStaySignals() {
    let relay = PublishRelay<Int>()
    let recorder = relay.asSignal(scheduler: scheduler.asAny)
      .filter { $0.isMultiple(of: 2) }
      .map { "#\($0)" }
      .record(on: scheduler)
    (1...4).forEach(relay.accept)
    scheduler.settle()
    #expect(recorder.values == ["#2", "#4"])
  }

  @Test func eventsAreNotLostWhileASubscriberHasNoDemand() {
    let relay = PublishRelay<Int>()
    let signal = relay.asSignal(scheduler: scheduler.asAny)
    let slow = signal.record(on: scheduler, demand: .none)
    (1...3).forEach(relay.accept)
    scheduler.settle()
    slow.request(.unlimited)
    #expect(slow.values == [1, 2, 3])
  }
}
