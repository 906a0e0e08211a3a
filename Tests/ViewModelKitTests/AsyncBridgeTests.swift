import AppInfrastructure
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// A gate an async test opens: work waiting on it suspends, and says whether it was cancelled.
actor Gate {
  private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
  private(set) var cancelled = 0

  /// Waits until `open()`, or until the waiting task is cancelled (counted in `cancelled`).
  func wait() async {
    let id = UUID()
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiters[id] = $0 }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  func open() {
    let all = waiters.values
    waiters = [:]
    for waiter in all { waiter.resume() }
  }

  private func cancel(_ id: UUID) {
    guard let waiter = waiters.removeValue(forKey: id) else { return }
    cancelled += 1
    waiter.resume()
  }

  var waiting: Int { waiters.count }
}

/// Issue 31, items 1 and 2: async work as publishers, and outputs as async sequences.
@Suite("Async bridges: AsyncFuture, Action, values", .timeLimit(.minutes(3)))
struct AsyncBridgeTests {
  enum Failure: Error, Equatable { case boom }

  @Test("work that never suspends answers at once, in virtual time, as Just would")
  func immediate() {
    let scheduler = DispatchQueue.test
    let out = AsyncFuture { () async -> Int in 7 }.receive(on: scheduler).record(on: scheduler)
    scheduler.settle()
    #expect(out.values == [7] && out.times == [0] && out.isFinished)
  }

  @Test("the value, or the typed error; each subscriber runs the work anew")
  func valueAndError() async {
    let counter = Locked(0)
    let future = AsyncFuture { () async throws(Failure) -> Int in
      counter.withLock { $0 += 1 }
      await Task.yield()
      return 1
    }
    #expect(await future.firstResult() == .success(1))
    #expect(await future.firstResult() == .success(1))
    #expect(counter.withLock { $0 } == 2)
    let failing = AsyncFuture { () async throws(Failure) -> Int in
      await Task.yield()
      throw .boom
    }
    #expect(await failing.firstResult() == .failure(.boom))
  }

  @Test("cancelling the subscription cancels the task; nothing is delivered after")
  func cancellation() async throws {
    let gate = Gate()
    let delivered = Locked(0)
    let subscription = AsyncFuture { () async -> Int in
      await gate.wait()
      return 1
    }
    .sink { _ in delivered.withLock { $0 += 1 } }
    try await until { await gate.waiting == 1 }
    subscription.cancel()
    try await until { await gate.cancelled == 1 }
    #expect(delivered.withLock { $0 } == 0)
  }

  @Test("flatMapLatest over async work cancels the stale request")
  func latestWins() async throws {
    let gate = Gate()
    let inputs = PublishRelay<Int>()
    let received = Locked<[Int]>([])
    let subscription = inputs.flatMapLatest { number in
      AsyncFuture { () async -> Int in
        await gate.wait()
        return number
      }
    }
    .sink { value in received.withLock { $0.append(value) } }
    inputs.accept(1)
    try await until { await gate.waiting == 1 }
    inputs.accept(2)
    try await until {
      let cancelled = await gate.cancelled
      let waiting = await gate.waiting
      return cancelled == 1 && waiting == 1
    }
    await gate.open()
    try await until { received.withLock { $0 } == [2] }
    subscription.cancel()
  }

  @Test("no demand, no work: the task starts with the first request")
  func demand() async {
    let started = Locked(false)
    let future = AsyncFuture { () async -> Int in
      started.withLock { $0 = true }
      return 1
    }
    let subscriber = DemandlessSubscriber<Int>()
    future.receive(subscriber: subscriber)
    #expect(!started.withLock { $0 })
    subscriber.subscription?.request(.max(1))
    #expect(started.withLock { $0 })
  }

  @Test("an Action with an async closure: its value, its failure, refused while it runs")
  func action() {
    let scheduler = DispatchQueue.test
    let action = Action<Int, Int>(scheduler: scheduler.asAny) { (input: Int) async throws -> Int in
      if input < 0 { throw Failure.boom }
      return input * 2
    }
    let elements = action.elements.record(on: scheduler)
    let errors = action.errors.record(on: scheduler)
    _ = action.execute(21)
    _ = action.execute(-1)
    scheduler.settle()
    #expect(elements.values == [42])
    #expect(errors.values.count == 1)
  }

  @Test("a Driver's values: the latest first, then changes; a slow reader gets the newest")
  func driverValues() async {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: .immediate)
    var iterator = driver.values.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    relay.accept(2)
    relay.accept(3)
    relay.accept(4)
    #expect(await iterator.next() == 4)
  }

  @Test("a Signal's values: every event, in order, none replayed")
  func signalValues() async {
    let relay = PublishRelay<Int>()
    relay.accept(0)
    let signal = relay.asSignal(scheduler: .immediate)
    var iterator = signal.values.makeAsyncIterator()
    relay.accept(1)
    relay.accept(2)
    relay.accept(3)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 3)
  }

  @Test("leaving the loop cancels the subscription")
  func endsOnCancel() async throws {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: .immediate)
    let reader = Task {
      var seen = 0
      for await _ in driver.values { seen += 1 }
      return seen
    }
    try await until { relay.subscriberCount == 1 }
    reader.cancel()
    _ = await reader.value
    try await until { relay.subscriberCount == 0 }
  }

  @Test("a PendingResult's value: replayed however late; cancelled, 'Cancelled'")
  func pendingValue() async throws {
    let answered = Replayed<InputResult, Never>()
    answered.send(.accepted)
    answered.send(completion: .finished)
    #expect(await answered.eraseToAnyPublisher().value == .accepted)
    let never = Replayed<InputResult, Never>()
    let waiter = Task { await never.eraseToAnyPublisher().value }
    waiter.cancel()
    #expect(await waiter.value == .rejected("Cancelled"))
  }

  @Test("HTTPClient's default async call waits on send, with its errors")
  func httpDefault() async {
    struct Failing: HTTPClient {
      func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
        Fail(error: URLError(.timedOut)).eraseToAnyPublisher()
      }
    }
    do {
      _ = try await Failing().response(to: HTTPRequest(url: URL(fileURLWithPath: "/")))
      Issue.record("no error")
    } catch {
      #expect(error.code == .timedOut)
    }
  }
}

/// Re-checks `condition` for up to 10 s, 25 ms apart (another task's progress, not a delay);
/// fails the test when it never holds.
func until(_ condition: () async -> Bool) async throws {
  for _ in 0..<400 {
    if await condition() { return }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(25)) {
        continuation.resume()
      }
    }
  }
  #expect(await condition(), "the condition never held")
}

/// A subscriber that asks for nothing until the test does.
final class DemandlessSubscriber<Input>: Subscriber {
  typealias Failure = Never
  private(set) var subscription: (any Subscription)?
  func receive(subscription: any Subscription) { self.subscription = subscription }
  func receive(_ input: Input) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Never>) {}
}
