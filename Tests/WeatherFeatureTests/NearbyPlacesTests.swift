import AppInfrastructure
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

@Suite("Weather: the places around the map's centre (WW-04)")
@MainActor
struct NearbyPlacesTests {
  let berlin = weather("Berlin", 52.52, 13.40, temperature: 17, icon: "03d")
  let prague = weather("Prague", 50.08, 14.42, temperature: 15, icon: "10d")
  let tokyo = weather("Tokyo", 35.68, 139.69, temperature: 20, icon: "01d")

  func nearby(_ h: WeatherHarness) -> OutputRecorder<[String], Never> {
    h.viewModel.state.map { $0.nearbyMarkers.map(\.label) }.distinctUntilChanged()
      .record(on: h.scheduler)
  }

  @Test("WW-04 a settle asks once for 8 places in view and shows them, drawn on the map")
  func settleAsksOnce() throws {
    let h = WeatherHarness()
    h.service.placesReplies = [.answer([berlin, prague, tokyo], at: 0.2)]
    let labels = nearby(h)
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)  // to (52.37, 12.89)
    h.viewModel.pan(.east)  // to (52.37, 20.89): one settle for both
    h.at(0.99)
    #expect(h.service.placesCalls.count == 1)
    let call = h.service.placesCalls.first
    #expect(call?.time == 0.5 && call?.limit == 8)
    #expect(call?.area.center == Coordinate(latitude: 52.37, longitude: 20.89))
    #expect(
      call?.area
        == MapGrid.area(center: try #require(call).area.center, zoom: 4, columns: 36, rows: 13))
    h.at(2)
    // Tokyo is not in view and is left out; the rest are drawn under the recent markers.
    #expect(labels.values.last == ["☁ Berlin 17°C", "☂ Prague 15°C"])
    let rows = h.mapRows.last ?? []
    #expect(rows.joined().contains("☂"))
    #expect(h.toast.values.isEmpty)
  }

  @Test("WW-04 a newer settle cancels the lookup before it")
  func newerSettleWins() {
    let h = WeatherHarness()
    h.service.placesReplies = [.never, .answer([prague])]
    let labels = nearby(h)
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(1)
    #expect(h.service.placesCalls.count == 1 && h.service.cancelledPlaces == 0)
    h.viewModel.pan(.south)
    h.at(2)
    #expect(h.service.placesCalls.count == 2 && h.service.cancelledPlaces == 1)
    #expect(labels.values.last == ["☂ Prague 15°C"])
  }

  @Test("WW-04 a failed lookup hides nothing and shows nothing: the markers it had stay")
  func failureKeepsMarkers() {
    let h = WeatherHarness()
    h.service.placesReplies = [.answer([berlin]), .fail(.server(status: 503)), .never]
    let labels = nearby(h)
    h.viewModel.toggleMap()
    h.viewModel.pan(.east)
    h.at(1)
    #expect(labels.values.last == ["☁ Berlin 17°C"])
    h.viewModel.pan(.west)
    h.at(2)
    h.viewModel.pan(.east)
    h.at(20)  // the third lookup is silent: its 10 s limit passes, quietly
    #expect(labels.values.last == ["☁ Berlin 17°C"])
    #expect(h.toast.values.isEmpty)
    #expect(h.service.placesCalls.count == 3)
  }

  @Test("WW-04 showing the map looks up the places in view once it has stayed put for 0.5 s")
  func showingLooksUp() {
    let h = WeatherHarness()
    h.service.placesReplies = [.answer([berlin])]
    let labels = nearby(h)
    h.viewModel.toggleMap()
    h.at(0.49)
    #expect(h.service.placesCalls.isEmpty && h.isSettled.values.last == false)
    h.at(1)
    #expect(h.service.placesCalls.map(\.time) == [0.5])
    #expect(labels.values.last == ["☁ Berlin 17°C"])
    #expect(h.isSettled.values.last == true)
  }

  @Test("WW-04 zooming looks up the new view; zooms in a row ask once, for the last zoom")
  func zoomLooksUp() {
    let h = WeatherHarness()
    h.service.placesReplies = [.answer([berlin]), .answer([prague])]
    let labels = nearby(h)
    h.viewModel.toggleMap()
    h.at(1)
    h.viewModel.zoomOut()
    h.at(1.2)
    h.viewModel.zoomOut()
    h.at(2)
    let calls = h.service.placesCalls
    #expect(calls.map(\.time) == [0.5, 1.7])
    let center = calls[0].area.center
    #expect(calls.last?.area == MapGrid.area(center: center, zoom: 2, columns: 36, rows: 13))
    #expect(labels.values.last == ["☂ Prague 15°C"])
    #expect(h.service.calls.isEmpty)  // the centre stays: its weather is not fetched again
  }

  @Test("WW-04 a new map size or a search's re-centring looks up the new view")
  func resizeAndRecentreLookUp() {
    let h = WeatherHarness()
    h.viewModel.toggleMap()
    h.at(1)
    h.viewModel.setMapSize(columns: 60, rows: 20)
    h.at(2)
    let center = h.service.placesCalls.first?.area.center ?? W_London.coordinate
    #expect(
      h.service.placesCalls.last?.area
        == MapGrid.area(center: center, zoom: 4, columns: 60, rows: 20))
    h.search("London")
    h.at(3)
    let calls = h.service.placesCalls
    #expect(calls.map(\.time) == [0.5, 1.5, 2.5])
    #expect(calls.last?.area.center == W_London.coordinate)
  }

  @Test("WW-04 hiding the map ends the wait and the lookup; a hidden map looks nothing up")
  func hidingCancels() {
    let h = WeatherHarness()
    h.service.placesReplies = [.never]
    h.viewModel.toggleMap()
    h.at(0.3)
    h.viewModel.toggleMap()
    h.at(2)
    #expect(h.service.placesCalls.isEmpty && h.isSettled.values.last == true)
    h.viewModel.toggleMap()
    h.at(3)
    #expect(h.service.placesCalls.count == 1 && h.service.cancelledPlaces == 0)
    h.viewModel.toggleMap()
    h.search("London")
    h.at(10)
    #expect(h.service.placesCalls.count == 1 && h.service.cancelledPlaces == 1)
  }

  @Test("WW-04 the offline service answers the fixture cities inside the map, nearest first")
  func fixtureCities() throws {
    let scheduler = DispatchQueue.test
    let service = try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny)
    let area = MapGrid.area(
      center: Coordinate(latitude: 52.37, longitude: 4.89), zoom: 4, columns: 36, rows: 13)
    var names: [String] = []
    let reading = service.placesAround(area, limit: 3, apiKey: "").sink(
      receiveCompletion: { _ in }, receiveValue: { names = $0.map(\.cityName) })
    scheduler.settle()
    reading.cancel()
    #expect(names == ["Amsterdam", "London", "Paris"])
  }

  @Test("WW-04 the find fixture decodes to its 8 places; bad entries are left out")
  func decodeFind() throws {
    let body = try FixtureLoader.bundled.data("weather/find/amsterdam.json")
    let places = try WeatherDecoder.places(body)
    #expect(places.count == 8)
    #expect(places.first?.cityName == "Amsterdam" && places.first?.humidity == 81)
    let mixed = Data(
      """
      {"cod":"200","list":[{"name":"Far","coord":{"lat":95,"lon":0},"main":{"temp":1,"humidity":5}},
      {"name":"Ok","coord":{"lat":1,"lon":2},"main":{"temp":3,"humidity":4}},{"name":7}]}
      """.utf8)
    #expect(try WeatherDecoder.places(mixed).map(\.cityName) == ["Ok"])
    #expect(throws: WeatherError.malformedResponse) { try WeatherDecoder.places(Data("[]".utf8)) }
    #expect(throws: WeatherError.cityNotFound) {
      try WeatherDecoder.places(Data(#"{"cod":"404","message":"x"}"#.utf8))
    }
  }

  @Test("WW-04 live: GET /data/2.5/find with lat, lon, cnt=8, the key and metric units")
  func liveRequest() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      await seen.record("\(request.path)?\(query)")
      return FlyingFox.HTTPResponse(
        statusCode: .ok,
        body: (try? FixtureLoader.bundled.data("weather/find/amsterdam.json")) ?? Data())
    }
    let service = OpenWeatherService(
      baseURL: server.baseURL.appendingPathComponent("data/2.5"),
      client: CurlHTTPClient(timeout: 120))
    let area = MapGrid.area(
      center: Coordinate(latitude: 52.37, longitude: 4.89), zoom: 4, columns: 36, rows: 13)
    let places = try await outcome(of: service.placesAround(area, limit: 8, apiKey: "k9"))
    let refused = try await outcome(of: service.placesAround(area, limit: 8, apiKey: ""))
    await server.stop()
    #expect(try places.get().count == 8)
    #expect(refused.map(\.count) == .failure(.invalidKey))
    #expect(
      await seen.values == ["/data/2.5/find?lat=52.3700&lon=4.8900&cnt=8&appid=k9&units=metric"])
  }
}
