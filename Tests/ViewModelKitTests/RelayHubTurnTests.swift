import Foundation
import Synchronization
import Testing
import ViewModelKit

/// Issue 41, item 5: a relay's line keeps its turn in an atomic count (one lock section per
/// value that meets no other). These tests hold it to the promises the lock-kept flag made:
/// deliveries never overlap, each sender's values arrive in the order it sent them, nothing
/// is lost, and an observer attached while values fly from other threads gets the replay and
/// then every later value.
@Suite("The relay's delivery line under several threads")
struct RelayHubTurnTests {
  /// What an observer saw: overlapping deliveries, values out of their sender's order, and
  /// how many arrived. Only touched inside deliveries, which the flag checks never overlap.
  final class Witness: @unchecked Sendable {
    let inside = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let outOfOrder = Atomic<Int>(0)
    let heard = Atomic<Int>(0)
    var last: [Int]

    init(senders: Int) { last = Array(repeating: -1, count: senders) }

    func hear(sender: Int, index: Int) {
      if inside.exchange(true, ordering: .acquiringAndReleasing) {
        overlaps.add(1, ordering: .relaxed)
      }
      if index <= last[sender] { outOfOrder.add(1, ordering: .relaxed) }
      last[sender] = index
      heard.add(1, ordering: .relaxed)
      inside.store(false, ordering: .releasing)
    }
  }

  @Test("values from four threads arrive one at a time, each thread's in order, none lost")
  func fourSenders() {
    let senders = 4
    let rounds = 5_000
    let relay = PublishRelay<(Int, Int)>()
    let witness = Witness(senders: senders)
    let cancellable = relay.sink { witness.hear(sender: $0.0, index: $0.1) }
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<rounds { relay.accept((sender, index)) }
    }
    #expect(witness.overlaps.load(ordering: .relaxed) == 0)
    #expect(witness.outOfOrder.load(ordering: .relaxed) == 0)
    #expect(witness.heard.load(ordering: .relaxed) == senders * rounds)
    cancellable.cancel()
  }

  @Test("a merge of four relays fed from four threads delivers one at a time, in order, all")
  func mergeFromFourThreads() {
    let senders = 4
    let rounds = 5_000
    let relays = (0..<senders).map { _ in PublishRelay<(Int, Int)>() }
    let witness = Witness(senders: senders)
    let cancellable = relays.merge().sink { witness.hear(sender: $0.0, index: $0.1) }
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<rounds { relays[sender].accept((sender, index)) }
    }
    #expect(witness.overlaps.load(ordering: .relaxed) == 0)
    #expect(witness.outOfOrder.load(ordering: .relaxed) == 0)
    #expect(witness.heard.load(ordering: .relaxed) == senders * rounds)
    cancellable.cancel()
  }

  @Test("a value accepted inside a delivery, while other threads send, is not lost or reordered")
  func reentrantUnderLoad() {
    let senders = 3
    let rounds = 3_000
    let relay = PublishRelay<(Int, Int)>()
    // Sender `senders` is the observer itself: each value of sender 0 is answered with one
    // of its own, accepted from inside the delivery.
    let witness = Witness(senders: senders + 1)
    let echoes = Atomic<Int>(0)
    let cancellable = relay.sink { value in
      witness.hear(sender: value.0, index: value.1)
      if value.0 == 0 {
        relay.accept((senders, echoes.add(1, ordering: .relaxed).newValue))
      }
    }
    DispatchQueue.concurrentPerform(iterations: senders) { sender in
      for index in 0..<rounds { relay.accept((sender, index)) }
    }
    #expect(witness.overlaps.load(ordering: .relaxed) == 0)
    #expect(witness.outOfOrder.load(ordering: .relaxed) == 0)
    #expect(witness.heard.load(ordering: .relaxed) == (senders + 1) * rounds)
    cancellable.cancel()
  }

  /// Sends 1...`rounds` to a relay on one thread while another attaches `observers`
  /// observers through `subscribe`; answers how many values arrived that were not exactly one
  /// more than the observer's value before (the first is the replay of the latest).
  func gapsWhileSending(
    rounds: Int, observers: Int,
    subscribe: @escaping @Sendable (BehaviorRelay<Int>, @escaping (Int) -> Void) -> AnyCancellable
  ) -> Int {
    let relay = BehaviorRelay(value: 0)
    let failures = Atomic<Int>(0)
    let cancellables = Locked<[AnyCancellable]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 {
        for value in 1...rounds { relay.accept(value) }
      } else {
        for _ in 0..<observers {
          let previous = Locked<Int?>(nil)
          let cancellable = subscribe(relay) { value in
            previous.withLock { last in
              if let last, value != last + 1 { failures.add(1, ordering: .relaxed) }
              last = value
            }
          }
          cancellables.withLock { $0.append(cancellable) }
        }
      }
    }
    cancellables.withLock { $0.removeAll() }
    return failures.load(ordering: .relaxed)
  }

  @Test("observers attached while another thread sends each get the replay, then every later value")
  func attachWhileSending() {
    #expect(gapsWhileSending(rounds: 20_000, observers: 200) { $0.sink(receiveValue: $1) } == 0)
  }

  @Test("Drivers connected while another thread sends each get the latest, then every later value")
  func driverJoinWhileSending() {
    // Each Driver connects to the relay through the hub's `join`.
    let gaps = gapsWhileSending(rounds: 5_000, observers: 50) { relay, receive in
      relay.asDriver(scheduler: DispatchQueue.immediate.eraseToAnyScheduler()).drive(receive)
    }
    #expect(gaps == 0)
  }

  /// Something an observer holds, to see when it is let go.
  final class Held {}

  @Test("an observer cancelled during a delivery is let go when the delivery is over")
  func cancelInsideDelivery() {
    let relay = PublishRelay<Int>()
    weak var released: Held?
    var heard: [String] = []
    var second: AnyCancellable?
    let first = relay.sink { value in
      heard.append("first \(value)")
      // Cancels the next observer while the relay's slots are lent to this delivery.
      second?.cancel()
      second = nil
    }
    do {
      let held = Held()
      released = held
      second = relay.sink { value in
        withExtendedLifetime(held) { heard.append("second \(value)") }
      }
    }
    let third = relay.sink { heard.append("third \($0)") }
    #expect(released != nil)
    relay.accept(1)
    #expect(heard == ["first 1", "third 1"])
    #expect(released == nil, "the cancelled observer was kept after the delivery")
    relay.accept(2)
    #expect(heard == ["first 1", "third 1", "first 2", "third 2"])
    _ = (first, third)
  }

  @Test("a Driver's observer cancelled during its delivery is let go when the delivery is over")
  func cancelInsideDriverDelivery() {
    let relay = BehaviorRelay(value: 0)
    let driver = relay.asDriver(scheduler: DispatchQueue.immediate.eraseToAnyScheduler())
    weak var released: Held?
    var heard: [Int] = []
    var second: AnyCancellable?
    let first = driver.drive { value in
      if value == 1 {
        second?.cancel()
        second = nil
      }
    }
    do {
      let held = Held()
      released = held
      second = driver.drive { value in withExtendedLifetime(held) { heard.append(value) } }
    }
    relay.accept(1)
    #expect(heard == [0])
    #expect(released == nil, "the cancelled observer was kept after the delivery")
    _ = first
  }

  @Test("observers cancelled from another thread while values fly leave the others whole")
  func cancelWhileSending() {
    // A delivery already under way on the sending thread may still reach an observer that
    // another thread is cancelling; what must hold is that the lent slots stay readable
    // (nothing is released under a delivery), the resident observer hears every value, and
    // every cancelled observer leaves the list.
    let relay = PublishRelay<Int>()
    let rounds = 20_000
    let observers = 200
    let resident = Atomic<Int>(0)
    let keep = relay.sink { _ in resident.add(1, ordering: .relaxed) }
    let heard = Atomic<Int>(0)
    let cancellables = Locked(
      (0..<observers).map { _ in relay.sink { _ in heard.add(1, ordering: .relaxed) } })
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 {
        for value in 0..<rounds { relay.accept(value) }
      } else {
        for cancellable in cancellables.withLock({ $0 }) { cancellable.cancel() }
      }
    }
    relay.accept(rounds)
    #expect(heard.load(ordering: .relaxed) <= observers * rounds)
    #expect(resident.load(ordering: .relaxed) == rounds + 1)
    #expect(relay.subscriberCount == 1)
    _ = keep
  }
}
