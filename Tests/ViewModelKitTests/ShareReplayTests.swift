import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("share(replay: 1)")
struct ShareReplayTests {
  let scheduler = DispatchQueue.test

  @Test func oneUpstreamSubscriptionForManySubscribers() {
    let source = CountingSource<Int, Never>()
    let shared = source.publisher.share(replay: 1)
    let recorders = (0..<5).map { _ in shared.record(on: scheduler) }
    source.subject.send(1)
    #expect(source.subscriptions == 1)
    #expect(recorders.allSatisfy { $0.values == [1] })
  }

  @Test func aLateSubscriberGetsTheLatestValue() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 1)
    let early = shared.record(on: scheduler)
    source.send(1)
    source.send(2)
    let late = shared.record(on: scheduler)
    #expect(early.values == [1, 2])
    #expect(late.values == [2])
    source.send(3)
    #expect(late.values == [2, 3])
  }

  @Test func replayZeroReplaysNothing() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 0)
    let early = shared.record(on: scheduler)
    source.send(1)
    let late = shared.record(on: scheduler)
    #expect(early.values == [1])
    #expect(late.values.isEmpty)
  }

  @Test func disconnectsWhenTheLastSubscriberCancels() {
    let source = CountingSource<Int, Never>()
    let shared = source.publisher.share(replay: 1)
    let first = shared.record(on: scheduler)
    let second = shared.record(on: scheduler)
    first.cancel()
    #expect(source.cancellations == 0)
    second.cancel()
    #expect(source.cancellations == 1)
    #expect(shared.subscriberCount == 0)
  }

  @Test func reconnectingStartsFresh() {
    let source = CountingSource<Int, Never>()
    let shared = source.publisher.share(replay: 1)
    let first = shared.record(on: scheduler)
    source.subject.send(1)
    first.cancel()
    let second = shared.record(on: scheduler)
    #expect(source.subscriptions == 2)
    #expect(second.values.isEmpty)
    source.subject.send(2)
    #expect(second.values == [2])
  }

  @Test func upstreamCompletionReachesEverySubscriberAndTheNextStartsFresh() {
    let source = CountingSource<Int, Never>()
    let shared = source.publisher.share(replay: 1)
    let a = shared.record(on: scheduler)
    let b = shared.record(on: scheduler)
    source.subject.send(1)
    source.subject.send(completion: .finished)
    #expect(a.isFinished && b.isFinished)
    _ = shared.record(on: scheduler)
    #expect(source.subscriptions == 2)
  }

  @Test func failureReachesEverySubscriber() {
    let source = PassthroughSubject<Int, TestError>()
    let shared = source.share(replay: 1)
    let a = shared.record(on: scheduler)
    let b = shared.record(on: scheduler)
    source.send(completion: .failure(TestError(code: 2)))
    #expect(a.failure == TestError(code: 2))
    #expect(b.failure == TestError(code: 2))
  }

  @Test func aSynchronousUpstreamValueReachesTheFirstSubscriber() {
    let relay = BehaviorRelay(value: 7)
    let shared = relay.share(replay: 1)
    let first = shared.record(on: scheduler)
    let second = shared.record(on: scheduler)
    #expect(first.values == [7])
    #expect(second.values == [7])
  }

  @Test func subscribersWithoutDemandStillShareOneConnection() {
    let source = PassthroughSubject<Int, Never>()
    let shared = source.share(replay: 1)
    let eager = shared.record(on: scheduler)
    let lazy = shared.record(on: scheduler, demand: .none)
    source.send(1)
    source.send(2)
    #expect(eager.values == [1, 2])
    #expect(lazy.values.isEmpty)
    lazy.request(.max(2))
    #expect(lazy.values == [1, 2])
  }
}
