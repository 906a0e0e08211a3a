import ViewModelKit
import ViewModelKitTesting

struct TestError: Error, Equatable {
  var code = 1
}

/// A publisher that counts its subscriptions and cancellations, around a subject the test drives.
final class CountingSource<Output, Failure: Error> {
  let subject = PassthroughSubject<Output, Failure>()
  private(set) var subscriptions = 0
  private(set) var cancellations = 0

  var publisher: AnyPublisher<Output, Failure> {
    subject
      .handleEvents(
        receiveSubscription: { [unowned self] _ in subscriptions += 1 },
        receiveCancel: { [unowned self] in cancellations += 1 }
      )
      .eraseToAnyPublisher()
  }
}
