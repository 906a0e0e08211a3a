import Foundation

/// Everything the weather screen shows, display-ready, in one value (the weather spec's
/// outputs, by their names). A front end draws it as it is; nothing in it needs formatting.
public struct WeatherState: Equatable, Sendable, Codable {
  /// True from an accepted search until its display arrives.
  public var isLoading: Bool
  /// While a query retries, the attempt running and how many there may be: `attempt 2 of 4`;
  /// "" for a first attempt and with no query running. Toasts say why each attempt failed.
  public var attemptNote: String = ""
  /// What a head shows while a search runs: `Loading…`, `Loading… attempt 2 of 4` while it
  /// retries; "" otherwise.
  public var loadingNote: String = ""
  /// The number of the retry running (2…4), for data; nil for a first attempt and with no
  /// query running.
  public var attempt: Int?
  /// The search field's text as the view model last set it: the place shown at start, or ""
  /// once a location or map query replaced the place typed. Typing (`setQuery`) does not
  /// change it.
  public var cityField: String = ""
  /// Bumped each time the view model sets `cityField`: a front end replaces its field's text
  /// when this changes, and never on an echo of its own typing.
  public var cityFieldRevision: Int = 0
  /// True before the first display; afterwards the same as `isLoading`.
  public var labelsHidden: Bool
  /// `London`; `51.50, -0.12` for a nameless place; `No data` for the placeholder.
  public var cityName: String
  /// `12°C`, `54°F` (ASCII `12C`); `--` for the placeholder.
  public var temperature: String
  /// `81%`; `--` for the placeholder.
  public var humidity: String
  /// The condition's glyph; `?` for the placeholder.
  public var icon: String
  /// `Broken clouds`.
  public var conditions: String
  /// `(cached)` when the display came from the cache.
  public var dataNote: String
  /// Where the weather shown came from: the decision a front end makes on it (is there
  /// weather to tell?), while `dataNote` is only for display.
  public var source: WeatherSource
  /// `°C` or `°F` (ASCII `C`, `F`).
  public var units: String
  /// The unit shown, as data.
  public var unit: TemperatureUnit
  /// The temperature in `unit`, to a tenth; nil without real weather (the placeholder).
  public var temperatureValue: Double?
  /// The relative humidity, 0…100; nil without real weather.
  public var humidityValue: Int?
  /// How warm it feels (`10°C`), or "" when the service gave no such figure.
  public var feelsLike: String = ""
  /// `4 m/s SW` (`9 mph SW` with °F), or "" when the service gave no wind.
  public var wind: String = ""
  /// `1012 hPa`, or "".
  public var pressure: String = ""
  /// `Sunrise 07:42  Sunset 16:05` in the place's time, or "" when the service gave none.
  public var sun: String = ""
  /// `Rain 40%`, the chance of rain today, or "".
  public var rainChance: String = ""
  /// The chance of rain today in percent, for data; nil when unknown.
  public var rainChanceValue: Int?
  /// Sunrise and sunset, for data; nil when unknown.
  public var sunTimes: SunTimes?
  /// When a search found more than one place by the name: the others, for the user to ask for
  /// instead (`Also: Paris, US (Texas); Paris, CA (Ontario)`: each can be searched as
  /// written); "" otherwise.
  public var otherPlaces: String = ""
  /// The felt temperature in `unit`, for data; nil when unknown.
  public var feelsLikeValue: Double?
  /// The wind speed in m/s (°C) or mph (°F), for data; nil when unknown.
  public var windSpeedValue: Double?
  /// Degrees clockwise from north the wind blows from, for data; nil when unknown.
  public var windFromDegrees: Double?
  /// Air pressure in hPa, for data; nil when unknown.
  public var pressureValue: Double?
  /// With the bundled samples (offline), what the screen says about them: `Sample data`
  /// (`No network: showing sample data` when a live service found no network), and
  /// for a place asked for by position that no sample is near, the sample shown and how far
  /// it is (`Sample data: Sydney, 2,410 km away`). "" with the weather now.
  public var sampleNote: String = ""
  /// After "my location" answered from the bundled sample position (no position was
  /// configured), what the screen says about it: `Sample position: set --location or --gpsd`;
  /// "" otherwise.
  public var positionNote: String = ""
  /// True while the samples are shown because the live service found no network: `refresh()`
  /// then tries the live service again.
  public var noNetwork: Bool = false
  /// The credit the service's terms ask for beside the weather shown (`Weather data by
  /// Open-Meteo.com`); "" for the samples and for services that ask none.
  public var attribution: String = ""
  /// `not set`, or the key masked: `****1234`; "" with a keyless service (Open-Meteo).
  public var apiKeyStatus: String
  /// Whether the weather service takes a key at all (OpenWeatherMap, and the samples that
  /// stand in for it): a head shows the key's status and offers to enter one only then.
  public var usesApiKey: Bool = false
  /// True while a search waits for a key after the service refused the key.
  public var needsApiKey: Bool
  /// True while the key prompt is open.
  public var keyPromptVisible: Bool
  /// The key dialog's choice line: `[ ] Save to the settings file` or `[x] …`; empty when the
  /// key cannot be saved (no settings file, `--ephemeral`).
  public var saveKeyChoice: String
  /// Whether the key dialog can save the key to the settings file (not under `--ephemeral`,
  /// nor without a settings file): a front end offers its save toggle only then.
  public var canSaveKey: Bool
  /// Whether the next key entered will also be saved (the dialog's check box), as a flag for a
  /// head that draws a real check box rather than `saveKeyChoice`'s text.
  public var saveKeyChosen: Bool = false
  /// Whether the map is shown.
  public var mapVisible: Bool
  /// `52.37,4.89 z4`: the map's centre and zoom.
  public var mapCaption: String
  /// The map grid, one string per row; empty while hidden.
  public var mapRows: [String]
  /// The same grid as runs of sea, land, markers and the centre, for a front end that colours
  /// them; empty while hidden.
  public var mapRuns: [[MapRun]]
  /// Recently shown places, newest first, at most 20.
  public var markers: [MapMarker]
  /// The places around the map's centre from its last settle (at most 8, nearest first),
  /// drawn on the map under the recent places; one shown recently is left to `markers`.
  public var nearbyMarkers: [MapMarker]
  /// `Loading forecast…`, `Forecast unavailable`, `No forecast`, or "".
  public var forecastStatus: String
  /// A bar per forecast step, one character each; "" without a forecast.
  public var forecastTrend: String
  /// Each forecast step's bar level, 0…7, in time order: the trend as data, for a head that
  /// draws it wider; empty without a forecast.
  public var forecastLevels: [Int] = []
  /// One row per day.
  public var forecast: [ForecastRow]
}

extension WeatherState {
  /// What a screen shows before the view model's first value: nothing at all.
  public static let empty = WeatherState(
    isLoading: false, labelsHidden: true, cityName: "", temperature: "", humidity: "", icon: "",
    conditions: "", dataNote: "", source: .nothing, units: "", unit: .celsius,
    temperatureValue: nil, humidityValue: nil, apiKeyStatus: "", needsApiKey: false,
    keyPromptVisible: false, saveKeyChoice: "", canSaveKey: false, mapVisible: false,
    mapCaption: "", mapRows: [],
    mapRuns: [], markers: [], nearbyMarkers: [],
    forecastStatus: "", forecastTrend: "", forecast: [])

  /// The screen's fields for `facts`, formatted with `format`, the map's land from `land`.
  init(_ facts: WeatherFacts, format: WeatherFormat, land: LandMask?) {
    let weather = facts.display?.weather
    let placeholder = facts.display == .placeholder
    func field(_ value: (Weather) -> String, placeholder text: String) -> String {
      weather.map(value) ?? (placeholder ? text : "")
    }
    isLoading = facts.isLoading
    cityField = facts.cityField
    cityFieldRevision = facts.cityFieldRevision
    attempt = facts.attempt
    attemptNote =
      facts.attempt.map { "attempt \($0) of \(WeatherViewModel.maxAttempts)" } ?? ""
    loadingNote =
      !facts.isLoading ? "" : attemptNote.isEmpty ? "Loading…" : "Loading… \(attemptNote)"
    labelsHidden = facts.display == nil || facts.isLoading
    cityName = field(format.cityName, placeholder: "No data")
    temperature = field(
      { format.temperature($0.temperatureC, unit: facts.units) }, placeholder: "--")
    humidity = field({ format.humidity($0.humidity) }, placeholder: "--")
    icon = field({ format.icon($0.iconCode) }, placeholder: "?")
    conditions = field({ format.conditions($0.description) }, placeholder: "")
    if case .cached = facts.display { dataNote = "(cached)" } else { dataNote = "" }
    source =
      switch facts.display {
      case nil: .nothing
      case .placeholder?: .placeholder
      case .cached?: .cache
      case .live?: facts.servesSamples ? .sample : .live
      }
    units = format.unitText(facts.units)
    unit = facts.units
    temperatureValue = weather.map { facts.units.value(celsius: $0.temperatureC) }
    humidityValue = weather?.humidity
    let feltC = weather?.feelsLikeC
    feelsLike = feltC.map { format.temperature($0, unit: facts.units) } ?? ""
    feelsLikeValue = feltC.map { facts.units.value(celsius: $0) }
    wind = weather?.wind.map { format.wind($0, unit: facts.units) } ?? ""
    windSpeedValue = weather?.wind.map { format.windSpeed($0, unit: facts.units) }
    windFromDegrees = weather?.wind?.fromDegrees
    pressure = weather?.pressureHPa.map(format.pressure) ?? ""
    sunTimes = weather?.sun
    sun = weather?.sun.map(format.sun) ?? ""
    rainChanceValue = weather?.rainChance
    rainChance = weather?.rainChance.map(format.rainChance) ?? ""
    let others = weather?.otherPlaces ?? []
    otherPlaces =
      others.isEmpty ? "" : format.text("Also: " + others.joined(separator: "; "))
    pressureValue = weather?.pressureHPa
    sampleNote =
      facts.servesSamples
      ? Self.sampleNote(weather, asked: facts.asked, noNetwork: facts.fellBack, format) : ""
    attribution = facts.attribution
    noNetwork = facts.fellBack
    positionNote = facts.atSamplePosition ? WeatherViewModel.samplePositionNote : ""
    apiKeyStatus = facts.usesKey ? WeatherViewModel.maskedKey(facts.apiKey) : ""
    usesApiKey = facts.usesKey
    needsApiKey = facts.needsApiKey
    keyPromptVisible = facts.keyPromptVisible
    canSaveKey = facts.keySaveOffered
    saveKeyChosen = facts.keySaveOffered && facts.saveKeyChosen
    saveKeyChoice =
      facts.keySaveOffered ? "[\(facts.saveKeyChosen ? "x" : " ")] Save to the settings file" : ""
    mapVisible = facts.mapVisible
    mapCaption = format.caption(facts.mapCenter, zoom: facts.zoom)
    markers = facts.markers.map { WeatherViewModel.marker($0, facts.units, format) }
    let recent = Set(markers.map(\.id))
    nearbyMarkers = facts.nearby.map { WeatherViewModel.marker($0, facts.units, format) }
      .filter { !recent.contains($0.id) }
    let map =
      facts.mapVisible
      ? MapGrid.picture(
        center: facts.mapCenter, zoom: facts.zoom, columns: facts.mapColumns,
        rows: facts.mapRows, markers: markers + nearbyMarkers, land: land,
        glyphs: .of(format.symbols), names: facts.mapNames)
      : .hidden
    mapRows = map.rows
    mapRuns = map.runs
    let chart = ForecastChart(format: format)
    switch facts.forecast {
    case .none:
      (forecastStatus, forecastTrend, forecast) = ("", "", [])
    case .loading:
      (forecastStatus, forecastTrend, forecast) = (format.loadingForecast, "", [])
    case .unavailable:
      (forecastStatus, forecastTrend, forecast) = ("Forecast unavailable", "", [])
    case .empty:
      (forecastStatus, forecastTrend, forecast) = ("No forecast", "", [])
    case .loaded(let loaded):
      (forecastStatus, forecastTrend, forecast) = (
        "", chart.trend(loaded), chart.rows(loaded, unit: facts.units)
      )
      forecastLevels = chart.trendLevels(loaded)
    }
  }
}

extension WeatherState {
  /// How far (km) the sample shown may be from the place asked for before the note names it.
  static let sampleDistanceNoted = 100.0

  /// `Sample data`, naming the sample and its distance when it is far from the place asked for.
  static func sampleNote(
    _ weather: Weather?, asked: Coordinate?, noNetwork: Bool, _ format: WeatherFormat
  ) -> String {
    let note = noNetwork ? WeatherViewModel.noNetworkNote : "Sample data"
    guard let weather, let asked, asked.isValid else { return note }
    let kilometres = asked.distance(to: weather.coordinate)
    guard kilometres.isFinite, kilometres > sampleDistanceNoted else { return note }
    let rounded = Int((kilometres / 10).rounded()) * 10
    return "\(note): \(format.cityName(weather)), \(Self.grouped(rounded)) km away"
  }

  /// `2410` as `2,410`.
  static func grouped(_ value: Int) -> String {
    var digits = String(value.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}

/// Where the weather on the screen came from.
public enum WeatherSource: String, Equatable, Sendable, Codable {
  /// Nothing has been shown yet.
  case nothing
  /// The last query found no weather: the placeholder (`No data`).
  case placeholder
  /// The service's answer.
  case live
  /// The bundled samples' answer (`--offline`, or no network): not the weather there now.
  case sample
  /// The cache's entry for the city, after every attempt failed.
  case cache

  /// Whether there is weather to tell.
  public var hasWeather: Bool { self == .live || self == .sample || self == .cache }
}
