import Foundation
import ViewModelKit

// WW-04: the weather around the map's centre. Each settle of the map (0.5 s after the last pan)
// asks the service for up to `maxNearby` places; the newest settle wins (`flatMapLatest`
// cancels the lookup before it), one attempt with the query's time limit, and a failure
// changes nothing: no toast, and the markers from the last lookup that worked stay.

extension WeatherViewModel {
  /// How many places around the centre the map asks for.
  public static let maxNearby = 8

  /// The lookups of the places in view, one per settled area; their answers replace
  /// `nearby`. Counted as activity, so the CLI prints the markers they bring.
  func lookUpPlacesAround(_ areas: PublishRelay<MapArea>) -> AnyCancellable {
    areas.flatMapLatest { [unowned self] area in
      activity.counting(
        Deferred { [unowned self] in
          service.placesAround(area, limit: Self.maxNearby, apiKey: facts.value.apiKey)
        }
        .receive(on: scheduler)
        .timeout(.seconds(Self.attemptTimeout), scheduler: scheduler, customError: { .network })
        .map { places in
          Array(places.filter { area.contains($0.coordinate) }.prefix(Self.maxNearby))
        }
        .catch { _ in Empty<[Weather], Never>() })
    }
    .sink { [unowned self] places in update { $0.nearby = places } }
  }
}
