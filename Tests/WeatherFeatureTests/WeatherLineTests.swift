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
    #expect(
      WeatherLine.text(windy, format: "%l|%c|%C|%t|%f|%h|%w|%P|%%|%x|%")
        == "Reykjavík|❄|Light snow|0°C|-6°C|93%|9 m/s N|998 hPa|%|%x|%")
    // Data without wind, pressure or a felt temperature leaves those placeholders empty.
    #expect(WeatherLine.text(shown(), format: "%w|%f|%P") == "||")
    #expect(WeatherLine.text(shown(), format: "") == "")
    #expect(WeatherLine.text(shown(), format: "plain") == "plain")
  }

  @Test("issue 42: --format 1 to 4 are wttr.in-style presets; anything else is a format")
  func presets() {
    var windy = shown()
    windy.wind = "9 m/s N"
    let lines = ["1", "2", " 3 ", "4"].map {
      WeatherLine.text(windy, format: WeatherLine.resolve($0))
    }
    #expect(
      lines == [
        "❄ 0°C", "❄ 🌡️0°C 🌬️9 m/s N", "Reykjavík: ❄ 0°C", "Reykjavík: ❄ 🌡️0°C 🌬️9 m/s N",
      ])
    #expect(WeatherLine.resolve("5") == "5" && WeatherLine.resolve("%l 1") == "%l 1")
  }

  @Test("a cached display says so; nothing shown or the placeholder is no line")
  func sources() {
    #expect(WeatherLine.text(shown(.cache)) == "Reykjavík: ❄ 0°C (cached)")
    #expect(WeatherLine.text(shown(.placeholder)) == nil)
    #expect(WeatherLine.text(shown(.nothing)) == nil)
  }
}
