import ViewModelKit

/// A screen (or a part of one) that keeps what its view models' Drivers last said: the one
/// binding helper of the TUI. `bind` stores each value on the screen, held weakly so that a
/// binding never keeps its screen alive, and then calls `didReceiveValue()` (which redraws).
@MainActor
protocol DriverBound: AnyObject {
  /// The subscriptions that live as long as the screen.
  var subscriptions: Set<AnyCancellable> { get set }
  /// Called after every bound value has been stored.
  func didReceiveValue()
}

extension DriverBound {
  /// Stores every value of `driver` with `store`, then calls `didReceiveValue()`.
  func bind<T>(_ driver: Driver<T>, _ store: @escaping (Self, T) -> Void) {
    bind(driver, in: &subscriptions, store)
  }

  /// The same, with the subscription kept in `bag` (bindings that end before the screen
  /// does, such as an editor's).
  func bind<T>(
    _ driver: Driver<T>, in bag: inout Set<AnyCancellable>, _ store: @escaping (Self, T) -> Void
  ) {
    driver.drive { [weak self] value in
      guard let self else { return }
      store(self, value)
      didReceiveValue()
    }
    .store(in: &bag)
  }
}
