import Fixtures
import Foundation
import Testing
import WeatherFeature

/// Issue 42, item 3: a forecast of several days in one line each, with the chance of rain.
@Suite("Weather: the days in one line, with the chance of rain")
struct ForecastRainTests {
  static func owm(pops: [String]) -> Data {
    let entries = pops.enumerated().map { index, pop in
      #"{"dt":\#(1_748_822_400 + index * 10_800),"main":{"temp":10},"weather":[{"icon":"04d"}],"pop":\#(pop)}"#
    }
    return Data(
      #"{"city":{"name":"X","timezone":0},"list":[\#(entries.joined(separator: ","))]}"#.utf8)
  }

  @Test("issue 42: OpenWeatherMap's pop is read as a percentage; anything else is left out")
  func pop() throws {
    let forecast = try WeatherDecoder.forecast(
      Self.owm(pops: ["0.4", "1", "1.5", "-0.1", "\"lots\"", "null"]))
    #expect(forecast.steps.map(\.rainChance) == [40, 100, nil, nil, nil, nil])
  }

  @Test(
    "issue 42: Open-Meteo's hourly precipitation_probability, checked, is the step's rain chance")
  func openMeteo() throws {
    let body = #"""
      {"utc_offset_seconds":0,"hourly":{"time":[1748822400,1748833200,1748844000],
      "temperature_2m":[10,11,12],"weather_code":[3,61,0],"is_day":[1,1,1],
      "precipitation_probability":[20,250,null]}}
      """#
    let forecast = try OpenMeteoDecoder.forecast(Data(body.utf8))
    #expect(forecast.steps.map(\.rainChance) == [20, nil, nil])
    // A body without the field, or with one of the wrong type, still decodes.
    let plain =
      #"{"utf_offset_seconds":0,"hourly":{"time":[1748822400],"temperature_2m":[10],"precipitation_probability":"x"}}"#
    #expect(try OpenMeteoDecoder.forecast(Data(plain.utf8)).steps.first?.rainChance == nil)
  }

  @Test("issue 42: a day's row says its highest chance of rain, and the day in one line")
  func rows() throws {
    let forecast = try WeatherDecoder.forecast(
      Self.owm(pops: ["0.1", "0.4", "0.2", "0", "0", "0", "0", "0", "0"]))
    let rows = ForecastChart(format: WeatherFormat(symbols: .unicode)).rows(
      forecast, unit: .celsius)
    #expect(rows.map(\.rainChance) == [40, 0])
    #expect(rows.first?.rainText == "rain 40%")
    #expect(rows.first?.summary == "Mon ☁  10°C / 10°C  rain 40%")
    let dry = try WeatherDecoder.forecast(Self.owm(pops: ["null"]))
    let dryRow = try #require(
      ForecastChart(format: WeatherFormat(symbols: .unicode)).rows(dry, unit: .celsius).first)
    #expect(dryRow.rainText == "" && dryRow.summary == "Mon ☁  10°C / 10°C")
  }
}
