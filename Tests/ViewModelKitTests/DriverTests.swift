import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Driver")
struct DriverTests {
  let scheduler = DispatchQueue.test

  @Test func aFailureBecomesTheFallbackThenTheEnd() {
    let source = PassthroughSubject<Int, TestError>()
    let driver = source.asDriver(onErrorJustReturn: -1, scheduler: scheduler.asAny)
    let recorder = driver.record(on: scheduler)
    source.send(1)
    source.send(completion: .failure(TestError()))
    scheduler.settle()
    #expect(recorder.values == [1, -1])
    #expect(recorder.isFinished)
  }

  @Test func aFailureCanRecoverWithAnotherDriver() {
    let source = PassthroughSubject<Int, TestError>()
    let driver = source.asDriver(
      onErrorRecover: { error in .just(error.code * 100, scheduler: scheduler.asAny) },
      scheduler: scheduler.asAny)
    let recorder = driver.record(on: scheduler)
    source.send(completion: .failure(TestError(code: 4)))
    scheduler.settle()
    #expect(recorder.values == [400])
  }

  @Test func deliversOnTheInjectedScheduler() {
    let relay = BehaviorRelay(value: 1)
    let recorder = relay.asDriver(scheduler: scheduler.asAny).record(on: scheduler)
    #expect(recorder.values.isEmpty)
    scheduler.settle()
    #expect(recorder.values == [1])
    relay.accept(2)
    #expect(recorder.values == [1])
    scheduler.settle()
    #expect(recorder.values == [1, 2])
  }

  @Test func deliveryHappensAtTheVirtualTimeOfTheChange() {
    let relay = BehaviorRelay(value: "a")
    let recorder = relay.asDriver(scheduler: scheduler.asAny).record(on: scheduler)
    scheduler.settle()
    scheduler.advance(seconds: 1.5)
    relay.accept("b")
    scheduler.advance(seconds: 0.5)
    #expect(recorder.values == ["a", "b"])
    #expect(recorder.times == [0, 1.5])
  }

  @Test func replaysTheLatestValueToANewSubscriber() {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: scheduler.asAny)
    let first = driver.record(on: scheduler)
    scheduler.settle()
    relay.accept(2)
    scheduler.settle()
    let second = driver.record(on: scheduler)
    #expect(first.values == [1, 2])
    #expect(second.values == [2])
  }

  @Test func sharesOneUpstreamSubscription() {
    let source = CountingSource<Int, Never>()
    let driver = source.publisher.asDriver(scheduler: scheduler.asAny)
    let recorders = (0..<3).map { _ in driver.record(on: scheduler) }
    source.subject.send(5)
    scheduler.settle()
    #expect(source.subscriptions == 1)
    #expect(recorders.allSatisfy { $0.values == [5] })
  }

  @Test func disconnectsWhenTheLastSubscriberLeaves() {
    let source = CountingSource<Int, Never>()
    let driver = source.publisher.asDriver(scheduler: scheduler.asAny)
    let a = driver.drive { _ in }
    let b = driver.drive { _ in }
    a.cancel()
    #expect(source.cancellations == 0)
    b.cancel()
    #expect(source.cancellations == 1)
  }

  @Test func mapStaysADriverWithoutAnotherHop() {
    let relay = BehaviorRelay(value: 2)
    let doubled = relay.asDriver(scheduler: scheduler.asAny).map { $0 * 2 }
    let recorder = doubled.record(on: scheduler)
    scheduler.settle()
    relay.accept(3)
    scheduler.settle()
    #expect(recorder.values == [4, 6])
    let late = doubled.record(on: scheduler)
    #expect(late.values == [6])
  }

  @Test func distinctUntilChangedSkipsRepeats() {
    let relay = BehaviorRelay(value: 1)
    let recorder = relay.asDriver(scheduler: scheduler.asAny).distinctUntilChanged()
      .record(on: scheduler)
    for value in [1, 1, 2, 2, 1] {
      relay.accept(value)
      scheduler.settle()
    }
    #expect(recorder.values == [1, 2, 1])
  }

  @Test func driveFeedsARelay() {
    let source = BehaviorRelay(value: "x")
    let target = BehaviorRelay(value: "")
    let cancellable = source.asDriver(scheduler: scheduler.asAny).drive(target)
    scheduler.settle()
    #expect(target.value == "x")
    cancellable.cancel()
    source.accept("y")
    scheduler.settle()
    #expect(target.value == "x")
  }

  @Test func justDeliversOneValueOnTheScheduler() {
    let recorder = Driver.just(3, scheduler: scheduler.asAny).record(on: scheduler)
    #expect(recorder.values.isEmpty)
    scheduler.settle()
    #expect(recorder.values == [3])
    #expect(recorder.isFinished)
  }

  @Test func aSubscriberWithoutDemandGetsOnlyTheNewestState() {
    let relay = BehaviorRelay(value: 0)
    let driver = relay.asDriver(scheduler: scheduler.asAny)
    let keepAlive = driver.record(on: scheduler)
    let slow = driver.record(on: scheduler, demand: .none)
    for value in 1...3 {
      relay.accept(value)
      scheduler.settle()
    }
    slow.request(.max(1))
    #expect(keepAlive.values == [0, 1, 2, 3])
    #expect(slow.values == [3])
  }
}
