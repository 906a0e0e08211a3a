import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import TUIApp

/// A screen part with one bound value, counting its redraws.
@MainActor
private final class Gauge: DriverBound {
  var subscriptions = Set<AnyCancellable>()
  var value = 0
  var redraws = 0
  func didReceiveValue() { redraws += 1 }
}

@Suite("TUI: the one binding helper")
@MainActor
struct DriverBoundTests {
  @Test("a bound value is stored, then the screen redraws; the binding keeps no screen alive")
  func bindsWeakly() {
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver(scheduler: .immediate)
    var gauge: Gauge? = Gauge()
    weak let weakGauge = gauge
    gauge?.bind(driver) { $0.value = $1 }
    #expect(gauge?.value == 1 && gauge?.redraws == 1)
    relay.accept(5)
    #expect(gauge?.value == 5 && gauge?.redraws == 2)
    var bag = Set<AnyCancellable>()
    gauge?.bind(driver, in: &bag) { $0.value = $1 * 10 }
    #expect(gauge?.value == 50)
    gauge = nil
    #expect(weakGauge == nil)
    relay.accept(7)  // nothing left to store into
    bag.removeAll()
  }
}
