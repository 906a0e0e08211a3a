import Foundation
import ViewModelKit

/// One running tweets app: the navigator over one list, started, and its coordinator.
public final class TweetsSession: AppSession {
  public let navigator: TweetsNavigator
  public let list: ListIdentifier
  /// The coordinator's stack, bottom first, as state.
  public let stack: Driver<[SceneEntry<Scene>]>

  /// Each failure of the tweet store, as its message: the store that could not be opened (at
  /// once), and every write that failed. A front end that must report a lost write (the CLI's
  /// exit status) listens here; the screens show the same failures as their errors.
  public var storeFailures: AnyPublisher<String, Never> {
    navigator.environment.store.failures.map(\.message).eraseToAnyPublisher()
  }

  /// The errors of whichever timeline is on top (the people screen announces nothing).
  public let messages: Signal<ScreenEvent>
  /// Each write of the tweet store that failed (`storeFailures`).
  public let failures: Signal<String>

  /// A session whose screens are unseen until a front end says otherwise.
  public init(list: ListIdentifier, env: TweetsEnvironment) {
    self.list = list
    navigator = TweetsNavigator(list: list, env: env)
    stack = navigator.coordinator.stackDriver(scheduler: env.scheduler)
    messages = navigator.scenes
      .map { scenes -> AnyPublisher<ScreenEvent, Never> in
        scenes.last?.timeline?.events.eraseToAnyPublisher() ?? Empty().eraseToAnyPublisher()
      }
      .switchToLatest()
      .asSignal(scheduler: env.scheduler)
    failures = env.store.failures.map(\.message).asSignal(scheduler: env.scheduler)
    navigator.start()
  }

  /// The navigator's scene coordinator: the list timeline at the root.
  public var coordinator: SceneCoordinator<Scene> { navigator.coordinator }
  /// False while any request of any scene is in flight.
  public var isSettled: Driver<Bool> { navigator.isSettled }
  public var isBusy: Bool { navigator.isBusy }

  /// The app-wide pause (ST-03).
  public var rememberedChoices: [RememberedChoice] {
    let env = navigator.environment
    return [
      RememberedChoice(Self.pausedKey, values: env.paused.map { $0 ? "true" : "false" }) {
        if $0 == "true" { env.setPaused(true) }
      }
    ]
  }

  /// The pause, kept as `true` or `false`.
  nonisolated public static let pausedKey = RememberedChoice.Key("tweets.paused")
  nonisolated public static var rememberedKeys: [RememberedChoice.Key] { [pausedKey] }

  /// Whether the app is seen: passed to every scene's screen model (and to each one made
  /// later), so no poll runs while it is not, and on coming back a fetch runs at once when the
  /// last one is 30 s old or more (AV-06).
  public func setActive(_ active: Bool) { navigator.setActive(active) }

  /// What is closed when the session ends.
  public let lifetime = SessionLifetime()

  /// Nothing is pending at exit (each poll writes its page before it ends): ends the lifetime.
  public func shutdown() { lifetime.end() }
}
