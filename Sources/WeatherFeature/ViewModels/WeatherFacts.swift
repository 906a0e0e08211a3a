import Foundation

/// What the weather view model knows, before any formatting: the one source that `WeatherState`
/// (what the screen shows) is computed from.
struct WeatherFacts: Equatable {
  /// What the weather block shows.
  enum Display: Equatable {
    /// A service answer.
    case live(Weather)
    /// The cache's entry for the query's city, after every attempt failed.
    case cached(Weather)
    /// No data at all.
    case placeholder

    var weather: Weather? {
      switch self {
      case .live(let weather), .cached(let weather): weather
      case .placeholder: nil
      }
    }
  }

  /// Where the forecast panel stands.
  enum ForecastState: Equatable {
    case none, loading, unavailable, empty
    case loaded(Forecast)
  }

  var isLoading = false
  /// The search field's text as the view model last set it, and how many times it has.
  var cityField = ""
  var cityFieldRevision = 0
  /// The number of the query's attempt running now when it is a retry (2…4); nil for a first
  /// attempt and with no query running.
  var attempt: Int?
  var display: Display?
  /// Whether the service answers with the bundled samples.
  var servesSamples = false
  /// The credit the service that answered asks for, or "".
  var attribution = ""
  /// Whether the samples answer because the session found no network.
  var fellBack = false
  /// Whether a display since has said so as a toast.
  var noNetworkTold = false
  /// Whether the service needs the key (a keyless one leaves `apiKeyStatus` empty).
  var usesKey = true
  /// Whether the display answers a location query made at the sample position (no
  /// `--location` or gpsd was given).
  var atSamplePosition = false
  /// The place the user named (a text search's answer), the one to remember; nil after a
  /// position or map query.
  var chosenPlace: String?
  /// The place a coordinate query asked for (a pan, a click on the map), when the display
  /// answers one; nil for a city name or the device's position.
  var asked: Coordinate?
  var units: TemperatureUnit = .celsius
  var apiKey: String
  var needsApiKey = false
  var keyPromptVisible = false
  /// Whether the key dialog offers to write the key to the settings file (a saver is set).
  var keySaveOffered = false
  /// Whether the next key entered is also written there.
  var saveKeyChosen = false
  var mapVisible = false
  var mapCenter: Coordinate
  var zoom = WeatherViewModel.defaultZoom
  var mapColumns = WeatherViewModel.defaultMapSize.columns
  var mapRows = WeatherViewModel.defaultMapSize.rows
  /// Whether the grid writes each place's name after its icon (a head with room asks).
  var mapNames = false
  /// Places shown recently, newest first, as their weather.
  var markers: [Weather] = []
  /// The places in view, from the last settled view whose lookup succeeded.
  var nearby: [Weather] = []
  var forecast: ForecastState = .none

  /// The part of the world the map shows, or nil while it is hidden: what the places around
  /// the centre are looked up for (WW-04).
  var viewedArea: MapArea? {
    guard mapVisible else { return nil }
    return MapGrid.area(center: mapCenter, zoom: zoom, columns: mapColumns, rows: mapRows)
  }
}
