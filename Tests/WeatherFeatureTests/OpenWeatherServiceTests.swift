import AppInfrastructure
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import WeatherFeature

@Suite("Weather: the OpenWeatherMap client against a loopback server")
struct OpenWeatherServiceTests {
  static func fixture(_ file: String) -> Data {
    (try? FixtureLoader.bundled.data("weather/\(file)")) ?? Data()
  }

  func client(_ server: LoopbackServer, timeout: TimeInterval = 30) -> OpenWeatherService {
    OpenWeatherService(
      baseURL: server.baseURL.appendingPathComponent("data/2.5"),
      client: CurlHTTPClient(timeout: timeout))
  }

  func answering(_ status: Int, _ body: Data) async throws -> LoopbackServer {
    try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Status"), body: body)
    }
  }

  @Test("200: paths, query items in order, headers; the key is the one passed per call")
  func ok() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      let accept = request.headers[HTTPHeader("Accept")] ?? ""
      let agent = request.headers[HTTPHeader("User-Agent")] ?? ""
      await seen.record("\(request.path)?\(query) \(accept) \(agent)")
      let file = request.path.hasSuffix("forecast") ? "forecast/london.json" : "current/london.json"
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.fixture(file))
    }
    let service = client(server)
    let byName = try await outcome(
      of: service.currentWeather(for: .city("São Paulo"), apiKey: "k1"))
    let byPlace = try await outcome(
      of: service.currentWeather(
        for: .coordinate(Coordinate(latitude: 51.5, longitude: -0.12345)), apiKey: "k2"))
    let forecast = try await outcome(
      of: service.forecast(at: Coordinate(latitude: 51.5, longitude: -0.1), apiKey: "k3"))
    await server.stop()
    #expect(try byName.get() == W_London)
    #expect(try byPlace.get() == W_London)
    #expect(try forecast.get().steps.count == 40)
    #expect(
      await seen.values == [
        "/data/2.5/weather?q=São Paulo&appid=k1&units=metric application/json HeadlessMVVM",
        "/data/2.5/weather?lat=51.5000&lon=-0.1235&appid=k2&units=metric application/json HeadlessMVVM",
        "/data/2.5/forecast?lat=51.5000&lon=-0.1000&appid=k3&units=metric application/json HeadlessMVVM",
      ])
  }

  @Test(
    "statuses map to errors",
    arguments: [
      (400, WeatherError.cityNotFound), (401, .invalidKey), (404, .cityNotFound),
      (429, .rateLimited(retryAfter: nil)), (500, .server(status: 500)),
      (503, .server(status: 503)), (302, .server(status: 302)), (403, .refused(status: 403)),
    ])
  func statuses(status: Int, expected: WeatherError) async throws {
    let body =
      [401, 404, 429, 500].contains(status) ? Self.fixture("errors/\(status).json") : Data()
    let server = try await answering(status, body)
    let result = try await outcome(of: client(server).currentWeather(for: .city("x"), apiKey: "k"))
    await server.stop()
    #expect(result == .failure(expected))
  }

  @Test("a 200 whose body says 404 is city not found")
  func codInBody() async throws {
    let server = try await answering(200, Self.fixture("errors/404.json"))
    let result = try await outcome(of: client(server).currentWeather(for: .city("x"), apiKey: "k"))
    await server.stop()
    #expect(result == .failure(.cityNotFound))
  }

  @Test("a body that is not JSON, or lacks main.temp, is malformed")
  func malformed() async throws {
    for body in ["<html>", #"{"coord":{"lat":1,"lon":2},"main":{"humidity":3}}"#] {
      let server = try await answering(200, Data(body.utf8))
      let result = try await outcome(
        of: client(server).currentWeather(for: .city("x"), apiKey: "k"))
      await server.stop()
      #expect(result == .failure(.malformedResponse), "\(body)")
    }
  }

  @Test("a stalled server is a network failure after the timeout")
  func stall() async throws {
    let gate = Gate()
    let server = try await LoopbackServer { _ in
      await gate.wait()
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.fixture("current/london.json"))
    }
    let result = try await outcome(
      of: client(server, timeout: 1).currentWeather(for: .city("x"), apiKey: "k"))
    await gate.release()
    await server.stop()
    #expect(result == .failure(.network))
  }

  @Test("a refused connection is a network failure")
  func refused() async throws {
    let closed = try ClosedPort()
    let service = OpenWeatherService(
      baseURL: closed.baseURL, client: CurlHTTPClient(timeout: 120))
    let result = try await outcome(of: service.currentWeather(for: .city("x"), apiKey: "k"))
    #expect(result == .failure(.network))
  }

  @Test("a dropped connection is a network failure")
  func dropped() async throws {
    let server = try DroppingServer()
    defer { server.stop() }
    let service = OpenWeatherService(
      baseURL: server.baseURL, client: CurlHTTPClient(timeout: 120))
    let result = try await outcome(of: service.currentWeather(for: .city("x"), apiKey: "k"))
    #expect(result == .failure(.network))
  }

  @Test("an empty key fails at once, with no request")
  func emptyKey() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(request.path)
      return FlyingFox.HTTPResponse(statusCode: .ok)
    }
    let result = try await outcome(of: client(server).currentWeather(for: .city("x"), apiKey: ""))
    await server.stop()
    let requests = await seen.values
    #expect(result == .failure(.invalidKey) && requests.isEmpty)
  }

  @Test("cancelling stops the request")
  func cancel() async throws {
    let gate = Gate()
    let seen = Recorded()
    let server = try await LoopbackServer { _ in
      await seen.record("request")
      await gate.wait()
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.fixture("current/london.json"))
    }
    let box = CancellableBox()
    let received = Recorded()
    box.cancellable = client(server).currentWeather(for: .city("x"), apiKey: "k").sink(
      receiveCompletion: { _ in Task { await received.record("end") } },
      receiveValue: { _ in Task { await received.record("value") } })
    for _ in 0..<200 where await seen.values.isEmpty { await Task.yield() }
    box.cancellable?.cancel()
    await gate.release()
    await server.stop()
    let delivered = await received.values
    #expect(delivered.isEmpty)
  }

}
