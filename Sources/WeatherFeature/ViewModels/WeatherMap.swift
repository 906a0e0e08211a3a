import Foundation
import ViewModelKit

/// The weather screen's map: showing it, panning (a pan is looked up once the panning stops),
/// zooming, the size a front end gives it, and the places in view.
///
/// WW-04: whenever the part of the world in view changes (the map is shown, panned, zoomed,
/// re-centred on a search or a fix, or given another size) and then stays put for the settle
/// delay, the service is asked for up to `maxNearby` places in it. The newest view wins
/// (`flatMapLatest` cancels the wait or the lookup before it, and hiding the map cancels both);
/// one attempt with the query's time limit; a failure changes nothing: no toast, and the
/// markers from the last lookup that worked stay.
final class WeatherMap {
  typealias VM = WeatherViewModel

  private let store: WeatherFactsStore
  private let queries: WeatherQueries
  /// Why the map has no land (its mask did not load), told once, when the map is first shown.
  private var landProblem: String?
  private var lookups: AnyCancellable?

  init(
    store: WeatherFactsStore, queries: WeatherQueries, service: any WeatherService,
    landProblem: String?, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.store = store
    self.queries = queries
    self.landProblem = landProblem
    let activity = queries.activity
    // The lookups of the places in view, one per settled view; their answers replace
    // `nearby`. The wait and the lookup count as activity, so the CLI prints the markers.
    lookups = store.facts.map(\.viewedArea).removeDuplicates().flatMapLatest { area in
      guard let area else { return Empty<[Weather], Never>().eraseToAnyPublisher() }
      return activity.counting(
        Just(()).delay(for: .seconds(VM.mapSettleDelay), scheduler: scheduler)
          .flatMap { Self.places(in: area, service: service, store: store, scheduler: scheduler) })
    }
    .sink { [store] places in store.update { $0.nearby = places } }
  }

  deinit { lookups?.cancel() }

  /// Shows (true) or hides the map; asking for what is already so changes nothing.
  func setVisible(_ visible: Bool) {
    store.update { $0.mapVisible = visible }
    if visible, let problem = landProblem {
      landProblem = nil
      store.toasts.accept(.warning(problem))
    }
  }

  /// Moves the centre; the weather there is fetched once the panning stops.
  func pan(_ direction: PanDirection) -> InputResult {
    guard store.value.mapVisible else { return .rejected(VM.mapHidden) }
    let center = MapGrid.pan(store.value.mapCenter, direction, zoom: store.value.zoom)
    store.update { $0.mapCenter = center }
    queries.start(.map(center), plan: .settleThenFetch(center))
    return .accepted
  }

  /// Moves the centre to the middle of the grid cell (`column`, `row`), 0-based from the
  /// top-left; the weather there is fetched once the map settles, as after a pan. A cell off
  /// the grid is refused.
  func centre(onColumn column: Int, row: Int) -> InputResult {
    let facts = store.value
    guard facts.mapVisible else { return .rejected(VM.mapHidden) }
    guard (0..<facts.mapColumns).contains(column), (0..<facts.mapRows).contains(row) else {
      return .rejected(VM.offTheMap)
    }
    let center = MapGrid.coordinate(
      column: column, row: row, center: facts.mapCenter, zoom: facts.zoom,
      columns: facts.mapColumns, rows: facts.mapRows)
    store.update { $0.mapCenter = center }
    queries.start(.map(center), plan: .settleThenFetch(center))
    return .accepted
  }

  /// One zoom level closer (positive) or further, within 1…6.
  func zoom(by step: Int) -> InputResult {
    guard store.value.mapVisible else { return .rejected(VM.mapHidden) }
    store.update { $0.zoom = min(6, max(1, $0.zoom + step)) }
    return .accepted
  }

  /// The size in cells, kept within `mapColumnRange` × `mapRowRange`.
  func setSize(columns: Int, rows: Int) {
    let (width, height) = (VM.mapColumnRange, VM.mapRowRange)
    store.update {
      $0.mapColumns = min(width.upperBound, max(width.lowerBound, columns))
      $0.mapRows = min(height.upperBound, max(height.lowerBound, rows))
    }
  }

  /// One lookup of the places in `area`, nearest first; silent on failure.
  private nonisolated static func places(
    in area: MapArea, service: any WeatherService, store: WeatherFactsStore,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) -> AnyPublisher<[Weather], Never> {
    Deferred { [weak store] in
      service.placesAround(area, limit: VM.maxNearby, apiKey: store?.value.apiKey ?? "")
    }
    .receive(on: scheduler)
    .timeout(.seconds(VM.attemptTimeout), scheduler: scheduler, customError: { .network })
    .map { places in Array(places.filter { area.contains($0.coordinate) }.prefix(VM.maxNearby)) }
    .catch { _ in Empty<[Weather], Never>() }
    .eraseToAnyPublisher()
  }
}

extension WeatherViewModel {
  /// The refusal of a centre outside the grid.
  public nonisolated static let offTheMap = "That is not on the map"
  /// How many places around the centre the map asks for.
  public nonisolated static let maxNearby = 8
  /// The map's widths and heights, in cells.
  public nonisolated static let mapColumnRange = 5...200
  public nonisolated static let mapRowRange = 3...100
}
