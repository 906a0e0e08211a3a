import AppInfrastructure
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import WeatherFeature

/// Issue 30, item 1: the keyless Open-Meteo client against a loopback server answering in the
/// service's documented formats (`Fixtures/weather/open-meteo`).
@Suite("Weather: the Open-Meteo client against a loopback server", .timeLimit(.minutes(6)))
struct OpenMeteoServiceTests {
  static func fixture(_ file: String) -> Data {
    (try? FixtureLoader.bundled.data("weather/open-meteo/\(file)")) ?? Data()
  }

  func service(_ server: LoopbackServer, timeout: TimeInterval = 30) -> OpenMeteoService {
    OpenMeteoService(
      forecastURL: server.baseURL.appendingPathComponent("v1"),
      geocodingURL: server.baseURL.appendingPathComponent("geo/v1"),
      client: CurlHTTPClient(timeout: timeout))
  }

  /// A server answering like the service: the search, the weather now, the hourly forecast.
  func recordedServer(_ seen: Recorded) async throws -> LoopbackServer {
    try await LoopbackServer { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      await seen.record("\(request.path)?\(query)")
      let name = request.query.first { $0.name == "name" }?.value ?? ""
      let file =
        request.path.hasSuffix("search")
        ? (name == "Paris" ? "search-paris.json" : "search-none.json")
        : request.query.contains { $0.name == "hourly" }
          ? "hourly-paris.json" : "current-paris.json"
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.fixture(file))
    }
  }

  @Test("a city: the search, then the weather now at the first place, every field the app shows")
  func city() async throws {
    let seen = Recorded()
    let server = try await recordedServer(seen)
    let weather = try await outcome(
      of: service(server).currentWeather(for: .city("Paris"), apiKey: "")
    )
    .get()
    await server.stop()
    #expect(
      weather
        == Weather(
          cityName: "Paris, FR", coordinate: Coordinate(latitude: 48.85341, longitude: 2.3488),
          temperatureC: 8.4, humidity: 76, iconCode: "04d", description: "overcast",
          feelsLikeC: 5.9, pressureHPa: 1018.2, wind: Wind(speedMS: 3.6, fromDegrees: 225),
          sun: SunTimes(
            sunrise: Date(timeIntervalSince1970: 1_764_054_840),
            sunset: Date(timeIntervalSince1970: 1_764_086_460), utcOffset: 3600),
          rainChance: 40,
          otherPlaces: ["Paris, US (Texas)", "Paris, US (Tennessee)", "Paris, CA (Ontario)"]))
    #expect(
      await seen.values == [
        "/geo/v1/search?name=Paris&count=10&language=en&format=json",
        "/v1/forecast?latitude=48.8534&longitude=2.3488&current=temperature_2m,relative_humidity_2m,"
          + "apparent_temperature,is_day,weather_code,pressure_msl,wind_speed_10m,wind_direction_10m"
          + "&daily=sunrise,sunset,precipitation_probability_max&forecast_days=1"
          + "&wind_speed_unit=ms&timeformat=unixtime&timezone=auto",
      ])
  }

  @Test(
    "'Paris, US', 'Paris, Tennessee' and 'Paris, canada' pick their place; elsewhere is not found",
    arguments: [
      ("Paris, US", "Paris, US", 33.66094), ("Paris, Tennessee", "Paris, US", 36.302),
      ("Paris, canada", "Paris, CA", 43.2), ("Paris , île-de-france", "Paris, FR", 48.85341),
      ("Paris, US (Tennessee)", "Paris, US", 36.302),
    ])
  func qualified(query: String, name: String, latitude: Double) async throws {
    let server = try await recordedServer(Recorded())
    let weather = try await outcome(
      of: service(server).currentWeather(for: .city(query), apiKey: "")
    )
    .get()
    await server.stop()
    #expect(weather.cityName == name && weather.coordinate.latitude == latitude)
  }

  @Test("no place, or none in the country asked for, is 'City not found', with no weather call")
  func notFound() async throws {
    let seen = Recorded()
    let server = try await recordedServer(seen)
    let nowhere = try await outcome(
      of: service(server).currentWeather(for: .city("Atlantis"), apiKey: ""))
    let wrongCountry = try await outcome(
      of: service(server).currentWeather(for: .city("Paris, DE"), apiKey: ""))
    await server.stop()
    #expect(nowhere == .failure(.cityNotFound) && wrongCountry == .failure(.cityNotFound))
    let paths = await seen.values
    #expect(paths.allSatisfy { $0.hasPrefix("/geo/v1/search") })
  }

  @Test("a coordinate: no search; the weather there, unnamed, at the coordinate asked for")
  func coordinate() async throws {
    let seen = Recorded()
    let server = try await recordedServer(seen)
    let asked = Coordinate(latitude: 48.9, longitude: 2.3)
    let weather = try await outcome(
      of: service(server).currentWeather(for: .coordinate(asked), apiKey: "")
    ).get()
    await server.stop()
    #expect(weather.cityName == "" && weather.coordinate == asked && weather.temperatureC == 8.4)
    let paths = await seen.values
    #expect(paths.count == 1 && (paths.first ?? "").hasPrefix("/v1/forecast?latitude=48.9000"))
  }

  @Test(
    "the forecast: a step every 3 hours on the UTC 3-hour marks, 40 in 5 days, day and night icons")
  func forecast() async throws {
    let seen = Recorded()
    let server = try await recordedServer(seen)
    let forecast = try await outcome(
      of: service(server).forecast(at: Coordinate(latitude: 48.85, longitude: 2.35), apiKey: "")
    ).get()
    await server.stop()
    #expect(forecast.steps.count == 40 && forecast.timezoneOffset == 3600)
    #expect(forecast.steps.first?.time == Date(timeIntervalSince1970: 1_764_061_200))
    #expect(forecast.steps.first?.iconCode == "04n")
    #expect(forecast.steps.dropFirst(3).first?.iconCode == "04d")
    #expect(forecast.steps.dropFirst(8).first?.iconCode.hasPrefix("03") == true)
    #expect(
      await seen.values == [
        "/v1/forecast?latitude=48.8500&longitude=2.3500&hourly=temperature_2m,weather_code,is_day,precipitation_probability"
          + "&forecast_hours=120&wind_speed_unit=ms&timeformat=unixtime&timezone=auto"
      ])
  }

  @Test("places around a point: none, and no request (the service cannot list them)")
  func places() async throws {
    let seen = Recorded()
    let server = try await recordedServer(seen)
    let area = MapArea(
      center: Coordinate(latitude: 48.85, longitude: 2.35), north: 49.85, south: 47.85,
      westward: 1, eastward: 1)
    let places = try await outcome(of: service(server).placesAround(area, limit: 8, apiKey: ""))
      .get()
    await server.stop()
    let paths = await seen.values
    #expect(places.isEmpty && paths.isEmpty)
    #expect(!service(server).usesKey)
  }
}
