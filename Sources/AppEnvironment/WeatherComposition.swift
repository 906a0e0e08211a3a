import AppInfrastructure
import ArgumentParser
import Fixtures
import Foundation
import ViewModelKit
import WeatherFeature

/// Builds the weather app. Live by default: OpenWeatherMap when its key or address is set (or
/// `weather_provider = "openweathermap"`), else the keyless Open-Meteo; either falls back to
/// the bundled samples for the session when it finds no network. `--offline` (or
/// `HEADLESS_OFFLINE=1`) uses the samples from the start, with a cache in memory.
public enum WeatherComposition {
  /// Weather's own flags, which every head takes for it (its registry entry carries them).
  public struct Options: AppFlags {
    /// `--location LAT,LON[,ACCURACY]|off`.
    @Option(
      parsing: .unconditional,  // `--location -33.87,151.21`: a negative latitude is a value
      help: "Weather: the device position, LAT,LON[,ACCURACY] or off.")
    public var location: String?
    /// `--gpsd`: the position from gpsd, at `GPSD_HOST` or localhost:2947.
    @Flag(help: "Weather: read the position from gpsd (at GPSD_HOST, else localhost:2947).")
    public var gpsd = false

    /// For argument-parser, which fills the properties as it parses; read `.none` or a
    /// parsed value, never this (an unparsed property traps when read).
    public init() {}

    public init(location: String?, gpsd: Bool) {
      self.location = location
      self.gpsd = gpsd
    }

    /// No flag given.
    public static var none: Self { Self(location: nil, gpsd: false) }
  }

  @MainActor public static func session(
    _ configuration: AppConfiguration, options: Options = .none,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> WeatherSession {
    let location = try locationSetting(configuration, options: options)
    let fallbackCenter =
      fixtureLocation?.coordinate ?? Coordinate(latitude: 52.3731, longitude: 4.8922)
    let apiKey = configuration.variable("OPENWEATHER_API_KEY") ?? ""
    let samples: any WeatherService
    do {
      // The samples answer at once (issue 41): no pause that is not the network's.
      // They ask for a key only in place of the service that needs one.
      samples = try FixtureWeatherService(
        latency: 0, scheduler: scheduler,
        usesKey: (try? provider(configuration)) == .openWeatherMap)
    } catch {
      throw .appCannotStart(error.description)
    }
    let service: any WeatherService
    let cache: any WeatherCache
    // A live query that ran out of attempts without a network runs again when it is back
    // (WW-07); the fixtures never lack one.
    let connectivity: any ConnectivityService
    if let live = try liveService(configuration, samples: samples) {
      service = live
      connectivity = InterfaceConnectivity(scheduler: scheduler)
      cache =
        configuration.ephemeral
        ? InMemoryWeatherCache()
        : FileWeatherCache(directory: configuration.dataDirectory.url, scheduler: scheduler)
    } else {
      service = samples
      connectivity = AlwaysOnline()
      cache = InMemoryWeatherCache()
    }
    let viewModel = WeatherViewModel(
      service: service, location: location.provider, cache: cache, apiKey: apiKey,
      initialMapCenter: location.mapCenter(fallback: fallbackCenter),
      symbols: configuration.asciiMode ? .ascii : .unicode,
      // The key dialog may write the key to the settings file in force (ST-04); with
      // --ephemeral nothing is written anywhere.
      keySaver: configuration.ephemeral || configuration.configFile.path.isEmpty
        ? nil : ConfigFileKeySaver(path: configuration.configFile.path),
      connectivity: connectivity, scheduler: scheduler)
    return WeatherSession(weather: viewModel, cache: cache, scheduler: scheduler)
  }

  /// The live weather service, falling back to the samples without a network; nil offline.
  static func liveService(_ configuration: AppConfiguration, samples: any WeatherService)
    throws(ConfigurationError) -> (any WeatherService)?
  {
    guard !configuration.offline else { return nil }
    let fallback = NetworkFallback()
    let client = FallbackWatchingClient(
      CurlHTTPClient(timeout: OpenWeatherService.requestTimeout), fallback: fallback)
    let live: any WeatherService
    let host: String?
    switch try provider(configuration) {
    case .openWeatherMap:
      let base =
        try configuration.webAddress("OPENWEATHER_BASE_URL", root: true)
        ?? OpenWeatherService.defaultBaseURL
      live = OpenWeatherService(baseURL: base, client: client)
      host = base.host
    case .openMeteo:
      let forecast =
        try configuration.webAddress("OPENMETEO_BASE_URL", root: true)
        ?? OpenMeteoService.defaultForecastURL
      live = OpenMeteoService(
        forecastURL: forecast,
        geocodingURL: try configuration.webAddress("OPENMETEO_GEOCODING_URL", root: true)
          ?? OpenMeteoService.defaultGeocodingURL,
        client: client)
      host = forecast.host
    }
    // A name that does not resolve at start is no network: the screen says so at once.
    if let host { fallback.probe(host: host) }
    return SampleFallbackWeatherService(live: live, samples: samples, fallback: fallback)
  }

  /// The live providers.
  public enum Provider: String, Sendable {
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
  }

  /// `WEATHER_PROVIDER` (or `weather_provider`) when given; else OpenWeatherMap when its key
  /// or address is set, else Open-Meteo.
  public static func provider(_ configuration: AppConfiguration) throws(ConfigurationError)
    -> Provider
  {
    if let text = configuration.variable("WEATHER_PROVIDER") {
      guard let chosen = Provider(rawValue: text.lowercased()) else {
        throw .invalidValue(
          "WEATHER_PROVIDER must be \"open-meteo\" or \"openweathermap\", not '\(text)'")
      }
      return chosen
    }
    let keyed =
      configuration.variable("OPENWEATHER_API_KEY") != nil
      || configuration.variable("OPENWEATHER_BASE_URL") != nil
    return keyed ? .openWeatherMap : .openMeteo
  }

  /// `--location` or `--gpsd` (not both), else `GPSD_HOST` (gpsd there) or `WEATHER_LOCATION`
  /// (not both), else the fixture position, as a sample the screen names.
  public static func locationSetting(_ configuration: AppConfiguration, options: Options)
    throws(ConfigurationError) -> LocationSetting
  {
    if options.location != nil, options.gpsd {
      throw .appCannotStart(
        "--location and --gpsd both say where the position comes from; give one")
    }
    let gpsdHost = configuration.variable("GPSD_HOST")
    if options.gpsd || (options.location == nil && gpsdHost != nil) {
      if configuration.variable("WEATHER_LOCATION") != nil, !options.gpsd {
        throw .appCannotStart(
          "GPSD_HOST and WEATHER_LOCATION both say where the position comes from; unset one")
      }
      guard let address = GPSDAddress(gpsdHost ?? "localhost") else {
        throw .appCannotStart("invalid GPSD_HOST '\(gpsdHost ?? "")' (expected host[:port])")
      }
      return .gpsd(address)
    }
    if let text = options.location ?? configuration.variable("WEATHER_LOCATION") {
      guard let setting = LocationSetting(text) else {
        throw .appCannotStart(LocationSetting.invalidMessage(text))
      }
      return setting
    }
    guard let fix = fixtureLocation else {
      throw .appCannotStart("cannot read the weather fixture location.json")
    }
    return .sample(fix)
  }

  /// `Fixtures/weather/location.json`.
  static var fixtureLocation: LocationFix? {
    struct Document: Decodable {
      let lat: Double
      let lon: Double
      let accuracy: Double?
    }
    guard
      let document = try? FixtureLoader.bundled.decode(Document.self, from: "weather/location.json")
    else { return nil }
    return LocationFix(
      coordinate: Coordinate(latitude: document.lat, longitude: document.lon),
      horizontalAccuracy: document.accuracy ?? 10)
  }
}
