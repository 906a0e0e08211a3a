import Testing
import ViewModelKit
import ViewModelKitTesting

/// The scripted test publishers and timed recorders (issue 10, item 5).
@Suite("TestPublisher and timed events")
struct TestPublisherTests {
  struct Failed: Error, Equatable {}
  let scheduler = DispatchQueue.test

  @Test("a cold publisher plays its script from each subscription, and logs each one")
  func cold() {
    let source = TestPublisher<String, Failed>.cold(
      [.value(1, "a"), .value(2, "b"), .finished(3)], on: scheduler)
    let first = source.record(on: scheduler)
    scheduler.advance(seconds: 1.5)
    let second = source.record(on: scheduler)
    scheduler.advance(seconds: 10)
    #expect(first.timedEvents == [.value(1, "a"), .value(2, "b"), .finished(3)])
    #expect(second.timedEvents == [.value(2.5, "a"), .value(3.5, "b"), .finished(4.5)])
    #expect(source.subscriptions == [SubscriptionLog(0, 3), SubscriptionLog(1.5, 4.5)])
  }

  @Test("a hot publisher plays once from its creation to whoever is subscribed")
  func hot() {
    let source = TestPublisher<Int, Failed>.hot(
      [.value(1, 10), .value(2, 20), .failure(4, Failed())], on: scheduler)
    scheduler.advance(seconds: 1.5)
    let late = source.record(on: scheduler)
    scheduler.advance(seconds: 10)
    #expect(late.timedEvents == [.value(2, 20), .failure(4, Failed())])
    #expect(source.subscriptions == [SubscriptionLog(1.5, 4)])
  }

  @Test("a cancelled subscription is logged at its cancel, and hears nothing after it")
  func cancelled() {
    let source = TestPublisher<Int, Never>.cold([.value(1, 1), .value(3, 3)], on: scheduler)
    let out = source.record(on: scheduler)
    scheduler.advance(seconds: 2)
    out.cancel()
    scheduler.advance(seconds: 5)
    #expect(out.timedEvents == [.value(1, 1)])
    #expect(source.subscriptions == [SubscriptionLog(0, 2)])
  }

  @Test("a pipeline's subscription and cancellation times: latest wins cancels at the next value")
  func pipelineLog() {
    let requests = TestPublisher<String, Never>.cold([.value(5, "answer")], on: scheduler)
    let queries = TestPublisher<Int, Never>.hot([.value(0, 1), .value(2, 2)], on: scheduler)
    let out = queries.flatMapLatest { _ in requests }.record(on: scheduler)
    scheduler.advance(seconds: 10)
    #expect(requests.subscriptions == [SubscriptionLog(0, 2), SubscriptionLog(2, nil)])
    #expect(out.timedEvents == [.value(7, "answer")])
  }
}
