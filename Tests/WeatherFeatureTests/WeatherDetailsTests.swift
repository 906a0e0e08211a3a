import Foundation
import Testing

@testable import WeatherFeature

/// Issue 28, item 4 (`%w`) and issue 29, item 4 (the Now panel): the felt temperature, the wind
/// and the air pressure, read from the data the services already return and checked where
/// they enter.
@Suite("Weather: felt temperature, wind and pressure")
@MainActor
struct WeatherDetailsTests {
  func body(main extra: String = #","feels_like":11.6,"pressure":1012"#, wind: String?) -> Data {
    let windPart = wind.map { #","wind":"# + $0 } ?? ""
    return Data(
      (#"{"coord":{"lon":-0.13,"lat":51.51},"weather":[{"icon":"04d","description":"broken clouds"}],"#
        + #""main":{"temp":12.4,"humidity":81"# + extra + "}" + windPart
        + #","name":"London","cod":200}"#).utf8)
  }

  @Test("the fixture's London has them all")
  func fixture() throws {
    let weather = try WeatherDecoder.current(body(wind: #"{"speed":4.1,"deg":240}"#))
    #expect(weather.feelsLikeC == 11.6)
    #expect(weather.pressureHPa == 1012)
    #expect(weather.wind == Wind(speedMS: 4.1, fromDegrees: 240))
  }

  @Test(
    "a value out of range drops itself, never the weather",
    arguments: [
      (#","feels_like":1e300,"pressure":1012"#, #"{"speed":4.1,"deg":240}"#, "feels"),
      (#","feels_like":11.6,"pressure":-5"#, #"{"speed":4.1,"deg":240}"#, "pressure"),
      (#","feels_like":11.6,"pressure":1012"#, #"{"speed":-1,"deg":240}"#, "wind"),
      (#","feels_like":11.6,"pressure":1012"#, #"{"speed":1e9,"deg":240}"#, "wind"),
      (#","feels_like":11.6,"pressure":1012"#, #"{"speed":4.1,"deg":400}"#, "direction"),
      (#","feels_like":11.6,"pressure":1012"#, #"{"deg":240}"#, "wind"),
      ("", #"{"speed":"fast"}"#, "all"),
    ])
  func outOfRange(main: String, wind: String, dropped: String) throws {
    let weather = try #require(
      try? WeatherDecoder.current(body(main: main, wind: wind)), "the weather itself stays")
    #expect(weather.temperatureC == 12.4)
    #expect((weather.feelsLikeC == nil) == (dropped == "feels" || dropped == "all"))
    #expect((weather.pressureHPa == nil) == (dropped == "pressure" || dropped == "all"))
    #expect((weather.wind == nil) == (dropped == "wind" || dropped == "all"))
    if dropped == "direction" { #expect(weather.wind == Wind(speedMS: 4.1, fromDegrees: nil)) }
  }

  @Test("a cache written before these fields existed still reads")
  func oldCache() throws {
    let old =
      #"{"cityName":"Oslo","coordinate":{"latitude":59.9,"longitude":10.7},"temperatureC":3,"humidity":70,"iconCode":"01d","description":"clear sky"}"#
    let weather = try JSONDecoder().decode(Weather.self, from: Data(old.utf8))
    #expect(weather.cityName == "Oslo" && weather.wind == nil && weather.feelsLikeC == nil)
  }

  @Test(
    "the wind in words: rounded speed, m/s with °C and mph with °F, the 8-point direction",
    arguments: [
      (4.1, 240.0 as Double?, TemperatureUnit.celsius, "4 m/s SW"),
      (4.1, 240, .fahrenheit, "9 mph SW"),
      (0.4, 0, .celsius, "0 m/s N"), (10, 22.4, .celsius, "10 m/s N"),
      (10, 22.5, .celsius, "10 m/s NE"), (10, 359.9, .celsius, "10 m/s N"),
      (10, 90, .celsius, "10 m/s E"), (10, 315, .celsius, "10 m/s NW"),
      (2.5, nil, .celsius, "3 m/s"),
    ])
  func windText(speed: Double, degrees: Double?, unit: TemperatureUnit, text: String) {
    let wind = Wind(speedMS: speed, fromDegrees: degrees)
    #expect(WeatherFormat(symbols: .unicode).wind(wind, unit: unit) == text)
    #expect(WeatherFormat(symbols: .ascii).wind(wind, unit: unit) == text)
  }

  @Test("the state carries them as text and as numbers in the unit shown")
  func state() {
    let weather = Weather(
      cityName: "London", coordinate: Coordinate(latitude: 51.51, longitude: -0.13),
      temperatureC: 12.4, humidity: 81, iconCode: "04d", description: "broken clouds",
      feelsLikeC: 10, pressureHPa: 1012.4, wind: Wind(speedMS: 4.1, fromDegrees: 240))
    var facts = WeatherFacts(apiKey: "", mapCenter: weather.coordinate)
    facts.display = .live(weather)
    facts.units = .fahrenheit
    let state = WeatherState(facts, format: WeatherFormat(symbols: .unicode), land: nil)
    #expect(state.feelsLike == "50°F" && state.feelsLikeValue == 50)
    #expect(state.wind == "9 mph SW" && state.windFromDegrees == 240)
    #expect(state.windSpeedValue == 9.2)
    #expect(state.pressure == "1012 hPa" && state.pressureValue == 1012.4)
    facts.display = .placeholder
    let empty = WeatherState(facts, format: WeatherFormat(symbols: .unicode), land: nil)
    #expect(empty.wind == "" && empty.feelsLike == "" && empty.pressure == "")
    #expect(empty.windSpeedValue == nil && empty.pressureValue == nil)
  }
}

/// Issue 29, item 4: the forecast chart and the day rows use the panel's width.
@Suite("Weather: the forecast as data for any width")
@MainActor
struct ForecastWidthTests {
  @Test(
    "one bar a step and its level; a panel's width is the head's (snapshots: 2 cells at 120x40, 4 at 200x60)"
  )
  func widths() throws {
    let scheduler = DispatchQueue.test
    let start = Coordinate(latitude: 51.5085, longitude: -0.1257)
    let vm = WeatherViewModel(
      service: try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny),
      location: StaticLocationProvider(fix: LocationFix(coordinate: start, horizontalAccuracy: 15)),
      cache: InMemoryWeatherCache(), apiKey: "", initialMapCenter: start,
      scheduler: scheduler.asAny)
    let state = vm.state.record(on: scheduler)
    vm.setQuery("London")
    vm.submit()
    scheduler.advance(by: .seconds(5))
    let steps = try #require(state.last?.forecastTrend.count)
    #expect(steps == 40 && state.last?.forecast.first?.bars.count == 8)
    // The levels are the data a head draws as wide as its panel (issue 39, item 4: the
    // feature knows no panel's width).
    let levels = try #require(state.last?.forecastLevels)
    #expect(levels.count == 40 && levels.allSatisfy { (0...7).contains($0) })
    let day = try #require(state.last?.forecast.first)
    #expect(day.levels.count == 8 && day.text == day.label + " " + day.bars)
    vm.setMapVisible(true)
    scheduler.advance()
    #expect(state.last?.forecastTrend.count == 40, "the map changes no forecast")
  }
}
