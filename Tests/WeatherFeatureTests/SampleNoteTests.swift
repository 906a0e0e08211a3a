import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import WeatherFeature

/// Issue 29, item 5: offline sample data says so on screen, and names the sample shown and
/// its distance when the place asked for is far from every sample.
@Suite("Weather: the sample data says so")
@MainActor
struct SampleNoteTests {
  func viewModel(_ scheduler: TestSchedulerOf<DispatchQueue>, usesKey: Bool = true) throws
    -> WeatherViewModel
  {
    let start = Coordinate(latitude: 52.3731, longitude: 4.8922)
    return WeatherViewModel(
      service: try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny, usesKey: usesKey),
      location: StaticLocationProvider(fix: LocationFix(coordinate: start, horizontalAccuracy: 15)),
      cache: InMemoryWeatherCache(), apiKey: "", initialMapCenter: start,
      scheduler: scheduler.asAny)
  }

  @Test("before and after a search the note is Sample data; a far place is named with its distance")
  func note() throws {
    let scheduler = DispatchQueue.test
    let vm = try viewModel(scheduler)
    let state = vm.state.record(on: scheduler)
    scheduler.settle()
    #expect(state.last?.sampleNote == "Sample data")
    vm.setQuery("London")
    vm.submit()
    scheduler.advance(by: .seconds(5))
    #expect(state.last?.cityName == "London" && state.last?.sampleNote == "Sample data")
    // The map at zoom 1 over Antarctica: the nearest sample is far away, and the note says so.
    vm.setMapVisible(true)
    vm.zoomOut()
    vm.zoomOut()
    vm.zoomOut()
    scheduler.advance(by: .seconds(1))
    #expect(vm.centreMap(onColumn: 18, row: 12) == .accepted)
    scheduler.advance(by: .seconds(5))
    let note = try #require(state.last?.sampleNote)
    #expect(note.hasPrefix("Sample data: ") && note.hasSuffix(" km away"), "\(note)")
    #expect(note.contains(state.last?.cityName ?? "?"), "\(note)")
  }

  @Test("issue 52: samples in place of Open-Meteo say nothing of a key and open no key prompt")
  func noKey() throws {
    let scheduler = DispatchQueue.test
    let vm = try viewModel(scheduler, usesKey: false)
    let state = vm.state.record(on: scheduler)
    vm.openKeyPrompt()
    scheduler.settle()
    #expect(state.last?.usesApiKey == false && state.last?.apiKeyStatus == "")
    #expect(state.last?.keyPromptVisible == false)
    #expect(vm.send(.setApiKey(key: "abc")) == .rejected("This weather service needs no API key"))
    let keyed = try viewModel(scheduler).state.record(on: scheduler)
    scheduler.settle()
    #expect(keyed.last?.usesApiKey == true && keyed.last?.apiKeyStatus == "not set")
  }

  @Test("the weather now says nothing of samples; distances are grouped by thousands")
  func live() {
    #expect(WeatherState.empty.sampleNote == "")
    #expect(WeatherState.grouped(2410) == "2,410" && WeatherState.grouped(950) == "950")
    #expect(WeatherState.grouped(12_345_670) == "12,345,670")
  }
}

@Suite("Weather: the sample cities the help names")
@MainActor
struct SampleCitiesTests {
  @Test("the help's list is the fixtures' places, in order")
  func list() throws {
    let service = try FixtureWeatherService(latency: 0, scheduler: DispatchQueue.test.asAny)
    #expect(service.cityNames == FixtureWeatherService.sampleCities)
  }
}
