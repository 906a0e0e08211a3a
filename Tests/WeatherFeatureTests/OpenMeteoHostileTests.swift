import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import WeatherFeature

/// Issue 30, item 5: hostile answers from an Open-Meteo stand-in, handled as the other clients
/// handle them: a clear error the view model knows (final or worth retrying), never a crash,
/// memory bounded by the body limit.
@Suite("Weather: Open-Meteo's hostile answers", .timeLimit(.minutes(6)))
struct OpenMeteoHostileTests {
  func service(_ base: URL, timeout: TimeInterval = 30) -> OpenMeteoService {
    OpenMeteoService(
      forecastURL: base.appendingPathComponent("v1"),
      geocodingURL: base.appendingPathComponent("v1"), client: CurlHTTPClient(timeout: timeout))
  }

  func weather(_ server: LoopbackServer, _ query: WeatherQuery = .city("Paris")) async throws
    -> Result<
      Weather, WeatherError
    >
  {
    try await outcome(of: service(server.baseURL).currentWeather(for: query, apiKey: ""))
  }

  @Test(
    "statuses: 400 (the service's refusal) is final, 429 waits as it says, 5xx is retried",
    arguments: [
      (400, [String: String](), WeatherError.cityNotFound),
      (429, ["Retry-After": "30"], .rateLimited(retryAfter: 30)),
      (429, [:], .rateLimited(retryAfter: nil)), (500, [:], .server(status: 500)),
      (502, [:], .server(status: 502)), (403, [:], .refused(status: 403)),
    ])
  func statuses(status: Int, headers: [String: String], expected: WeatherError) async throws {
    let server = try await LoopbackServer.answering(
      status, #"{"error":true,"reason":"Cannot initialize WeatherVariable"}"#, headers: headers)
    let result = try await weather(server)
    await server.stop()
    #expect(result == .failure(expected))
  }

  @Test(
    "malformed bodies are malformed, whatever the request",
    arguments: [
      "<html>Bad gateway</html>", "", "[]", #"{"results":"Paris"}"#,
      #"{"current":{"temperature_2m":"warm","relative_humidity_2m":50}}"#,
      #"{"current":{"temperature_2m":1e300,"relative_humidity_2m":50}}"#,
      #"{"current":{"temperature_2m":-1.7976931348623157e308,"relative_humidity_2m":50}}"#,
      #"{"current":{"temperature_2m":10,"relative_humidity_2m":150}}"#,
      #"{"current":{"temperature_2m":10,"relative_humidity_2m":50.5}}"#,
    ])
  func malformed(body: String) async throws {
    let server = try await LoopbackServer.answering(200, body)
    let result = try await weather(server, .coordinate(Coordinate(latitude: 1, longitude: 2)))
    await server.stop()
    #expect(result == .failure(.malformedResponse), "\(body)")
  }

  @Test("extreme extras drop only themselves; an unknown weather code leaves no condition")
  func extremeExtras() async throws {
    let body = #"""
      {"current":{"temperature_2m":10,"relative_humidity_2m":50,"apparent_temperature":1e308,
      "pressure_msl":-5,"wind_speed_10m":1e9,"wind_direction_10m":720,"weather_code":12345,
      "is_day":"yes"}}
      """#
    let server = try await LoopbackServer.answering(200, body)
    let result = try await weather(server, .coordinate(Coordinate(latitude: 1, longitude: 2)))
    await server.stop()
    let weather = try result.get()
    #expect(weather.temperatureC == 10 && weather.humidity == 50)
    #expect(weather.feelsLikeC == nil && weather.pressureHPa == nil && weather.wind == nil)
    #expect(weather.iconCode == "" && weather.description == "")
  }

  @Test("search results with bad coordinates or no name are skipped, the rest kept")
  func searchEntries() async throws {
    let server = try await LoopbackServer { request in
      let body =
        request.path.hasSuffix("search")
        ? #"{"results":[{"name":"Paris","latitude":123,"longitude":2},{"latitude":1,"longitude":2},"#
          + #"{"name":"Paris","latitude":33.66,"longitude":-95.55,"country_code":"us"}]}"#
        : #"{"current":{"temperature_2m":20,"relative_humidity_2m":40}}"#
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
    }
    let result = try await weather(server)
    await server.stop()
    #expect(try result.get().cityName == "Paris, US")
  }

  @Test("forecast: a time past 2100 or a temperature of 1e300 is malformed; null hours are skipped")
  func forecastNumbers() async throws {
    let bodies = [
      (#"{"hourly":{"time":[5e9],"temperature_2m":[1]}}"#, false),
      (#"{"hourly":{"time":[0],"temperature_2m":[1e300]}}"#, false),
      (#"{"utc_offset_seconds":99999999,"hourly":{"time":[0],"temperature_2m":[1]}}"#, false),
      (#"{"hourly":{"time":[0,10800,21600],"temperature_2m":[null,2,3]}}"#, true),
    ]
    for (body, good) in bodies {
      let server = try await LoopbackServer.answering(200, body)
      let result = try await outcome(
        of: service(server.baseURL).forecast(at: Coordinate(latitude: 1, longitude: 2), apiKey: ""))
      await server.stop()
      if good {
        #expect(try result.get().steps.map(\.temperatureC) == [2, 3])
      } else {
        #expect(result.failure == .malformedResponse, "\(body)")
      }
    }
  }

  @Test("a body past 5 MiB, or a gzip bomb, is too large, read no further")
  func oversized() async throws {
    for response in [HostileBodies.hugeResponse(megabytes: 6), HostileBodies.gzipBombResponse()] {
      let server = try await LoopbackServer { _ in response }
      let result = try await weather(server)
      await server.stop()
      #expect(result == .failure(.tooLarge))
    }
  }

  @Test("a server that never answers is a network failure at the client's deadline")
  func stall() async throws {
    let silent = try DroppingServer(holding: true)
    let result = try await outcome(
      of: service(silent.baseURL, timeout: 0.5).currentWeather(for: .city("Paris"), apiKey: ""))
    silent.stop()
    #expect(result == .failure(.network))
  }
}
