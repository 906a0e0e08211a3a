import AppEnvironment
import Foundation
import Testing

/// Issue 30, items 1 and 4: which live weather service a session uses, and offline.
@Suite("Weather's provider: Open-Meteo unless OpenWeatherMap is asked for")
struct WeatherProviderTests {
  func configuration(_ environment: [String: String], _ flags: [String] = []) throws
    -> AppConfiguration
  {
    try AppConfiguration.resolve(
      options: try SharedOptions.parse(flags),
      environment: environment.merging(["HOME": "/h", "XDG_CONFIG_HOME": "/nonexistent"]) {
        a, _ in a
      },
      currentDirectory: "/work")
  }

  func provider(_ environment: [String: String]) throws -> WeatherComposition.Provider {
    try WeatherComposition.provider(try configuration(environment))
  }

  @Test("no key: Open-Meteo; a key or an OpenWeatherMap address: OpenWeatherMap")
  func byKey() throws {
    #expect(try provider([:]) == .openMeteo)
    #expect(try provider(["OPENWEATHER_API_KEY": "k"]) == .openWeatherMap)
    #expect(try provider(["OPENWEATHER_BASE_URL": "http://127.0.0.1:9"]) == .openWeatherMap)
  }

  @Test("WEATHER_PROVIDER decides, in any case; anything else is a start-up error")
  func chosen() throws {
    #expect(
      try provider(["WEATHER_PROVIDER": "Open-Meteo", "OPENWEATHER_API_KEY": "k"]) == .openMeteo)
    #expect(try provider(["WEATHER_PROVIDER": "openweathermap"]) == .openWeatherMap)
    #expect(throws: ConfigurationError.self) { try provider(["WEATHER_PROVIDER": "met.no"]) }
  }

  @Test("the settings file's weather_provider takes the two names only")
  func settingsKey() throws {
    let file = try ConfigFile.parse(#"weather_provider = "openweathermap""#, path: "c.toml")
    #expect(file.values["weather_provider"] == "openweathermap")
    #expect(throws: ConfigurationError.self) {
      try ConfigFile.parse(#"weather_provider = "darksky""#, path: "c.toml")
    }
  }

  @Test("HEADLESS_OFFLINE=1 (or true, yes) is --offline; empty or 0 is not")
  func offlineVariable() throws {
    for value in ["1", "true", "YES"] {
      #expect(try configuration(["HEADLESS_OFFLINE": value]).offline, "\(value)")
    }
    for value in ["", "0", "no"] {
      #expect(try !configuration(["HEADLESS_OFFLINE": value]).offline, "\(value)")
    }
    #expect(try configuration([:], ["--offline"]).offline)
  }
}
