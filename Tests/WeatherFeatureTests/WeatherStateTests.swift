import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// The weather screen as a screen model: one state value, asserted exhaustively, so a field
/// that changes without the test saying so fails it.
@Suite("Weather: the screen's one state")
@MainActor
struct WeatherStateTests {
  @Test("a search loads, shows the city, then asks for its forecast; no other field moves")
  func search() throws {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London, at: 1)]
    let state = StateRecorder(h.viewModel.state, on: h.scheduler, exhaustive: true)
    let start = try #require(state.current)
    #expect(start.labelsHidden && start.cityName == "" && start.units == "°C")
    #expect(start.apiKeyStatus == "****1234" && start.mapCaption == "52.37,4.89 z4")
    #expect(h.search("London") == .accepted)
    h.scheduler.advance()
    state.expect {
      $0.isLoading = true
      $0.loadingNote = "Loading…"
    }
    h.at(1)
    state.expect {
      $0.isLoading = false
      $0.loadingNote = ""
      $0.labelsHidden = false
      $0.cityName = "London"
      $0.temperature = "12°C"
      $0.temperatureValue = 12.4
      $0.humidity = "81%"
      $0.humidityValue = 81
      $0.feelsLike = "12°C"
      $0.feelsLikeValue = 11.6
      $0.wind = "4 m/s SW"
      $0.windSpeedValue = 4.1
      $0.windFromDegrees = 240
      $0.pressure = "1012 hPa"
      $0.pressureValue = 1012
      $0.icon = "☁"
      $0.conditions = "Broken clouds"
      $0.source = .live
      $0.markers = [
        MapMarker(
          id: "london", coordinate: londonCoordinate, icon: "☁", label: "☁ London 12°C",
          name: "London")
      ]
      $0.mapCaption = "51.51,-0.13 z4"
    }
    // The forecast is a second step of the query, asked for once the city is shown.
    state.expect { $0.forecastStatus = "Loading forecast…" }
    state.finish()
  }

  @Test("switching units reformats every temperature in one new state")
  func units() throws {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London)]
    _ = h.search("London")
    h.at(1)
    let state = StateRecorder(h.viewModel.state, on: h.scheduler, exhaustive: true)
    h.viewModel.toggleUnits()
    h.scheduler.advance()
    state.expect {
      $0.units = "°F"
      $0.unit = .fahrenheit
      $0.temperature = "54°F"
      $0.temperatureValue = 54.3
      $0.feelsLike = "53°F"
      $0.feelsLikeValue = 52.9
      $0.wind = "9 mph SW"
      $0.windSpeedValue = 9.2
      $0.markers[0].label = "☁ London 54°F"
    }
    state.finish()
  }

  @Test("issue 39, item 3: a refusal is its answer, and no event")
  func refusalEvent() {
    let h = WeatherHarness()
    let events = h.viewModel.events.record(on: h.scheduler)
    let result = h.viewModel.pan(.north)
    #expect(h.search(String(repeating: "x", count: 101)) != .accepted)
    h.scheduler.advance()
    #expect(result == .rejected("The map is hidden"))
    #expect(events.values.isEmpty, "a refusal is its answer alone (issue 39, item 3)")
  }

  @Test("the projections are the state's fields")
  func projections() {
    let h = WeatherHarness()
    _ = h.search("London")
    h.at(1)
    let state = h.viewModel.state.record(on: h.scheduler).values.last
    #expect(state?.cityName == h.cityName.values.last)
    #expect(state?.temperature == h.temperature.values.last)
    #expect(state?.markers == h.markers.values.last)
  }
}
