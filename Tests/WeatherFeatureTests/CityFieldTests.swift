import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// Issue 29: the search field never keeps a city's name while another place is shown.
@Suite("Weather: the search field's text")
@MainActor
struct CityFieldTests {
  @Test("typing changes no state; a location query empties the field with a new revision")
  func locationEmptiesTheField() {
    let h = WeatherHarness()
    let fields = h.viewModel.state.map { "\($0.cityFieldRevision) \($0.cityField)" }
      .removeDuplicates().record(on: h.scheduler)
    h.search("London")
    h.at(1)
    #expect(fields.values == ["0 "])
    h.viewModel.useMyLocation()
    h.scheduler.settle()
    #expect(fields.values == ["0 ", "1 "])
    // The field is empty now: Return without typing searches nothing.
    #expect(h.viewModel.submit() == .accepted)
    h.location.send(51.5, -0.12, accuracy: 10)
    h.at(2)
    #expect(h.service.calls.count == 2)
  }

  @Test("a map query empties it too; a place shown at start fills it")
  func mapAndStart() {
    let h = WeatherHarness()
    let fields = h.viewModel.state.map { "\($0.cityFieldRevision) \($0.cityField)" }
      .removeDuplicates().record(on: h.scheduler)
    h.viewModel.show(place: "Berlin")
    h.at(1)
    h.viewModel.setMapVisible(true)
    h.viewModel.pan(.east)
    h.at(3)
    #expect(fields.values == ["0 ", "1 Berlin", "2 "])
  }
}
