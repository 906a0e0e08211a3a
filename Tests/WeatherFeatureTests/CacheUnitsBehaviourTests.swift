import Foundation
import Testing
import ViewModelKit
import WeatherFeature

@Suite("Weather: cache and fallback")
@MainActor
struct CacheBehaviourTests {
  @Test("WX-28 a text result is cached under its key and used as the fallback")
  func wx28() {
    let h = WeatherHarness()
    h.search("  LONDON ")
    h.at(1)
    h.service.defaultReply = .fail(.network)
    h.search("london")
    h.at(7)
    #expect(h.cityName.last == "London" && h.dataNote.last == "(cached)")
    #expect(h.dataNote.times.last == 7 && h.isLoading.last == false)
  }

  @Test("WX-29 no cached entry: the placeholder")
  func wx29() {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(.network)
    h.search("Nowhere")
    h.at(6)
    #expect(h.cityName.last == "No data" && h.temperature.last == "--")
    #expect(h.humidity.last == "--" && h.icon.last == "?" && h.conditions.last == "")
    #expect(h.dataNote.last == "" && h.isLoading.last == false && h.labelsHidden.last == false)
  }

  @Test("WX-30 each city falls back to its own entry")
  func wx30() {
    let h = WeatherHarness()
    h.service.replies = [
      .answer(W_London), .answer(weather("New York", 40.71, -74.0)),
      .answer(weather("Amsterdam", 52.37, 4.89)),
    ]
    for city in ["London", "New York", "Amsterdam"] {
      h.search(city)
      h.scheduler.settle()
    }
    h.service.defaultReply = .fail(.network)
    h.at(1)
    h.search("Barcelona")
    h.at(7)
    #expect(h.cityName.last == "No data" && h.cityName.times.last == 7)
    h.search("new york")
    h.at(20)
    #expect(h.cityName.last == "New York" && h.dataNote.last == "(cached)")
  }

  @Test("WX-31 location and map results are never cached nor used as fallback")
  func wx31() {
    let h = WeatherHarness()
    h.search("London")
    h.scheduler.settle()
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(1)
    #expect(h.cache.stores.count == 1)
    h.service.defaultReply = .fail(.network)
    h.viewModel.refresh()
    h.at(10)
    #expect(h.cityName.last == "No data")
    h.viewModel.useMyLocation()
    h.location.send(51.5, -0.12, accuracy: 10)
    h.at(20)
    #expect(h.cityName.last == "No data" && h.cache.stores.count == 1)
  }

  @Test("WX-32 a cache filled before start is used")
  func wx32() throws {
    let cache = SpyCache()
    cache.inner.store(weather("Amsterdam", 52.37, 4.89), for: try #require(CityKey("amsterdam")))
    let h = WeatherHarness(cache: cache)
    h.service.defaultReply = .fail(.network)
    h.search("Amsterdam")
    h.at(6)
    #expect(h.cityName.last == "Amsterdam" && h.dataNote.last == "(cached)")
  }

  @Test("WX-33 nothing ends the pipelines")
  func wx33() {
    let h = WeatherHarness()
    h.service.replies = [.fail(.cityNotFound), .fail(.invalidKey)]
    h.search("Atlantis")
    h.scheduler.settle()
    h.viewModel.useMyLocation()
    h.location.fail(.denied)
    h.scheduler.settle()
    h.search("Somewhere")
    h.scheduler.settle()
    h.service.defaultReply = .answer(weather("Paris"))
    h.search("Paris")
    h.scheduler.settle()
    #expect(h.cityName.last == "Paris")
  }

  @Test("WX-34 one cache write per successful text query, none for a fallback")
  func wx34() {
    let h = WeatherHarness()
    h.search("London")
    h.scheduler.settle()
    h.service.defaultReply = .fail(.network)
    h.search("London")
    h.at(10)
    #expect(h.cache.stores.count == 1 && h.cache.stores[0].0 == CityKey("london"))
  }
}

@Suite("Weather: loading flag, units and text")
@MainActor
struct UnitsAndTextBehaviourTests {
  @Test("WX-35 loading turns on with each query and off with its display")
  func wx35() {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London, at: 1), .answer(W_London, at: 1)]
    h.search("London")
    h.at(0.5)
    h.search("London")
    h.at(2)
    #expect(h.isLoading.values == [false, true, false] && h.isLoading.times == [0, 0, 1.5])
    h.viewModel.toggleMap()
    h.viewModel.pan(.west)
    h.scheduler.settle()
    #expect(h.isLoading.last == true)
  }

  @Test("WX-36 labels are hidden until the first display, then follow loading")
  func wx36() {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London, at: 1), .answer(W_London, at: 1)]
    h.search("London")
    h.at(1)
    h.search("London")
    h.at(2)
    #expect(h.labelsHidden.values == [true, false, true, false])
    #expect(h.labelsHidden.times == [0, 1, 1, 2])
  }

  @Test("WX-37 a synchronous answer still delivers true, then false, on the scheduler")
  func wx37() {
    let h = WeatherHarness()
    h.search("London")
    #expect(h.isLoading.values == [false])
    h.scheduler.settle()
    #expect(h.isLoading.values == [false, true, false])
  }

  @Test("WX-38 units re-render every temperature without a call")
  func wx38() {
    let h = WeatherHarness()
    h.search("London")
    h.scheduler.settle()
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(h.units.last == "°F" && h.temperature.last == "54°F")
    #expect(h.markers.last?.first?.label == "☁ London 54°F")
    #expect(h.service.calls.count == 1)
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(h.units.last == "°C" && h.temperature.last == "12°C")
  }

  @Test(
    "WX-39 rounding, half away from zero",
    arguments: [
      (9.5, "10°C", "49°F"), (-0.4, "0°C", "31°F"), (24.5, "25°C", "76°F"),
      (-40, "-40°C", "-40°F"), (35.6, "36°C", "96°F"), (12.4, "12°C", "54°F"),
    ])
  func wx39(celsius: Double, c: String, f: String) {
    let format = WeatherFormat(symbols: .unicode)
    #expect(format.temperature(celsius, unit: .celsius) == c)
    #expect(format.temperature(celsius, unit: .fahrenheit) == f)
  }

  @Test("WX-40 toggling while loading leaves the call; the placeholder reads -- in both")
  func wx40() {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London), .never]
    h.search("London")
    h.scheduler.settle()
    h.search("London")
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(h.temperature.last == "54°F" && h.labelsHidden.last == true)
    #expect(h.service.cancelledCalls.isEmpty)
    h.service.defaultReply = .fail(.cityNotFound)
    h.search("Atlantis")
    h.scheduler.settle()
    #expect(h.temperature.last == "--")
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(h.temperature.last == "--")
  }

  @Test("WX-41 setting the unit already shown emits nothing")
  func wx41() {
    let h = WeatherHarness()
    h.viewModel.setUnits(.fahrenheit)
    h.scheduler.settle()
    h.viewModel.setUnits(.fahrenheit)
    h.scheduler.settle()
    #expect(h.units.values == ["°C", "°F"])
  }

  @Test("WX-42 the icon table")
  func wx42() {
    let unicode: [String: String] = [
      "01d": "☀", "01n": "☾", "02n": "◐", "09d": "☂", "11n": "↯", "13d": "❄", "50d": "≡", "": "?",
      "99x": "?", "04d": "☁",
    ]
    for (code, glyph) in unicode {
      #expect(WeatherIcons.glyph(code, symbols: .unicode) == glyph, "\(code)")
    }
    #expect(WeatherIcons.glyph("01d", symbols: .ascii) == "O")
    #expect(WeatherIcons.glyph("04d", symbols: .ascii) == "C")
    #expect(WeatherIcons.glyph("zz", symbols: .ascii) == "?")
  }

  @Test("WX-43 ASCII mode")
  func wx43() {
    let h = WeatherHarness(symbols: .ascii)
    h.service.forecastReplies = [.never]
    h.service.replies = [.answer(W_London), .answer(weather("São Paulo", -23.5, -46.6))]
    h.search("London")
    h.scheduler.settle()
    #expect(h.temperature.last == "12C" && h.units.last == "C")
    #expect(h.forecastStatus.last == "Loading forecast...")
    h.search("Sao Paulo")
    h.scheduler.settle()
    #expect(h.cityName.last == "Sao Paulo")
  }

  @Test("WX-44 a nameless place shows its coordinate; no description, no conditions")
  func wx44() {
    let h = WeatherHarness()
    h.service.replies = [
      .answer(
        Weather(
          cityName: "", coordinate: Coordinate(latitude: 51.5, longitude: -0.1234),
          temperatureC: 10, humidity: 50, iconCode: "01d", description: ""))
    ]
    h.search("Somewhere")
    h.scheduler.settle()
    #expect(h.cityName.last == "51.50, -0.12" && h.conditions.last == "")
  }

  @Test("WX-45 a 300-character name passes through")
  func wx45() {
    let h = WeatherHarness()
    let name = String(repeating: "x", count: 300)
    h.service.replies = [.answer(weather(name))]
    h.search("X")
    h.scheduler.settle()
    #expect(h.cityName.last == name)
  }
}
