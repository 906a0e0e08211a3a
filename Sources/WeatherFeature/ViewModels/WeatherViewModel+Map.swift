import Foundation
import ViewModelKit

/// The map's inputs: showing it, panning (a pan is looked up once the panning stops), zooming
/// and the size a front end gives it.
extension WeatherViewModel {
  /// Shows or hides the map.
  public func toggleMap() { setMapVisible(!facts.value.mapVisible) }

  /// Shows (true) or hides the map; asking for what is already so changes nothing.
  public func setMapVisible(_ visible: Bool) {
    update { $0.mapVisible = visible }
    if visible, let problem = landProblem {
      landProblem = nil
      toasts.accept(problem)
    }
  }

  /// Moves the map's centre; the weather there is fetched once the panning stops.
  @discardableResult
  public func pan(_ direction: PanDirection) -> InputResult {
    guard facts.value.mapVisible else { return .rejected(Self.mapHidden) }
    let center = MapGrid.pan(facts.value.mapCenter, direction, zoom: facts.value.zoom)
    update { $0.mapCenter = center }
    start(.map(center), plan: .settleThenFetch(center))
    return .accepted
  }

  /// One zoom level closer (at most 6).
  @discardableResult
  public func zoomIn() -> InputResult { zoom(by: 1) }

  /// One zoom level further (at least 1).
  @discardableResult
  public func zoomOut() -> InputResult { zoom(by: -1) }

  /// The map's widths and heights, in cells.
  public static let mapColumnRange = 5...200
  public static let mapRowRange = 3...100

  /// The map's size in cells, kept within `mapColumnRange` × `mapRowRange`.
  public func setMapSize(columns: Int, rows: Int) {
    let (width, height) = (Self.mapColumnRange, Self.mapRowRange)
    update {
      $0.mapColumns = min(width.upperBound, max(width.lowerBound, columns))
      $0.mapRows = min(height.upperBound, max(height.lowerBound, rows))
    }
  }

  private func zoom(by step: Int) -> InputResult {
    guard facts.value.mapVisible else { return .rejected(Self.mapHidden) }
    update { $0.zoom = min(6, max(1, $0.zoom + step)) }
    return .accepted
  }
}
