import Foundation
import ViewModelKit

/// The tweets app as a front end holds it: the navigator over one list, started.
public final class TweetsSession {
  public let navigator: TweetsNavigator
  public let list: ListIdentifier

  public init(list: ListIdentifier, env: TweetsEnvironment) {
    self.list = list
    navigator = TweetsNavigator(list: list, env: env)
    navigator.start()
  }

  /// Whether the app is seen: passed to every scene's screen model.
  public func setActive(_ active: Bool) {
    for scene in navigator.currentScenes {
      scene.timeline?.setActive(active)
      scene.people?.setActive(active)
    }
  }
}
