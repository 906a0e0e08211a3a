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
}
