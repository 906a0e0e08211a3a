import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import WeatherFeature

/// Issue 9, items 1, 2 and 10, against a loopback server: numbers the app cannot show, bodies
/// past the limit, and answers that asking again cannot mend.
@Suite("Weather: hostile servers", .timeLimit(.minutes(6)))
struct WeatherHostileServerTests {
  func service(_ server: LoopbackServer) -> OpenWeatherService {
    OpenWeatherService(
      baseURL: server.baseURL.appendingPathComponent("data/2.5"),
      client: CurlHTTPClient(timeout: 120))
  }

  func current(_ body: String) -> String {
    #"{"coord":{"lat":51.5,"lon":-0.12},"main":{"temp":\#(body),"humidity":50},"name":"X"}"#
  }

  @Test("item 1: a temperature of 1e300 or -200 is refused as malformed, not shown")
  func hugeTemperature() async throws {
    for temperature in ["1e300", "-1e300", "-200", "100.5", "1.7976931348623157e308"] {
      let body = current(temperature)
      let server = try await LoopbackServer { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
      }
      let result = try await outcome(
        of: service(server).currentWeather(for: .city("x"), apiKey: "k"))
      await server.stop()
      #expect(result == .failure(.malformedResponse), "\(temperature)")
    }
  }

  @Test("item 1: forecast temperatures of ±1.7e308 and times past 2100 are refused")
  func hugeForecast() async throws {
    let bodies = [
      #"{"list":[{"dt":0,"main":{"temp":1.7e308}},{"dt":1,"main":{"temp":-1.7e308}}]}"#,
      #"{"list":[{"dt":1e300,"main":{"temp":10}}]}"#,
      #"{"list":[{"dt":0,"main":{"temp":10}}],"city":{"timezone":99999999}}"#,
    ]
    for body in bodies {
      let server = try await LoopbackServer { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
      }
      let result = try await outcome(
        of: service(server).forecast(at: Coordinate(latitude: 1, longitude: 2), apiKey: "k"))
      await server.stop()
      #expect(result.failure == .malformedResponse, "\(body)")
    }
  }

  @Test("item 1: formatters and the chart never trap, whatever the number")
  func formattersNeverTrap() {
    let format = WeatherFormat(symbols: .unicode)
    for value in [1e300, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan] {
      #expect(format.temperature(value, unit: .fahrenheit) == "--°F")
    }
    let steps = [1.7e308, -1.7e308, .nan, 3].enumerated().map { index, value in
      ForecastStep(
        time: Date(timeIntervalSince1970: Double(index) * 10_800), temperatureC: value,
        iconCode: "01d")
    }
    let chart = ForecastChart(format: format)
    let forecast = Forecast(cityName: "X", timezoneOffset: 0, steps: steps)
    #expect(chart.trend(forecast) == "▄▄▄▄")
    #expect(chart.rows(forecast, unit: .celsius).count == 1)
  }

  @Test("item 2: a gzip bomb is refused at the body limit with its own message")
  func gzipBomb() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.gzipBombResponse() }
    let result = try await outcome(of: service(server).currentWeather(for: .city("x"), apiKey: "k"))
    await server.stop()
    #expect(result == .failure(.tooLarge))
    #expect(WeatherError.tooLarge.message == "The weather server's answer is too large")
  }

  @Test("item 10: 403 is refused(403); a 429's Retry-After is read in whole seconds")
  func statusesThatDoNotMend() async throws {
    let server = try await LoopbackServer { request in
      if request.query["q"] == "limited" {
        return FlyingFox.HTTPResponse(
          statusCode: .tooManyRequests, headers: HTTPHeaders([HTTPHeader("Retry-After"): "120"]))
      }
      return FlyingFox.HTTPResponse(statusCode: .forbidden)
    }
    let refused = try await outcome(
      of: service(server).currentWeather(for: .city("x"), apiKey: "k"))
    let limited = try await outcome(
      of: service(server).currentWeather(for: .city("limited"), apiKey: "k"))
    await server.stop()
    #expect(refused == .failure(.refused(status: 403)))
    #expect(limited == .failure(.rateLimited(retryAfter: 120)))
    #expect(
      WeatherError.forStatus(429, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT")
        == .rateLimited(retryAfter: nil))
    #expect(WeatherError.forStatus(429, retryAfter: "99999999999") == .rateLimited(retryAfter: nil))
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
