import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Collects what a push-core `sink` hears, for the tests below.
final class Heard<Value> {
  var values: [Value] = []
  var finished = false
  var cancellable: AnyCancellable?

  init<S: RelayStreamConvertible>(_ source: S) where S.Output == Value {
    cancellable = source.sink(
      receiveCompletion: { [unowned self] _ in finished = true },
      receiveValue: { [unowned self] in values.append($0) })
  }
}

@Suite("The push core (RelayStream)")
struct RelayStreamTests {
  let scheduler = DispatchQueue.test

  @Test func operatorsOnARelayStayInThePushCore() {
    let relay = PublishRelay<Int>()
    let stream: RelayStream<String> = relay.map { $0 * 2 }.filter { $0 % 3 != 0 }
      .compactMap { $0 > 4 ? "\($0)" : nil }
    let heard = Heard(stream)
    (1...5).forEach(relay.accept)
    #expect(heard.values == ["8", "10"])
  }

  @Test func removeDuplicatesComparesWithThePreviousValuePerObserver() {
    let relay = PublishRelay<Int>()
    let distinct = relay.removeDuplicates()
    let first = Heard(distinct)
    [1, 1, 2, 2, 1].forEach(relay.accept)
    let second = Heard(distinct)
    relay.accept(1)
    #expect(first.values == [1, 2, 1])
    #expect(second.values == [1])
  }

  @Test func combineLatestWaitsForBothThenEmitsOnEveryChange() {
    let a = PublishRelay<Int>()
    let b = BehaviorRelay(value: "x")
    let heard = Heard(a.combineLatest(b) { "\($0)\($1)" })
    #expect(heard.values.isEmpty)
    a.accept(1)
    b.accept("y")
    a.accept(2)
    #expect(heard.values == ["1x", "1y", "2y"])
  }

  @Test func combineLatestOfThreeAndFour() {
    let (a, b) = (BehaviorRelay(value: 1), BehaviorRelay(value: 2))
    let (c, d) = (BehaviorRelay(value: 3), BehaviorRelay(value: 4))
    let three = Heard(a.combineLatest(b, c) { $0 + $1 + $2 })
    let four = Heard(a.combineLatest(b, c, d) { $0 * $1 * $2 * $3 })
    c.accept(10)
    #expect(three.values == [6, 13])
    #expect(four.values == [24, 80])
  }

  @Test func combineLatestFinishesWhenEverySourceHasFinished() {
    let heard = Heard(RelayStream(Just(1)).combineLatest(RelayStream([2, 3].publisher)))
    #expect(heard.values.map { [$0.0, $0.1] } == [[1, 2], [1, 3]])
    #expect(heard.finished)
  }

  @Test func withLatestFromDropsTriggersBeforeTheDataSideHasAValue() {
    let trigger = PublishRelay<Int>()
    let data = PublishRelay<String>()
    let heard = Heard(trigger.withLatestFrom(data) { "\($0)\($1)" })
    trigger.accept(1)
    data.accept("a")
    trigger.accept(2)
    data.accept("b")
    data.accept("c")
    trigger.accept(3)
    #expect(heard.values == ["2a", "3c"])
  }

  @Test func mergeInterleavesInArrivalOrderAndFinishesAfterTheLast() {
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let heard = Heard([a, b].merge())
    a.accept(1)
    b.accept(2)
    a.accept(3)
    #expect(heard.values == [1, 2, 3])
    let finite = Heard(RelayStream(Just(1)).merge(with: RelayStream([2].publisher)))
    #expect(finite.values == [1, 2])
    #expect(finite.finished)
  }

  @Test func aValueAcceptedInsideAnObserverWaitsForTheCurrentDelivery() {
    let relay = PublishRelay<Int>()
    var order: [String] = []
    let first = relay.sink { value in
      order.append("first \(value)")
      if value == 1 { relay.accept(2) }
    }
    let second = relay.sink { order.append("second \($0)") }
    relay.accept(1)
    #expect(order == ["first 1", "second 1", "first 2", "second 2"])
    _ = (first, second)
  }

  @Test func removingObserversKeepsTheOthersInAttachmentOrder() {
    let relay = PublishRelay<Int>()
    var order: [Int] = []
    var cancellables = (0..<40).map { index in relay.sink { _ in order.append(index) } }
    // Drop most of them, from the middle, so that the list compacts.
    for index in stride(from: 1, to: 39, by: 1) where index % 5 != 0 {
      cancellables[index].cancel()
    }
    #expect(relay.subscriberCount == 9)
    relay.accept(0)
    #expect(order == [0, 5, 10, 15, 20, 25, 30, 35, 39])
    cancellables.removeAll()
    #expect(relay.subscriberCount == 0)
  }

  @Test func nothingArrivesAfterCancel() {
    let relay = PublishRelay<Int>()
    var heard: [Int] = []
    var cancellable: AnyCancellable?
    cancellable = relay.map { $0 }.sink { value in
      heard.append(value)
      cancellable?.cancel()
    }
    relay.accept(1)
    relay.accept(2)
    #expect(heard == [1])
  }

  @Test func receiveOnDeliversThroughTheSchedulerAndDropsWorkAfterCancel() {
    let relay = PublishRelay<Int>()
    let heard = Heard(relay.receive(on: scheduler.eraseToAnyScheduler()))
    relay.accept(1)
    #expect(heard.values.isEmpty)
    scheduler.advance()
    #expect(heard.values == [1])
    relay.accept(2)
    heard.cancellable?.cancel()
    scheduler.advance()
    #expect(heard.values == [1])
  }

  @Test func aCombineSubscriberGetsCombinesDemandRules() {
    let relay = PublishRelay<Int>()
    let recorder = OutputRecorder<Int, Never>(clock: { 0 }, initialDemand: .max(1))
    relay.map { $0 * 10 }.subscribe(recorder)
    relay.accept(1)
    relay.accept(2)
    #expect(recorder.values == [10])
    recorder.request(.max(5))
    #expect(recorder.values == [10, 20])
  }

  @Test func aDriverBuiltOnARelayReplaysAndDisconnects() {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: scheduler.eraseToAnyScheduler())
    var seen: [Int] = []
    let a = driver.drive { seen.append($0) }
    scheduler.advance()
    #expect(relay.subscriberCount == 1)
    a.cancel()
    #expect(relay.subscriberCount == 0)
    #expect(driver.subscriberCount == 0)
    #expect(seen == [1])
  }
}
