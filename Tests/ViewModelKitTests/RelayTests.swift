import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Relays")
struct RelayTests {
  let scheduler = DispatchQueue.test

  @Test func behaviorRelayStartsWithItsValue() {
    let relay = BehaviorRelay(value: "start")
    let recorder = relay.record(on: scheduler)
    #expect(recorder.values == ["start"])
    #expect(relay.value == "start")
  }

  @Test func behaviorRelayReplaysTheCurrentValueToEachSubscriber() {
    let relay = BehaviorRelay(value: 1)
    relay.accept(2)
    let a = relay.record(on: scheduler)
    relay.accept(3)
    let b = relay.record(on: scheduler)
    #expect(a.values == [2, 3])
    #expect(b.values == [3])
    #expect(relay.value == 3)
  }

  @Test func publishRelayDeliversOnlyLaterValues() {
    let relay = PublishRelay<Int>()
    relay.accept(1)
    let recorder = relay.record(on: scheduler)
    relay.accept(2)
    #expect(recorder.values == [2])
  }

  @Test func relaysNeverFinish() {
    // A relay has no way to be completed; even with every subscriber gone and back it goes on.
    let behavior = BehaviorRelay(value: 0)
    let publish = PublishRelay<Int>()
    let b = behavior.record(on: scheduler)
    let p = publish.record(on: scheduler)
    for value in 1...100 {
      behavior.accept(value)
      publish.accept(value)
    }
    #expect(!b.isFinished && b.completion == nil)
    #expect(!p.isFinished && p.completion == nil)
    b.cancel()
    let again = behavior.record(on: scheduler)
    behavior.accept(101)
    #expect(again.values == [100, 101])
    #expect(again.completion == nil)
  }

  @Test func cancelledSubscribersAreDropped() {
    let relay = PublishRelay<Int>()
    let a = relay.record(on: scheduler)
    let b = relay.record(on: scheduler)
    #expect(relay.subscriberCount == 2)
    a.cancel()
    relay.accept(1)
    #expect(relay.subscriberCount == 1)
    #expect(a.values.isEmpty)
    #expect(b.values == [1])
  }

  @Test func subscribersReceiveValuesInSubscriptionOrder() {
    let relay = PublishRelay<Int>()
    var log: [String] = []
    let a = relay.sink { log.append("a\($0)") }
    let b = relay.sink { log.append("b\($0)") }
    relay.accept(1)
    #expect(log == ["a1", "b1"])
    _ = (a, b)
  }

  @Test func acceptIsSafeFromManyThreads() {
    let relay = PublishRelay<Int>()
    let counter = Counter()
    let cancellable = relay.sink { _ in counter.increment() }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for i in 0..<500 { relay.accept(i) }
    }
    #expect(counter.value == 4000)
    cancellable.cancel()
  }
}

/// A thread-safe count for the concurrency test.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

@Suite("Answers and events on the wire")
struct AnswerCodingTests {
  @Test("an answer and an event encode as documented and decode back")
  func roundTrip() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let refused = InputResult.rejected("Your cart is empty")
    let text = { (data: Data) in String(decoding: data, as: UTF8.self) }
    #expect(
      text(try encoder.encode(refused)) == #"{"accepted":false,"refusal":"Your cart is empty"}"#)
    #expect(text(try encoder.encode(InputResult.accepted)) == #"{"accepted":true}"#)
    #expect(
      text(try encoder.encode(ScreenEvent.message("Saved")))
        == #"{"message":"Saved","severity":"info"}"#)
    #expect(
      text(try encoder.encode(ScreenEvent.failure("No")))
        == #"{"message":"No","severity":"failure"}"#)
    let decoder = JSONDecoder()
    #expect(try decoder.decode(InputResult.self, from: encoder.encode(refused)) == refused)
    let event = try decoder.decode(ScreenEvent.self, from: Data(#"{"message":"Hi"}"#.utf8))
    #expect(event == .message("Hi"))
    let failure = try decoder.decode(
      ScreenEvent.self, from: Data(#"{"message":"No","severity":"failure"}"#.utf8))
    #expect(failure == .failure("No"))
    #expect(throws: DecodingError.self) {
      try decoder.decode(InputResult.self, from: Data(#"{"accepted":false}"#.utf8))
    }
  }
}
