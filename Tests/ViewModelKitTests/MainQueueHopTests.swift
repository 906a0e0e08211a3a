import Foundation
import Testing
import ViewModelKitTesting

@testable import ViewModelKit

/// Issue 31, item 3: the door from a service's queue to a main-actor screen model.
@Suite("receiveOnMainQueue: a service's answers reach the main actor")
@MainActor
struct MainThreadHopTests {
  let scheduler = DispatchQueue.test

  /// Runs `body` on another thread and waits for it (at most 60 s, a hang guard).
  func offMain(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
  }

  @Test("the test itself runs on the main queue, and a detached thread does not")
  func probe() {
    #expect(MainQueue.isCurrent)
    let elsewhere = Locked(true)
    offMain { elsewhere.withLock { $0 = MainQueue.isCurrent } }
    #expect(elsewhere.withLock { $0 } == false)
  }

  @Test("a value sent on the main actor goes on at once, with no scheduler turn")
  func mainActorAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    let values = subject.receiveOnMainQueue(via: scheduler.asAny).record(on: scheduler)
    subject.send(1)
    #expect(values.values == [1])
  }

  @Test("a value sent on another thread waits for the scheduler, then arrives on the main queue")
  func otherThreadHops() {
    let subject = UncheckedBox(PassthroughSubject<Int, Never>())
    let threads = Locked<[Bool]>([])
    let values = subject.value.receiveOnMainQueue(via: scheduler.asAny)
      .handleEvents(receiveOutput: { _ in
        threads.withLock { $0.append(MainQueue.isCurrent) }
      })
      .record(on: scheduler)
    offMain { subject.value.send(1) }
    #expect(values.values.isEmpty)
    scheduler.advance()
    #expect(values.values == [1])
    #expect(threads.withLock { $0 } == [true])
  }

  @Test("order is kept: a main-actor value sent while a hop is pending comes after it")
  func orderKept() {
    let subject = UncheckedBox(PassthroughSubject<Int, Never>())
    let values = subject.value.receiveOnMainQueue(via: scheduler.asAny).record(on: scheduler)
    offMain { subject.value.send(1) }
    subject.value.send(2)
    #expect(values.values.isEmpty)
    scheduler.advance()
    #expect(values.values == [1, 2])
    subject.value.send(3)
    #expect(values.values == [1, 2, 3])
  }

  @Test("the end from another thread comes after the values before it")
  func endAfterValues() {
    let subject = UncheckedBox(PassthroughSubject<Int, Never>())
    let values = subject.value.receiveOnMainQueue(via: scheduler.asAny).record(on: scheduler)
    offMain {
      subject.value.send(1)
      subject.value.send(completion: .finished)
    }
    #expect(values.values.isEmpty && !values.isFinished)
    scheduler.advance()
    #expect(values.values == [1] && values.isFinished)
  }

  @Test("cancelling stops a pending hop's value and cancels upstream")
  func cancelling() {
    let subject = UncheckedBox(PassthroughSubject<Int, Never>())
    let cancelled = Locked(false)
    let received = Locked<[Int]>([])
    let subscription = subject.value
      .handleEvents(receiveCancel: { cancelled.withLock { $0 = true } })
      .receiveOnMainQueue(via: scheduler.asAny)
      .sink { value in received.withLock { $0.append(value) } }
    offMain { subject.value.send(1) }
    subscription.cancel()
    scheduler.advance()
    #expect(received.withLock { $0 }.isEmpty)
    #expect(cancelled.withLock { $0 })
  }
}

/// A value handed to another thread by a test that waits for it there.
final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
