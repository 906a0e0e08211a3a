import ViewModelKit

/// What the user can do on the weather screen, as values: what `WeatherViewModel.send(_:)`
/// takes from every head.
public enum WeatherInput: Codable, Equatable, Sendable {
  /// The search field's text changed; nothing is requested.
  case setQuery(text: String)
  /// Searches for the query text; blank text does nothing, over 100 characters is refused.
  case submit
  /// Shows a place as a search for it would (a session that remembered it).
  case show(place: String)
  /// Takes one accurate location fix and shows the weather there.
  case useMyLocation
  /// Runs the last accepted query again; nothing before the first one.
  case refresh
  /// Switches between °C and °F; nothing is fetched.
  case toggleUnits
  /// Shows temperatures in a unit; nothing is fetched.
  case setUnits(TemperatureUnit)
  /// A key entered by the user: kept for the session, and saved when the user chose so;
  /// ends a wait for a key. Refused when empty. A recording holding it holds the key.
  case setApiKey(key: String)
  /// Opens the key prompt.
  case openKeyPrompt
  /// Closes the key prompt (and its save choice); a query waiting for a key keeps waiting.
  case dismissKeyPrompt
  /// Whether the next key entered is also written to the settings file; refused when the key
  /// cannot be saved (no settings file, `--ephemeral`).
  case setSaveKey(Bool)
  /// Flips `setSaveKey`, as the dialog's check box does.
  case toggleSaveKey
  /// Shows or hides the map.
  case toggleMap
  /// Shows (true) or hides the map; asking for what is already so changes nothing.
  case setMapVisible(Bool)
  /// Moves the map's centre; the weather there is fetched once the panning stops.
  case pan(PanDirection)
  /// One zoom level closer (at most 6).
  case zoomIn
  /// One zoom level further (at least 1).
  case zoomOut
  /// Centres the map on a grid cell, 0-based from the top-left of the grid the head gave
  /// (`setMapSize`): a click on the map. Refused while the map is hidden or off the grid.
  case centreMap(column: Int, row: Int)
  /// The map's size in cells, kept within `mapColumnRange` × `mapRowRange`.
  case setMapSize(columns: Int, rows: Int)
  /// Whether the grid writes each place's name after its icon, where the cells are free: a
  /// head that gives the map room for them says so (the TUI from 60 columns); off at first.
  case setMapNames(Bool)
}

// Thin conveniences over `send(_:)`, for tests and examples: each sends its input.
extension WeatherViewModel {
  /// `send(.setQuery(text:))`.
  public func setQuery(_ text: String) { send(.setQuery(text: text)) }
  /// `send(.submit)`.
  @discardableResult public func submit() -> InputResult { send(.submit) }
  /// `send(.show(place:))`.
  public func show(place: String) { send(.show(place: place)) }
  /// `send(.useMyLocation)`.
  public func useMyLocation() { send(.useMyLocation) }
  /// `send(.refresh)`.
  public func refresh() { send(.refresh) }
  /// `send(.toggleUnits)`.
  public func toggleUnits() { send(.toggleUnits) }
  /// `send(.setUnits(_:))`.
  public func setUnits(_ unit: TemperatureUnit) { send(.setUnits(unit)) }
  /// `send(.setApiKey(key:))`.
  @discardableResult public func setApiKey(_ key: String) -> InputResult {
    send(.setApiKey(key: key))
  }
  /// `send(.openKeyPrompt)`.
  public func openKeyPrompt() { send(.openKeyPrompt) }
  /// `send(.dismissKeyPrompt)`.
  public func dismissKeyPrompt() { send(.dismissKeyPrompt) }
  /// `send(.setSaveKey(_:))`.
  @discardableResult public func setSaveKey(_ save: Bool) -> InputResult { send(.setSaveKey(save)) }
  /// `send(.toggleSaveKey)`.
  @discardableResult public func toggleSaveKey() -> InputResult { send(.toggleSaveKey) }
  /// `send(.toggleMap)`.
  public func toggleMap() { send(.toggleMap) }
  /// `send(.setMapVisible(_:))`.
  public func setMapVisible(_ visible: Bool) { send(.setMapVisible(visible)) }
  /// `send(.pan(_:))`.
  @discardableResult public func pan(_ direction: PanDirection) -> InputResult {
    send(.pan(direction))
  }
  /// `send(.zoomIn)`.
  @discardableResult public func zoomIn() -> InputResult { send(.zoomIn) }
  /// `send(.zoomOut)`.
  @discardableResult public func zoomOut() -> InputResult { send(.zoomOut) }
  /// `send(.centreMap(column:row:))`.
  @discardableResult public func centreMap(onColumn column: Int, row: Int) -> InputResult {
    send(.centreMap(column: column, row: row))
  }
  /// `send(.setMapSize(columns:rows:))`.
  public func setMapSize(columns: Int, rows: Int) {
    send(.setMapSize(columns: columns, rows: rows))
  }
  /// `send(.setMapNames(_:))`.
  public func setMapNames(_ shown: Bool) { send(.setMapNames(shown)) }
}
