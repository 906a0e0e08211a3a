import Foundation
import ViewModelKit

extension WeatherViewModel {
  /// The units in use, now and after each change: a choice worth keeping between runs.
  public var unitsChoice: AnyPublisher<TemperatureUnit, Never> {
    facts.map(\.units).removeDuplicates().eraseToAnyPublisher()
  }

  /// The city of the weather shown (live or cached), after each change: the place to show
  /// again at the next start. Nothing before the first answer, nothing for the placeholder.
  public var placeChoice: AnyPublisher<String, Never> {
    facts.compactMap { $0.display?.weather?.cityName }.removeDuplicates().eraseToAnyPublisher()
  }

  /// Shows `place` as a search for it would (the start of a session that remembered it).
  public func show(place: String) {
    setQuery(place)
    submit()
  }
}
