import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// Issue 29, item 5: "my location" with no position configured answers from the bundled sample
/// position, and the screen says so instead of passing it off as the device's.
@Suite("Weather: the sample position is named")
@MainActor
struct SamplePositionTests {
  @Test("a location query at the sample position sets the note; a city search clears it")
  func sampleThenCity() {
    let h = WeatherHarness()
    h.location.isSample = true
    h.service.defaultReply = .answer(W_London)
    let notes = h.viewModel.state.map(\.positionNote).removeDuplicates().record(on: h.scheduler)
    h.viewModel.useMyLocation()
    h.scheduler.settle()
    h.location.send(51.5, -0.12, accuracy: 10)
    h.at(1)
    #expect(notes.values == ["", "Sample position: set --location or --gpsd"])
    h.search("London")
    h.at(2)
    #expect(notes.values == ["", "Sample position: set --location or --gpsd", ""])
  }

  @Test("a configured position says nothing")
  func configured() {
    let h = WeatherHarness()
    let notes = h.viewModel.state.map(\.positionNote).removeDuplicates().record(on: h.scheduler)
    h.viewModel.useMyLocation()
    h.scheduler.settle()
    h.location.send(51.5, -0.12, accuracy: 10)
    h.at(1)
    #expect(notes.values == [""] && h.cityName.last == "London")
  }

  @Test("the setting without a position is the sample, and its provider says so")
  func setting() {
    let fix = LocationFix(
      coordinate: Coordinate(latitude: 52.37, longitude: 4.89), horizontalAccuracy: 15)
    #expect(LocationSetting.sample(fix).provider.isSample)
    #expect(!LocationSetting.fixed(fix).provider.isSample)
    #expect(
      LocationSetting.sample(fix).mapCenter(fallback: Coordinate(latitude: 0, longitude: 0))
        == fix.coordinate)
  }

  @Test(
    "issue 38, item 5: only a named place is the place to remember; a position or map point is not")
  func onlyANamedPlaceIsRemembered() {
    let h = WeatherHarness()
    h.location.isSample = true
    h.service.defaultReply = .answer(W_London)
    let places = h.viewModel.placeChoice.record(on: h.scheduler)
    h.viewModel.useMyLocation()
    h.scheduler.settle()
    h.location.send(52.37, 4.89, accuracy: 10)
    h.at(1)
    #expect(h.cityName.last == "London")
    #expect(places.values.isEmpty)
    h.search("London")
    h.at(2)
    #expect(places.values == ["London"])
  }
}
