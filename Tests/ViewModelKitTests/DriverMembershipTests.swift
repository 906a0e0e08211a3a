import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Driver: membership after a finish")
struct DriverMembershipTests {
  @Test("a subscriber cancelled by another's finish handler does not unbalance the share")
  func cancelDuringFinish() {
    var subscriptions = 0
    var cancels = 0
    var source = PassthroughSubject<Int, Never>()
    let driver = Deferred { source }
      .handleEvents(
        receiveSubscription: { _ in subscriptions += 1 }, receiveCancel: { cancels += 1 }
      )
      .asDriver(scheduler: .immediate)
    var b: AnyCancellable?
    // The first subscriber's finish handler cancels B, whose finish has not come yet.
    let finisher = driver.sink(receiveCompletion: { _ in b?.cancel() }, receiveValue: { _ in })
    b = driver.drive { _ in }
    source.send(completion: .finished)
    finisher.cancel()
    #expect(subscriptions == 1)
    source = PassthroughSubject<Int, Never>()
    let c = driver.drive { _ in }
    #expect(subscriptions == 2)
    c.cancel()
    #expect(cancels == 1, "the last subscriber leaving disconnects the source")
    #expect(driver.subscriberCount == 0)
  }
}
