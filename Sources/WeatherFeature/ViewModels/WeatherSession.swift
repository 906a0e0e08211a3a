import Foundation
import ViewModelKit

/// The weather app as a front end holds it: the view model and the cache it writes to.
public final class WeatherSession {
  public let weather: WeatherViewModel
  private let cache: any WeatherCache

  public init(weather: WeatherViewModel, cache: any WeatherCache) {
    self.weather = weather
    self.cache = cache
  }

  /// On quit: writes the cache's pending change now.
  public func shutdown() { cache.flush() }
}
