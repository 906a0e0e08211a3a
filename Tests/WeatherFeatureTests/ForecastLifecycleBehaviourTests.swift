import Foundation
import Testing
import ViewModelKit
import WeatherFeature

/// A forecast of `temperatures`, 3 h apart from `start`, with `icon(step)` per step.
func forecast(
  from start: Date, offset: Int = 0, temperatures: [Double], icon: (Int) -> String = { _ in "02d" }
) -> Forecast {
  Forecast(
    cityName: "Test", timezoneOffset: offset,
    steps: temperatures.enumerated().map { index, temperature in
      ForecastStep(
        time: start.addingTimeInterval(Double(index) * 3 * 3600), temperatureC: temperature,
        iconCode: icon(index))
    })
}

/// 2025-06-02 00:00 UTC, a Monday.
let june2 = Date(timeIntervalSince1970: 1_748_822_400)

@Suite("Weather: forecast")
@MainActor
struct ForecastBehaviourTests {
  @Test("WX-65 a live display asks for the forecast once, by the result's coordinate")
  func wx65() {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London, at: 1)]
    h.search("London")
    h.at(1)
    #expect(h.forecastStatus.last == "Loading forecast…" && h.forecastStatus.times.last == 1)
    #expect(h.service.forecastCalls.count == 1)
    #expect(h.service.forecastCalls[0].0 == londonCoordinate)
    #expect(h.service.forecastCalls[0].1 == "test-key-1234" && h.service.forecastCalls[0].2 == 1)
  }

  @Test("WX-66 the trend and the day rows, in both units")
  func wx66() {
    let h = WeatherHarness()
    let noon = june2.addingTimeInterval(12 * 3600)
    h.service.forecastReplies = [
      .answer(
        forecast(
          from: noon, temperatures: [14, 17, 15, 12, 10, 9, 11, 15, 19, 20, 16, 13],
          icon: { $0 < 4 ? "02d" : ($0 == 8 ? "10d" : "01n") }))
    ]
    h.search("London")
    h.scheduler.settle()
    #expect(h.forecastStatus.last == "")
    #expect(h.forecastTrend.last == "▄▆▅▃▂▁▂▅▇█▅▄")
    #expect(
      h.forecast.last?.map(\.text) == ["Mon ◐  12°C  17°C     ▄▆▅▃", "Tue ☂   9°C  20°C ▂▁▂▅▇█▅▄"])
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(
      h.forecast.last?.map(\.text) == ["Mon ◐  54°F  63°F     ▄▆▅▃", "Tue ☂  48°F  68°F ▂▁▂▅▇█▅▄"])
    #expect(h.forecastTrend.values.count == 2)
  }

  @Test("WX-67 local days and slots follow the place's offset")
  func wx67() {
    let h = WeatherHarness()
    h.service.forecastReplies = [
      .answer(
        forecast(
          from: june2, offset: 19800, temperatures: (20...29).map(Double.init),
          icon: { "0\($0 % 9 + 1)d" }))
    ]
    h.search("Mumbai")
    h.scheduler.settle()
    let rows = h.forecast.last ?? []
    #expect(rows.map(\.bars) == [" ▁▂▃▃▄▅▆", "▆▇█     "])
    // Monday's steps are at local 05:30, 08:30, 11:30, …; 11:30 (the third) is nearest noon.
    #expect(rows.first?.icon == WeatherIcons.glyph("03d", symbols: .unicode))
  }

  @Test("WX-68 a flat forecast draws every bar at the middle")
  func wx68() {
    let h = WeatherHarness()
    h.service.forecastReplies = [.answer(forecast(from: june2, temperatures: [7, 7, 7, 7]))]
    h.search("London")
    h.scheduler.settle()
    #expect(h.forecastTrend.last == "▄▄▄▄")
  }

  @Test(
    "WX-69 a failed forecast: no retry, no toast, unavailable",
    arguments: [ForecastReply.fail(.server(status: 500)), .never])
  func wx69(reply: ForecastReply) {
    let h = WeatherHarness()
    h.service.forecastReplies = [reply]
    h.search("London")
    h.at(30)
    #expect(h.service.forecastCalls.count == 1 && h.toast.values.isEmpty)
    #expect(h.forecastStatus.last == "Forecast unavailable")
    #expect(h.forecast.last == [] && h.forecastTrend.last == "")
    #expect(h.isLoading.values == [false, true, false])
    if case .never = reply { #expect(h.forecastStatus.times.last == 10) }
  }

  @Test("WX-70 cached and placeholder displays, and empty forecasts, say No forecast")
  func wx70() {
    let h = WeatherHarness()
    h.service.forecastReplies = [.answer(forecast(from: june2, temperatures: []))]
    h.search("London")
    h.scheduler.settle()
    #expect(h.forecastStatus.last == "No forecast")
    h.service.defaultReply = .fail(.network)
    h.search("London")
    h.at(10)
    #expect(h.dataNote.last == "(cached)" && h.forecastStatus.last == "No forecast")
    h.search("Atlantis")
    h.at(20)
    #expect(h.cityName.last == "No data" && h.forecastStatus.last == "No forecast")
    #expect(h.service.forecastCalls.count == 1)
  }

  @Test("WX-71 a new query clears the forecast and cancels its call")
  func wx71() {
    let h = WeatherHarness()
    h.service.forecastReplies = [.answer(forecast(from: june2, temperatures: [1, 2])), .never]
    h.search("London")
    h.scheduler.settle()
    #expect(h.forecast.last?.isEmpty == false)
    h.service.defaultReply = .never
    h.search("Paris")
    h.scheduler.settle()
    #expect(h.forecast.last == [] && h.forecastTrend.last == "" && h.forecastStatus.last == "")
    h.service.replies = []
    let h2 = WeatherHarness()
    h2.search("London")
    h2.scheduler.settle()
    h2.search("Paris")
    #expect(h2.service.cancelledForecasts == 1)
  }
}

@Suite("Weather: refresh, delivery and lifetime")
@MainActor
struct LifecycleBehaviourTests {
  @Test("WX-72 refresh repeats the last query of each kind")
  func wx72() {
    let h = WeatherHarness()
    h.viewModel.refresh()
    #expect(h.service.calls.isEmpty)
    h.search("London")
    h.scheduler.settle()
    h.viewModel.refresh()
    h.scheduler.settle()
    #expect(h.service.queries == [.city("London"), .city("London")])
    #expect(h.cache.stores.count == 2)
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(1)
    let mapCalls = h.service.calls.count
    h.viewModel.refresh()
    #expect(h.service.calls.count == mapCalls + 1)  // at once, no settle delay
    h.viewModel.useMyLocation()
    h.location.send(1, 1, accuracy: 1)
    h.scheduler.settle()
    h.viewModel.refresh()
    #expect(h.location.subscriptions == 2)
  }

  @Test("WX-73 outputs arrive through the scheduler; late subscribers get the current value")
  func wx73() {
    let h = WeatherHarness()
    h.search("London")
    #expect(h.isLoading.values == [false] && h.cityName.values == [""])
    h.scheduler.settle()
    let late = h.viewModel.cityName.record(on: h.scheduler)
    let lateToast = h.viewModel.messages.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(late.values == ["London"])
    h.service.defaultReply = .fail(.cityNotFound)
    h.search("Atlantis")
    h.scheduler.settle()
    let laterToast = h.viewModel.messages.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(lateToast.values == ["City not found"] && laterToast.values.isEmpty)
  }

  @Test("WX-74 releasing the view model cancels its calls, timers and fix stream")
  func wx74() {
    let h = WeatherHarness()
    h.service.defaultReply = .never
    h.search("London")
    h.release()
    #expect(h.service.cancelledCalls == [0])
    let h2 = WeatherHarness()
    h2.viewModel.useMyLocation()
    h2.release()
    #expect(h2.location.cancellations == 1)
    let h3 = WeatherHarness()
    h3.service.defaultReply = .fail(.server(status: 500))
    h3.search("London")
    h3.scheduler.settle()
    h3.release()
    let toasts = h3.toast.values.count
    h3.at(60)
    #expect(h3.service.calls.count == 1 && h3.toast.values.count == toasts)
  }
}
