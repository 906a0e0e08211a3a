import Foundation
import Testing
import ViewModelKit
import WeatherFeature

@Suite("Weather: location")
@MainActor
struct LocationBehaviourTests {
  @Test("WX-46 the first accurate fix is looked up; the map follows; nothing is cached")
  func wx46() {
    let h = WeatherHarness()
    // The result's coordinate differs from the fix and from where the map starts, so the
    // re-centring on the result is seen.
    let amsterdam = weather("Amsterdam", 52.40, 4.95)
    h.service.replies = [.answer(amsterdam)]
    h.viewModel.useMyLocation()
    h.scheduler.settle()
    #expect(h.isLoading.last == true && h.location.subscriptions == 1)
    let startCaption = h.mapCaption.last
    #expect(startCaption != "52.40,4.95 z4")
    h.at(1)
    h.location.send(52.0, 4.0, accuracy: 250)
    h.at(2)
    #expect(h.service.calls.isEmpty)
    h.location.send(52.37, 4.89, accuracy: 40)
    h.scheduler.settle()
    #expect(h.location.cancellations == 1)
    #expect(h.service.queries == [.coordinate(Coordinate(latitude: 52.37, longitude: 4.89))])
    #expect(h.service.callTimes == [2])
    #expect(h.cityName.last == "Amsterdam" && h.mapCaption.last == "52.40,4.95 z4")
    #expect(h.cache.stores.isEmpty)
  }

  @Test("WX-47 accuracy must be under 100 m, and the coordinate valid")
  func wx47() {
    let h = WeatherHarness()
    h.service.defaultReply = .never
    h.viewModel.useMyLocation()
    h.location.send(10, 10, accuracy: 100.0)
    h.location.send(10, 10, accuracy: -1)
    h.location.send(95, 10, accuracy: 5)
    h.scheduler.settle()
    #expect(h.service.calls.isEmpty)
    h.location.send(10, 10, accuracy: 99.9)
    h.scheduler.settle()
    #expect(h.service.calls.count == 1)
    #expect(
      LocationFix(coordinate: .init(latitude: 0, longitude: 0), horizontalAccuracy: 0)
        .isAcceptable())
  }

  @Test("WX-48 one fix per request; asking again subscribes again")
  func wx48() {
    let h = WeatherHarness()
    h.viewModel.useMyLocation()
    h.location.send(10, 10, accuracy: 5)
    h.location.send(11, 11, accuracy: 5)
    h.scheduler.settle()
    #expect(h.service.calls.count == 1)
    h.viewModel.useMyLocation()
    #expect(h.location.subscriptions == 2)
  }

  @Test("WX-49 the stream ending without a good fix")
  func wx49() {
    let h = WeatherHarness()
    h.viewModel.useMyLocation()
    h.at(1)
    h.location.finish()
    h.scheduler.settle()
    #expect(h.toast.values == ["No accurate location fix (need under 100 m)"])
    #expect(h.toast.times == [1] && h.cityName.last == "No data" && h.isLoading.last == false)
  }

  @Test("WX-50 no good fix within 10 s")
  func wx50() {
    let h = WeatherHarness()
    h.viewModel.useMyLocation()
    h.location.send(10, 10, accuracy: 500)
    h.at(10)
    #expect(h.toast.values == ["No accurate location fix (need under 100 m)"])
    #expect(h.toast.times == [10] && h.location.cancellations == 1)
    #expect(h.cityName.last == "No data")
  }

  @Test(
    "WX-51 denied and unavailable",
    arguments: [
      (LocationError.denied, "Location access denied"),
      (LocationError.unavailable, "Location unavailable"),
    ])
  func wx51(error: LocationError, message: String) {
    let h = WeatherHarness()
    h.viewModel.useMyLocation()
    h.location.fail(error)
    h.scheduler.settle()
    #expect(h.toast.values == [message] && h.cityName.last == "No data")
    #expect(h.service.calls.isEmpty)
  }

  @Test("WX-52 a location query retries like any other and ends in the placeholder")
  func wx52() {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(.server(status: 500))
    h.viewModel.useMyLocation()
    h.location.send(51.5, -0.12, accuracy: 5)
    h.at(20)
    #expect(h.service.callTimes == [0, 1, 3, 6] && h.cityName.last == "No data")
  }

  @Test("WX-53 a search cancels the wait for a fix")
  func wx53() {
    let h = WeatherHarness()
    h.viewModel.useMyLocation()
    h.search("London")
    #expect(h.location.cancellations == 1)
  }
}

@Suite("Weather: map")
@MainActor
struct MapBehaviourTests {
  @Test("WX-54 showing and hiding the map")
  func wx54() {
    let h = WeatherHarness()
    h.viewModel.toggleMap()
    h.scheduler.settle()
    #expect(h.mapVisible.last == true)
    let rows = h.mapRows.last ?? []
    #expect(rows.count == 13 && rows.allSatisfy { $0.count == 36 })
    h.viewModel.toggleMap()
    h.scheduler.settle()
    #expect(h.mapVisible.last == false && h.mapRows.last == [])
    #expect(h.service.calls.isEmpty)
  }

  @Test("setMapVisible shows or hides the map; asking twice changes nothing more")
  func setMapVisible() {
    let h = WeatherHarness()
    h.viewModel.setMapVisible(true)
    h.viewModel.setMapVisible(true)
    h.scheduler.settle()
    #expect(h.mapVisible.values == [false, true])
    h.viewModel.setMapVisible(false)
    h.viewModel.setMapVisible(false)
    h.scheduler.settle()
    #expect(h.mapVisible.values == [false, true, false] && h.mapRows.last == [])
  }

  @Test("WX-55 the grid: centre, marker, rows")
  func wx55() {
    let h = WeatherHarness(center: Coordinate(latitude: 0, longitude: 0))
    h.service.replies = [.answer(weather("Sunny", 2.1, 3.4, icon: "01d"))]
    h.viewModel.toggleMap()
    h.viewModel.setMapSize(columns: 9, rows: 5)
    h.viewModel.pan(.north)
    h.viewModel.pan(.south)
    h.at(1)
    #expect(
      h.mapRows.last == [".........", ".......☀.", "....+....", ".........", "........."])
  }

  @Test("issue 39: place names are written only when a head asks for them (setMapNames)")
  func namesOnRequest() {
    let h = WeatherHarness(center: Coordinate(latitude: 0, longitude: 0))
    h.service.replies = [.answer(weather("Sunny", 2.1, -3.4, icon: "01d"))]
    h.viewModel.toggleMap()
    h.viewModel.setMapSize(columns: 9, rows: 5)
    h.viewModel.pan(.north)
    h.viewModel.pan(.south)
    h.at(1)
    #expect(h.mapRows.last?[1] == ".☀.......")
    h.viewModel.send(.setMapNames(true))
    h.at(2)
    #expect(h.mapRows.last?[1] == ".☀ Sunny.")
    h.viewModel.send(.setMapNames(false))
    h.at(3)
    #expect(h.mapRows.last?[1] == ".☀.......")
  }

  @Test("WX-56 a hidden map refuses pans and zooms silently")
  func wx56() {
    let h = WeatherHarness()
    #expect(h.viewModel.pan(.east) == .rejected("The map is hidden"))
    #expect(h.viewModel.zoomIn() == .rejected("The map is hidden"))
    #expect(h.viewModel.zoomOut() == .rejected("The map is hidden"))
    h.at(2)
    #expect(h.mapCaption.values == ["52.37,4.89 z4"] && h.toast.values.isEmpty)
    #expect(h.service.calls.isEmpty && h.isLoading.values == [false])
  }

  @Test("WX-57 a pan moves the centre at once and looks it up half a second later")
  func wx57() {
    let h = WeatherHarness()
    let there = weather("Somewhere", 52.0, 12.9)
    h.service.replies = [.answer(there)]
    h.viewModel.toggleMap()
    #expect(h.viewModel.pan(.east) == .accepted)
    h.scheduler.settle()
    #expect(h.mapCaption.last == "52.37,12.89 z4" && h.isLoading.last == true)
    h.at(0.5)
    #expect(h.service.queries == [.coordinate(Coordinate(latitude: 52.37, longitude: 12.89))])
    #expect(h.service.callTimes == [0.5] && h.cityName.last == "Somewhere")
    #expect(h.markers.last?.first?.id == "somewhere")
    #expect(h.mapCaption.last == "52.37,12.89 z4")
  }

  @Test("WX-58 pans in quick succession make one call")
  func wx58() {
    let h = WeatherHarness()
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(0.2)
    h.viewModel.pan(.east)
    h.at(0.4)
    h.viewModel.pan(.north)
    h.at(2)
    #expect(h.service.callTimes == [0.9])
    #expect(h.service.queries == [.coordinate(Coordinate(latitude: 60.37, longitude: 20.89))])
  }

  @Test("WX-59 latitude clamps at 85, longitude wraps")
  func wx59() {
    let h = WeatherHarness(center: Coordinate(latitude: 80, longitude: 176))
    h.service.defaultReply = .never
    h.viewModel.toggleMap()
    h.viewModel.pan(.north)
    h.viewModel.pan(.east)
    h.scheduler.settle()
    #expect(h.mapCaption.last == "85.00,-176.00 z4")
  }

  @Test("WX-60 zoom steps, pan distance, limits, and no calls")
  func wx60() {
    let h = WeatherHarness(center: Coordinate(latitude: 0, longitude: 0))
    h.service.defaultReply = .never
    h.viewModel.toggleMap()
    h.viewModel.zoomIn()
    h.scheduler.settle()
    #expect(h.mapCaption.last == "0.00,0.00 z5")
    h.viewModel.pan(.east)
    h.scheduler.settle()
    #expect(h.mapCaption.last == "0.00,4.00 z5")
    for _ in 0..<5 { h.viewModel.zoomIn() }
    h.scheduler.settle()
    #expect(h.mapCaption.last == "0.00,4.00 z6")
    for _ in 0..<9 { h.viewModel.zoomOut() }
    h.scheduler.settle()
    #expect(h.mapCaption.last == "0.00,4.00 z1")
    h.at(0.4)
    #expect(h.service.calls.isEmpty)
  }

  @Test("WX-61 text and location results, live or cached, re-centre the map without a map query")
  func wx61() {
    let h = WeatherHarness()
    // Replies by call: London, Paris, four failed attempts at London (the cached London is
    // shown), then Utrecht for the location.
    h.service.replies =
      [
        .answer(weather("London", 51.5074, -0.1278)), .answer(weather("Paris", 48.8566, 2.3522)),
      ] + Array(repeating: .fail(.network), count: 4) + [.answer(weather("Utrecht", 52.09, 5.12))]
    h.viewModel.toggleMap()
    h.search("London")
    h.at(10)
    #expect(h.mapCaption.last == "51.51,-0.13 z4" && h.service.calls.count == 1)
    h.search("Paris")
    h.at(20)
    #expect(h.mapCaption.last == "48.86,2.35 z4" && h.service.calls.count == 2)
    h.search("London")
    h.at(40)
    #expect(h.dataNote.last == "(cached)" && h.mapCaption.last == "51.51,-0.13 z4")
    #expect(h.service.calls.count == 6)
    h.viewModel.useMyLocation()
    h.location.send(52.1, 5.1, accuracy: 10)
    h.at(50)
    #expect(h.cityName.last == "Utrecht" && h.mapCaption.last == "52.09,5.12 z4")
    #expect(h.service.calls.count == 7)
  }

  @Test("WX-62 markers: newest first, one per place, at most 20, none for the placeholder")
  func wx62() {
    let h = WeatherHarness()
    h.service.replies = (0..<21).map { .answer(weather("City \($0)", Double($0), 0)) }
    for index in 0..<21 {
      h.search("City \(index)")
      h.scheduler.settle()
    }
    #expect(h.markers.last?.count == 20)
    #expect(h.markers.last?.first?.id == "city 20" && h.markers.last?.last?.id == "city 1")
    h.service.replies += [.answer(weather("City 5", 5, 0, temperature: 30))]
    h.search("City 5")
    h.scheduler.settle()
    #expect(h.markers.last?.first?.label == "◐ City 5 30°C")
    #expect(h.markers.last?.filter { $0.id == "city 5" }.count == 1)
    // The place moved to the front; the others kept their order.
    let moved = ["city 5"] + (1...20).reversed().filter { $0 != 5 }.map { "city \($0)" }
    #expect(h.markers.last?.map(\.id) == moved)
    h.service.defaultReply = .fail(.cityNotFound)
    h.search("Atlantis")
    h.scheduler.settle()
    #expect(h.markers.last?.map(\.id) == moved, "the placeholder adds no marker")
    // A cached display is a display too: City 3's cached entry comes first again.
    h.service.defaultReply = .fail(.network)
    h.search("City 3")
    h.at(h.scheduler.elapsed + 60)
    #expect(h.dataNote.last == "(cached)" && h.cityName.last == "City 3")
    #expect(h.markers.last?.first?.id == "city 3" && h.markers.last?.count == 20)
    #expect(h.markers.last?.filter { $0.id == "city 3" }.count == 1)
  }

  @Test(
    "WX-63 the newest marker wins a cell; a marker hides the centre; off-grid ones are not drawn")
  func wx63() {
    let h = WeatherHarness(center: Coordinate(latitude: 0, longitude: 0))
    h.viewModel.toggleMap()
    h.viewModel.setMapSize(columns: 9, rows: 5)
    h.service.replies = [
      .answer(weather("Far", 60, 60, icon: "01d")),
      .answer(weather("Old", 0.2, 0.2, icon: "13d")),
      .answer(weather("New", -0.2, -0.2, icon: "11d")),
    ]
    for name in ["Far", "Old", "New"] {
      h.search(name)
      h.scheduler.settle()
    }
    h.viewModel.pan(.north)
    h.viewModel.pan(.south)  // back to (0, 0): results do not move the map
    h.service.defaultReply = .never
    h.scheduler.settle()
    #expect(
      h.mapRows.last == [".........", ".........", "....↯....", ".........", "........."])
  }

  @Test("WX-64 a search during the settle delay cancels the map query")
  func wx64() {
    let h = WeatherHarness()
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(0.3)
    h.search("London")
    h.at(2)
    #expect(h.service.queries == [.city("London")])
  }
}
