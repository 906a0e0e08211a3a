import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// How a Driver connects to a relay directly, and what a relay's observers keep alive.
@Suite("Relay: direct connections and lifetime")
struct RelayConnectionTests {
  /// An object that holds the subscription observing the relay that holds it.
  final class Owner {
    var subscription: AnyCancellable?
  }

  @Test("a relay whose value holds its own observer's subscription is freed with it")
  func relayHoldingItsObserverIsFreed() {
    weak var weakOwner: Owner?
    var seen = 0
    do {
      let relay = BehaviorRelay<Owner?>(value: nil)
      let owner = Owner()
      weakOwner = owner
      owner.subscription = relay.sink { if $0 != nil { seen += 1 } }
      relay.accept(owner)
      #expect(relay.subscriberCount == 1)
    }
    #expect(seen == 1)
    #expect(weakOwner == nil, "the relay, its value and the observer's box form no cycle")
  }

  @Test("an observer cancelled after its relay is gone is cancelled quietly")
  func cancelAfterTheRelayIsGone() {
    var seen: [Int] = []
    var subscription: AnyCancellable?
    do {
      let relay = BehaviorRelay(value: 1)
      subscription = relay.sink { seen.append($0) }
      relay.accept(2)
    }
    subscription?.cancel()
    #expect(seen == [1, 2])
  }

  /// A scheduler that keeps what it is given until the test runs it, in any order.
  final class HeldActions: @unchecked Sendable {
    var actions: [() -> Void] = []

    var scheduler: AnySchedulerOf<DispatchQueue> {
      let immediate = AnySchedulerOf<DispatchQueue>.immediate
      return AnySchedulerOf<DispatchQueue>(
        minimumTolerance: { immediate.minimumTolerance }, now: { immediate.now },
        scheduleImmediately: { [unowned self] _, action in actions.append(action) },
        delayed: { [unowned self] _, _, _, action in actions.append(action) },
        interval: { _, _, _, _, _ in AnyCancellable {} })
    }
  }

  /// A Driver on a relay holding 1, delivering through a `HeldActions` scheduler, with one
  /// subscriber recording what it sees; the relay has then accepted 2.
  final class HeldConnection {
    let held = HeldActions()
    let relay = BehaviorRelay(value: 1)
    let driver: Driver<Int>
    var seen: [Int] = []
    var subscription: AnyCancellable?

    init() {
      driver = relay.asDriver(scheduler: held.scheduler)
      subscription = driver.drive { [unowned self] in seen.append($0) }
      relay.accept(2)
    }
  }

  @Test("a relay's replay that reaches the Driver after a newer value is dropped")
  func lateReplayIsDropped() {
    let c = HeldConnection()
    #expect(c.held.actions.count == 2, "the replay of 1, then 2, each on its way to the scheduler")
    c.held.actions[1]()
    c.held.actions[0]()
    #expect(c.seen == [2], "1 is older than what was already taken in")
    var late: [Int] = []
    let second = c.driver.drive { late.append($0) }
    #expect(late == [2])
    c.subscription?.cancel()
    second.cancel()
    #expect(c.relay.subscriberCount == 0)
  }

  @Test("a replay that comes first is taken in, then the newer value")
  func replayInOrder() {
    let c = HeldConnection()
    for action in c.held.actions { action() }
    #expect(c.seen == [1, 2])
    c.subscription?.cancel()
    #expect(c.relay.subscriberCount == 0)
  }

  @Test("a Driver that connects while its relay is delivering joins after that delivery")
  func connectDuringDelivery() {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: .immediate)
    var seen: [Int] = []
    var subscription: AnyCancellable?
    let trigger = relay.sink { value in
      guard value == 2, subscription == nil else { return }
      subscription = driver.drive { seen.append($0) }
      #expect(seen.isEmpty, "the relay is still delivering 2: the connection waits its turn")
    }
    relay.accept(2)
    #expect(seen == [2])
    relay.accept(3)
    #expect(seen == [2, 3])
    trigger.cancel()
    subscription?.cancel()
    #expect(relay.subscriberCount == 0)
  }

  @Test("a Driver of a relay connects afresh after its last subscriber left")
  func reconnect() {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: .immediate)
    var seen: [Int] = []
    driver.drive { seen.append($0) }.cancel()
    #expect(relay.subscriberCount == 0)
    relay.accept(2)
    let subscription = driver.drive { seen.append($0) }
    #expect(relay.subscriberCount == 1)
    relay.accept(3)
    #expect(seen == [1, 2, 3])
    subscription.cancel()
    #expect(relay.subscriberCount == 0)
  }
}
