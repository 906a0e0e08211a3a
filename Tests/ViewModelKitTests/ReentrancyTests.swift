import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Re-entrancy")
struct ReentrancyTests {
  let scheduler = DispatchQueue.test

  @Test func acceptingIntoTheSameRelayFromASubscriberKeepsOrderForEveryone() {
    let relay = PublishRelay<Int>()
    var first: [Int] = []
    var second: [Int] = []
    let a = relay.sink { value in
      first.append(value)
      if value == 1 { relay.accept(2) }
    }
    let b = relay.sink { second.append($0) }
    relay.accept(1)
    #expect(first == [1, 2])
    #expect(second == [1, 2])
    _ = (a, b)
  }

  @Test func behaviorRelayFeedbackLoopSettlesWithoutDeadlock() {
    let relay = BehaviorRelay(value: 0)
    var seen: [Int] = []
    let cancellable = relay.sink { value in
      seen.append(value)
      if value < 3 { relay.accept(value + 1) }
    }
    #expect(seen == [0, 1, 2, 3])
    #expect(relay.value == 3)
    cancellable.cancel()
  }

  @Test func relayFedFromInsideADriverSubscriberKeepsOrder() {
    let input = BehaviorRelay(value: 0)
    let driver = input.asDriver(scheduler: scheduler.asAny)
    var log: [String] = []
    let a = driver.drive { value in
      log.append("a\(value)")
      if value == 1 { input.accept(2) }
    }
    let b = driver.drive { log.append("b\($0)") }
    scheduler.settle()
    input.accept(1)
    scheduler.settle()
    #expect(log == ["a0", "b0", "a1", "b1", "a2", "b2"])
    _ = (a, b)
  }

  @Test func sharedPipelineDeliversNestedEmissionsAfterTheCurrentOne() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.map { $0 }.share(replay: 1)
    var log: [String] = []
    let a = shared.sink { value in
      log.append("a\(value)")
      if value == 1 { subject.send(2) }
    }
    let b = shared.sink { log.append("b\($0)") }
    subject.send(1)
    #expect(log == ["a1", "b1", "a2", "b2"])
    _ = (a, b)
  }

  @Test func combineLatestFedFromItsOwnSubscriberDoesNotNest() {
    let a = BehaviorRelay(value: 1)
    let b = BehaviorRelay(value: 10)
    var log: [Int] = []
    var depth = 0
    var maxDepth = 0
    let cancellable = a.combineLatest(b, +).sink { value in
      depth += 1
      maxDepth = Swift.max(maxDepth, depth)
      log.append(value)
      if value == 11 { b.accept(20) }
      depth -= 1
    }
    #expect(log == [11, 21])
    #expect(maxDepth == 1)
    cancellable.cancel()
  }

  @Test func subscribingFromInsideASubscriberGetsTheReplay() {
    let relay = BehaviorRelay(value: "x")
    let driver = relay.asDriver(scheduler: scheduler.asAny)
    var inner: [String] = []
    var innerCancellable: AnyCancellable?
    let outer = driver.drive { _ in
      if innerCancellable == nil { innerCancellable = driver.drive { inner.append($0) } }
    }
    scheduler.settle()
    #expect(inner == ["x"])
    _ = outer
  }
}
