import Foundation
import ViewModelKit

// WW-04: the weather around the map's centre. Whenever the part of the world in view changes
// (the map is shown, panned, zoomed, re-centred on a search or a fix, or given another size) and
// then stays put for the settle delay, the service is asked for up to `maxNearby` places in it.
// The newest view wins (`flatMapLatest` cancels the wait or the lookup before it, and hiding
// the map cancels both); one attempt with the query's time limit; a failure changes nothing:
// no toast, and the markers from the last lookup that worked stay.

extension WeatherViewModel {
  /// How many places around the centre the map asks for.
  public static let maxNearby = 8

  /// The lookups of the places in view, one per settled view; their answers replace `nearby`.
  /// The wait and the lookup count as activity, so the CLI prints the markers they bring.
  func lookUpPlacesInView(_ facts: BehaviorRelay<WeatherFacts>) -> AnyCancellable {
    facts.map(\.viewedArea).removeDuplicates().flatMapLatest { [unowned self] area in
      guard let area else { return Empty<[Weather], Never>().eraseToAnyPublisher() }
      return activity.counting(
        Just(()).delay(for: .seconds(Self.mapSettleDelay), scheduler: scheduler)
          .flatMap { [unowned self] in placesIn(area) })
    }
    .sink { [unowned self] places in update { $0.nearby = places } }
  }

  /// One lookup of the places in `area`, nearest first; silent on failure.
  private func placesIn(_ area: MapArea) -> AnyPublisher<[Weather], Never> {
    Deferred { [unowned self] in
      service.placesAround(area, limit: Self.maxNearby, apiKey: facts.value.apiKey)
    }
    .receive(on: scheduler)
    .timeout(.seconds(Self.attemptTimeout), scheduler: scheduler, customError: { .network })
    .map { places in Array(places.filter { area.contains($0.coordinate) }.prefix(Self.maxNearby)) }
    .catch { _ in Empty<[Weather], Never>() }
    .eraseToAnyPublisher()
  }
}
