import Foundation
import Testing

@testable import WeatherFeature

/// Issues 29 (item 4) and 30 (item 1): sunrise and sunset, the chance of rain, and the other
/// places a name could mean, read where they enter and shown in the place's own time.
@Suite("Weather: sun, rain and the other places of a name")
struct SunRainAndPlacesTests {
  func current(sys: String) -> Data {
    Data(
      (#"{"coord":{"lon":-0.13,"lat":51.51},"main":{"temp":12.4,"humidity":81},"timezone":3600,"#
        + #""sys":\#(sys),"name":"London","cod":200}"#).utf8)
  }

  @Test("OpenWeatherMap's sys: sunrise and sunset in order and in range, or none")
  func openWeatherSys() throws {
    let good = try WeatherDecoder.current(
      current(sys: #"{"sunrise":1764054840,"sunset":1764086460}"#))
    #expect(
      good.sun
        == SunTimes(
          sunrise: Date(timeIntervalSince1970: 1_764_054_840),
          sunset: Date(timeIntervalSince1970: 1_764_086_460), utcOffset: 3600))
    for bad in [
      #"{"sunrise":1764086460,"sunset":1764054840}"#, #"{"sunrise":1e300,"sunset":1764054840}"#,
      #"{"sunrise":"dawn","sunset":1764054840}"#, #"{"sunset":1764054840}"#, #""none""#,
    ] {
      let weather = try WeatherDecoder.current(current(sys: bad))
      #expect(weather.sun == nil && weather.temperatureC == 12.4, "\(bad)")
    }
  }

  @Test("the state: the place's own clock, the chance of rain, the other places; ASCII too")
  func state() {
    var facts = WeatherFacts(apiKey: "k", mapCenter: Coordinate(latitude: 0, longitude: 0))
    facts.display = .live(
      Weather(
        cityName: "Tokyo, JP", coordinate: Coordinate(latitude: 35.7, longitude: 139.7),
        temperatureC: 9, humidity: 60, iconCode: "01d", description: "clear sky",
        sun: SunTimes(
          sunrise: Date(timeIntervalSince1970: 1_764_020_000),
          sunset: Date(timeIntervalSince1970: 1_764_056_000), utcOffset: 32_400),
        rainChance: 5, otherPlaces: ["Tokyo, US (Ohio)", "Tōkyō, JP (Kantō)"]))
    let state = WeatherState(facts, format: WeatherFormat(symbols: .unicode), land: nil)
    #expect(state.sun == "Sunrise 06:33  Sunset 16:33")
    #expect(state.rainChance == "Rain 5%" && state.rainChanceValue == 5)
    #expect(state.otherPlaces == "Also: Tokyo, US (Ohio); Tōkyō, JP (Kantō)")
    let ascii = WeatherState(facts, format: WeatherFormat(symbols: .ascii), land: nil)
    #expect(ascii.otherPlaces == "Also: Tokyo, US (Ohio); Tokyo, JP (Kanto)")
  }

  @Test("the clock wraps days and negative offsets")
  func clock() {
    #expect(WeatherFormat.clock(Date(timeIntervalSince1970: 0), offset: -3_600) == "23:00")
    #expect(WeatherFormat.clock(Date(timeIntervalSince1970: 86_399), offset: 64_800) == "17:59")
  }

  @Test("issue 54: `now --format`'s %o, %S and %s are wttr.in's: rain chance, sunrise, sunset")
  func line() {
    var state = WeatherState.empty
    state.source = .live
    state.cityName = "Paris, FR"
    state.rainChanceValue = 40
    state.sunTimes = SunTimes(
      sunrise: Date(timeIntervalSince1970: 25_440), sunset: Date(timeIntervalSince1970: 57_660),
      utcOffset: 3_600)
    #expect(WeatherLine.text(state, format: "%l|%o|%S|%s") == "Paris, FR|40%|08:04|17:01")
    #expect(WeatherLine.problem(in: "%r") != nil)  // not wttr.in's: refused, never printed as typed
  }

  @Test("other places are not kept in the cache; a cache without sun or rain reads")
  func cache() throws {
    let weather = Weather(
      cityName: "Paris, FR", coordinate: Coordinate(latitude: 48.85, longitude: 2.35),
      temperatureC: 8, humidity: 70, iconCode: "04d", description: "overcast", rainChance: 40,
      otherPlaces: ["Paris, US (Texas)"])
    let back = try JSONDecoder().decode(Weather.self, from: JSONEncoder().encode(weather))
    #expect(back.otherPlaces.isEmpty && back.rainChance == 40)
  }
}
