import Foundation
import ViewModelKit

/// The tweets app as a front end holds it: the navigator over one list, started.
public final class TweetsSession {
  public let navigator: TweetsNavigator
  public let list: ListIdentifier

  /// Each failure of the tweet store, as its message: the store that could not be opened (at
  /// once), and every write that failed. A front end that must report a lost write (the CLI's
  /// exit status) listens here; the screens show the same failures as their errors.
  public var storeFailures: AnyPublisher<String, Never> {
    navigator.environment.store.failures.map(\.message).eraseToAnyPublisher()
  }

  public init(list: ListIdentifier, env: TweetsEnvironment) {
    self.list = list
    navigator = TweetsNavigator(list: list, env: env)
    navigator.start()
  }

  /// Whether the app is seen: no poll runs while it is not, and on coming back a fetch runs at
  /// once when the last one is 30 s old or more (AV-06); passed to every scene's screen model.
  public func setActive(_ active: Bool) {
    if navigator.environment.active.value != active { navigator.environment.active.accept(active) }
    for scene in navigator.currentScenes {
      scene.timeline?.setActive(active)
      scene.people?.setActive(active)
    }
  }
}
