import Foundation
import Testing
import ViewModelKit
import WeatherFeature

@Suite("Weather: becoming seen")
@MainActor
struct WeatherActivationBehaviourTests {
  @Test("AV-07 back on screen after 10 minutes: the shown place is fetched again; sooner: not")
  func av07() {
    let h = WeatherHarness()
    h.viewModel.setActive(true)
    _ = h.search("London")
    h.at(1)
    #expect(h.service.calls.count == 1)
    h.viewModel.setActive(false)
    h.at(300)
    h.viewModel.setActive(true)  // 5 minutes: still fresh
    h.at(301)
    #expect(h.service.calls.count == 1)
    h.viewModel.setActive(false)
    h.at(601)
    h.viewModel.setActive(true)  // 10 minutes after the display
    h.at(602)
    #expect(h.service.calls.count == 2)
    #expect(h.service.queries.last == h.service.queries.first)
  }

  @Test("AV-07 a query in flight is left alone; nothing before the first display")
  func av07InFlight() {
    let h = WeatherHarness()
    h.viewModel.setActive(false)
    h.viewModel.setActive(true)
    h.at(1)
    #expect(h.service.calls.isEmpty)  // nothing shown yet
    _ = h.search("London")
    h.at(695)
    h.service.defaultReply = .never
    h.viewModel.refresh()  // in flight from t=695, its first attempt silent until t=705
    h.at(700)
    h.viewModel.setActive(false)
    h.viewModel.setActive(true)
    h.at(701)
    #expect(h.service.callTimes == [1, 695])  // the return to the screen added none
  }

  @Test("AV-10 flapping (10 changes in 1 s) after 10 minutes makes one fetch")
  func av10() {
    let h = WeatherHarness()
    _ = h.search("London")
    h.at(1)
    h.at(700)
    for index in 0..<10 {
      h.viewModel.setActive(index % 2 == 0)
      h.at(700 + Double(index + 1) * 0.1)
    }
    h.at(710)
    #expect(h.service.calls.count == 2)
  }
}
