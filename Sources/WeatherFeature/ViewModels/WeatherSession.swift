import Foundation
import ViewModelKit

/// The weather app's scenes: one screen, whose map, dialogs and overlays are its own state.
public enum WeatherScene: Equatable, Sendable {
  case weather
}

/// One running weather app: its one screen model, the cache it writes to, and the coordinator
/// with that screen at its root.
public final class WeatherSession: AppSession {
  public let weather: WeatherViewModel
  /// The app's coordinator: the weather screen at the root, and nothing is ever pushed on it.
  public let coordinator = SceneCoordinator<WeatherScene>()
  public let stack: Driver<[SceneEntry<WeatherScene>]>
  /// The screen's toasts, and a line as each retry starts (`attempt 2 of 4`), in the order
  /// they come: what a head that prints a log says (a head that draws the state shows the
  /// attempt where it draws `attemptNote`).
  public let messages: Signal<ScreenEvent>
  private let cache: any WeatherCache

  public init(
    weather: WeatherViewModel, cache: any WeatherCache, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.weather = weather
    self.cache = cache
    stack = coordinator.stackDriver(scheduler: scheduler)
    let retries = weather.state.map(\.attemptNote).removeDuplicates().filter { !$0.isEmpty }
      .map(ScreenEvent.warning)
    messages = weather.events.merge(with: retries).asSignal(scheduler: scheduler)
    coordinator.transition(to: .weather, type: .root)
  }

  /// A key that could not be written to the settings file: a failed write.
  public var failures: Signal<String> { weather.keySaveFailures }

  /// False while a query, a position or a map lookup is in flight.
  public var isSettled: Driver<Bool> { weather.isSettled }
  public var isBusy: Bool { weather.isBusy }

  /// The units, then the place shown (ST-03); the units fall back to the settings file's.
  public var rememberedChoices: [RememberedChoice] {
    let weather = weather
    return [
      RememberedChoice(
        Self.unitsKey,
        values: weather.unitsChoice.map(\.rawValue)
      ) { value in
        // Not a unit: the default stays.
        if let unit = TemperatureUnit(rawValue: value) { weather.send(.setUnits(unit)) }
      },
      // The place has no value at start (nothing is shown yet): its first value is a change.
      RememberedChoice(Self.placeKey, values: weather.placeChoice, isSetAtStart: false) {
        if !$0.isEmpty { weather.send(.show(place: $0)) }
      },
    ]
  }

  /// The units (standing in for the settings file's `units`) and the place.
  nonisolated public static let unitsKey = RememberedChoice.Key(
    "weather.units", settingsKey: "units")
  nonisolated public static let placeKey = RememberedChoice.Key("weather.place")
  nonisolated public static var rememberedKeys: [RememberedChoice.Key] { [unitsKey, placeKey] }

  /// Whether the app is seen: passed to its screen.
  public func setActive(_ active: Bool) { weather.setActive(active) }

  /// What is closed when the session ends.
  public let lifetime = SessionLifetime()

  /// On quit: writes the cache's pending change now, and ends the lifetime.
  public func shutdown() {
    cache.flush()
    lifetime.end()
  }
}
