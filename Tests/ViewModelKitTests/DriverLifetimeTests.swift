import Testing
import ViewModelKit
import ViewModelKitTesting

/// What a Driver's subscriber keeps alive: while attached, its share and the share's source
/// (they hold one another while connected anyway); once the Driver has finished or the
/// subscriber has cancelled, nothing.
@Suite("Driver: what a subscriber keeps alive")
struct DriverLifetimeTests {
  final class Payload: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
  }

  @Test func aSubscriberOfAFinishedDriverReleasesItsSource() {
    weak var weakPayload: Payload?
    var subscription: AnyCancellable?
    var seen: [Int] = []
    do {
      let payload = Payload(number: 7)
      weakPayload = payload
      let source = PassthroughSubject<Int, Never>()
      let driver = source.map { $0 + payload.number }.asDriver(scheduler: .immediate)
      subscription = driver.drive { seen.append($0) }
      source.send(1)
      source.send(completion: .finished)
    }
    #expect(seen == [8])
    #expect(subscription != nil)
    #expect(weakPayload == nil)
  }

  @Test func aCancelledSubscriberReleasesItsSource() {
    weak var weakPayload: Payload?
    var subscription: AnyCancellable?
    do {
      let payload = Payload(number: 1)
      weakPayload = payload
      let relay = BehaviorRelay(value: 0)
      subscription = relay.map { $0 + payload.number }.asDriver(scheduler: .immediate).drive { _ in
      }
      #expect(weakPayload != nil)
      subscription?.cancel()
    }
    #expect(subscription != nil)
    #expect(weakPayload == nil)
  }
}
