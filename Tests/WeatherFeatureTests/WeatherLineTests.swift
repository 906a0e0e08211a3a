import Foundation
import Testing
import WeatherFeature

/// Issue 28, item 4: the weather in one line, wttr.in-style.
@Suite("Weather: one line")
struct WeatherLineTests {
  func shown(_ source: WeatherSource = .live) -> WeatherState {
    var state = WeatherState.empty
    state.cityName = "Reykjavík"
    state.icon = "❄"
    state.conditions = "Light snow"
    state.temperature = "0°C"
    state.humidity = "93%"
    state.units = "°C"
    state.source = source
    state.dataNote = source == .cache ? "(cached)" : ""
    return state
  }

  @Test("the default is wttr.in's format=3: place, glyph, temperature")
  func defaultFormat() {
    #expect(WeatherLine.text(shown()) == "Reykjavík: ❄ 0°C")
  }

  @Test("every placeholder, a literal percent, an unknown one kept, a trailing % kept")
  func placeholders() {
    var windy = shown()
    (windy.wind, windy.feelsLike, windy.pressure) = ("9 m/s N", "-6°C", "998 hPa")
    (windy.windSpeedValue, windy.windFromDegrees, windy.feelsLikeValue) = (9, 0, -6)
    #expect(
      WeatherLine.text(windy, format: "%l|%c|%C|%t|%f|%h|%w|%P|%%|%x|%")
        == "Reykjavík|❄|Light snow|0°C|-6°C|93%|↓32km/h|998 hPa|%|%x|%")
    #expect(
      WeatherLine.problem(in: "%l|%x") == "--format: no placeholder %x; the placeholders are "
        + "%l %c %C %t %f %h %w %P %o %S %s %%")
    #expect(WeatherLine.problem(in: "%l %% %") == nil)
    // Data without wind, pressure or a felt temperature leaves those placeholders empty.
    #expect(WeatherLine.text(shown(), format: "%w|%f|%P") == "||")
    #expect(WeatherLine.text(shown(), format: "") == "")
    #expect(WeatherLine.text(shown(), format: "plain") == "plain")
  }

  @Test("issue 42: --format 1 to 4 are wttr.in-style presets; anything else is a format")
  func presets() {
    var windy = shown()
    (windy.windSpeedValue, windy.windFromDegrees) = (9, 0)
    let lines = ["1", "2", " 3 ", "4"].map {
      WeatherLine.text(windy, format: WeatherLine.resolve($0))
    }
    #expect(
      lines == [
        "❄ 0°C", "❄ 🌡️0°C 🌬️↓32km/h", "Reykjavík: ❄ 0°C", "Reykjavík: ❄ 🌡️0°C 🌬️↓32km/h",
      ])
    #expect(WeatherLine.resolve("5") == "5" && WeatherLine.resolve("%l 1") == "%l 1")
  }

  @Test(
    "issue 54: temperatures are signed and the wind is an arrow and km/h, as wttr.in writes them")
  func wttrForms() {
    var warm = shown()
    (warm.temperature, warm.temperatureValue, warm.feelsLike, warm.feelsLikeValue) = (
      "12°C", 12.4, "-3°C", -3
    )
    (warm.windSpeedValue, warm.windFromDegrees) = (4.1, 240)
    #expect(WeatherLine.text(warm, format: "%t %f %w") == "+12°C -3°C ↗15km/h")
    warm.units = "C"  // ASCII: the compass point the wind comes from
    #expect(WeatherLine.text(warm, format: "%w") == "SW 15km/h")
    (warm.unit, warm.units, warm.windSpeedValue) = (.fahrenheit, "°F", 9.2)
    #expect(WeatherLine.text(warm, format: "%w") == "↗9mph")
    // A format of the user's is printed exactly: no note after it, for a status bar.
    var sample = shown(.sample)
    sample.sampleNote = "Sample data"
    #expect(WeatherLine.text(sample) == "Reykjavík: ❄ 0°C (Sample data)")
    #expect(WeatherLine.text(sample, format: "%t", note: false) == "0°C")
  }

  @Test("a cached display says so; nothing shown or the placeholder is no line")
  func sources() {
    #expect(WeatherLine.text(shown(.cache)) == "Reykjavík: ❄ 0°C (cached)")
    #expect(WeatherLine.text(shown(.placeholder)) == nil)
    #expect(WeatherLine.text(shown(.nothing)) == nil)
  }
}
