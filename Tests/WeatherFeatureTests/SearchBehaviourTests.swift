import Foundation
import Testing
import ViewModelKit
import WeatherFeature

@Suite("Weather: initial state and search")
@MainActor
struct SearchBehaviourTests {
  @Test("WX-01 the initial outputs, with no call, no fix and no toast")
  func wx01() {
    let h = WeatherHarness()
    #expect(h.isLoading.values == [false])
    #expect(h.labelsHidden.values == [true])
    for recorder in [h.cityName, h.temperature, h.humidity, h.icon, h.conditions, h.dataNote] {
      #expect(recorder.values == [""])
    }
    #expect(h.units.values == ["°C"])
    #expect(h.apiKeyStatus.values == ["****1234"])
    #expect(h.needsApiKey.values == [false] && h.keyPromptVisible.values == [false])
    #expect(h.mapVisible.values == [false] && h.mapRows.values == [[]])
    #expect(h.mapCaption.values == ["52.37,4.89 z4"])
    #expect(h.markers.values == [[]] && h.forecast.values == [[]])
    #expect(h.forecastStatus.values == [""] && h.forecastTrend.values == [""])
    #expect(h.isSettled.values == [true])
    #expect(h.service.calls.isEmpty && h.location.subscriptions == 0 && h.toast.values.isEmpty)
  }

  @Test("WX-02 typing without Return calls nothing and changes nothing")
  func wx02() {
    let h = WeatherHarness()
    h.viewModel.setQuery("London")
    h.at(60)
    #expect(h.service.calls.isEmpty)
    #expect(h.isLoading.values == [false] && h.cityName.values == [""])
  }

  @Test("WX-03 submit loads at once with one call carrying the key")
  func wx03() {
    let h = WeatherHarness()
    h.service.replies = [.never]
    #expect(h.search("London") == .accepted)
    #expect(h.service.queries == [.city("London")])
    #expect(h.service.calls.map(\.apiKey) == ["test-key-1234"])
    h.scheduler.settle()
    #expect(h.isLoading.values == [false, true] && h.isLoading.times == [0, 0])
  }

  @Test("WX-04 the answer fills every label")
  func wx04() {
    let h = WeatherHarness()
    h.service.replies = [.answer(W_London, at: 0.2)]
    h.search("London")
    h.at(0.2)
    #expect(h.isLoading.last == false && h.isLoading.times.last == 0.2)
    #expect(h.labelsHidden.last == false)
    #expect(h.cityName.last == "London" && h.temperature.last == "12°C")
    #expect(h.humidity.last == "81%" && h.icon.last == "☁")
    #expect(h.conditions.last == "Broken clouds" && h.dataNote.last == "")
  }

  @Test("WX-05 the text is cleaned and keeps its case; the service's name is shown")
  func wx05() {
    let h = WeatherHarness()
    h.search("  New   York\n")
    h.search("lONDON")
    #expect(h.service.queries == [.city("New York"), .city("lONDON")])
    h.scheduler.settle()
    #expect(h.cityName.last == "London")
  }

  @Test("WX-06 blank submits are accepted and do nothing", arguments: ["", "   ", "\t\n"])
  func wx06(blank: String) {
    let h = WeatherHarness()
    h.service.replies = [.never]
    h.search("Paris")
    h.scheduler.settle()
    #expect(h.search(blank) == .accepted)
    h.at(1)
    #expect(h.service.calls.count == 1 && h.service.cancelledCalls.isEmpty)
    #expect(h.toast.values.isEmpty && h.isLoading.values == [false, true])
  }

  @Test("WX-07 over 100 characters is refused (the answer, which the heads toast); 100 is fine")
  func wx07() {
    let h = WeatherHarness()
    h.service.replies = [.never]
    h.search("Paris")
    h.scheduler.settle()
    let long = String(repeating: "a", count: 101)
    #expect(h.search(long) == .rejected("City name is too long (max 100 characters)"))
    h.scheduler.settle()
    #expect(h.toast.values.isEmpty, "the refusal is the answer; the heads show it")
    #expect(h.service.calls.count == 1 && h.service.cancelledCalls.isEmpty)
    #expect(h.isLoading.values == [false, true])
    #expect(h.search(String(repeating: "é", count: 100)) == .accepted)
    #expect(h.service.calls.count == 2)
  }

  @Test("WX-08 non-ASCII text is sent as typed")
  func wx08() {
    let h = WeatherHarness()
    h.search("São Paulo")
    h.search("東京")
    #expect(h.service.queries == [.city("São Paulo"), .city("東京")])
  }

  @Test("WX-09 the same city twice is two calls")
  func wx09() {
    let h = WeatherHarness()
    h.search("London")
    h.scheduler.settle()
    h.search("London")
    h.scheduler.settle()
    #expect(h.service.calls.count == 2)
  }

  @Test("WX-10 several subscribers, one call")
  func wx10() {
    let h = WeatherHarness()
    let extra = [
      h.viewModel.cityName.record(on: h.scheduler), h.viewModel.cityName.record(on: h.scheduler),
    ]
    let loading = h.viewModel.isLoading.record(on: h.scheduler)
    h.search("London")
    h.scheduler.settle()
    #expect(h.service.calls.count == 1)
    #expect(extra.allSatisfy { $0.last == "London" } && loading.last == false)
  }
}

@Suite("Weather: the latest query wins")
@MainActor
struct LatestQueryTests {
  @Test("WX-11 a newer search cancels the older one")
  func wx11() {
    let h = WeatherHarness()
    h.service.replies = [
      .answer(weather("Paris"), at: 2), .answer(weather("Berlin", 52.52, 13.41), at: 0.5),
    ]
    h.search("Paris")
    h.at(1)
    h.search("Berlin")
    #expect(h.service.cancelledCalls == [0])
    h.at(1.5)
    #expect(h.cityName.last == "Berlin" && h.cityName.times.last == 1.5)
    h.at(2)
    #expect(h.cityName.values == ["", "Berlin"])
    #expect(h.isLoading.values == [false, true, false] && h.isLoading.times == [0, 0, 1.5])
  }

  @Test("WX-12 a failed search is not retried once another starts")
  func wx12() {
    let h = WeatherHarness()
    h.service.replies = [.fail(.server(status: 500)), .never]
    h.search("Paris")
    h.at(0.5)
    h.search("Berlin")
    h.at(10)  // before Berlin's own timeout
    #expect(h.service.queries == [.city("Paris"), .city("Berlin")])
    #expect(h.toast.values == ["Weather server error (HTTP 500)"])
  }

  @Test("WX-13 every source shares one slot; a cancelled query leaves no trace")
  func wx13() {
    let h = WeatherHarness()
    h.service.replies = [.answer(weather("Paris"), at: 5), .answer(weather("Rome"), at: 5)]
    h.service.defaultReply = .never
    h.search("Paris")
    h.viewModel.useMyLocation()
    #expect(h.service.cancelledCalls == [0] && h.location.subscriptions == 1)
    h.search("Rome")
    #expect(h.location.cancellations == 1)
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    #expect(h.service.cancelledCalls == [0, 1])
    h.search("Oslo")
    h.at(1)
    #expect(h.service.queries == [.city("Paris"), .city("Rome"), .city("Oslo")])
    h.viewModel.refresh()
    #expect(h.service.cancelledCalls == [0, 1, 2])
    h.at(6)
    #expect(h.toast.values.isEmpty && h.cityName.values == [""] && h.cache.stores.isEmpty)
  }
}
