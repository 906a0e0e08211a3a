import Foundation
import TUIApp
import TerminalUI
import Testing
import ViewModelKit
import WeatherFeature

/// A weather service whose every answer is an HTTP 500.
struct FailingWeatherService: WeatherService {
  func currentWeather(for query: WeatherQuery, apiKey: String) -> AnyPublisher<
    Weather, WeatherError
  > { Fail(error: .server(status: 500)).eraseToAnyPublisher() }
  func forecast(at coordinate: Coordinate, apiKey: String) -> AnyPublisher<Forecast, WeatherError> {
    Fail(error: .server(status: 500)).eraseToAnyPublisher()
  }
  func placesAround(_ area: MapArea, limit: Int, apiKey: String) -> AnyPublisher<
    [Weather], WeatherError
  > { Fail(error: .server(status: 500)).eraseToAnyPublisher() }
}

@Suite("TUI: weather retries and the sample position")
@MainActor
struct WeatherRetryScreenTests {
  @Test("issue 29, item 5: the title line says which attempt runs; the toast says why")
  func attemptInTitle() throws {
    let h = try WeatherTUIHarness(apiKey: "abcd1234", service: FailingWeatherService())
    var lines = h.search("London").components(separatedBy: "\n")
    #expect(!lines[1].contains("attempt"))
    #expect(lines[22].hasPrefix(" ! Weather server error (HTTP 500)"))
    h.scheduler.advance(seconds: 1)
    lines = h.screen().components(separatedBy: "\n")
    #expect(lines[1].hasSuffix("attempt 2 of 4   °C   key ****1234"))
    h.scheduler.advance(seconds: 2)
    lines = h.screen().components(separatedBy: "\n")
    #expect(lines[1].hasSuffix("attempt 3 of 4   °C   key ****1234"))
    h.scheduler.advance(seconds: 3)
    lines = h.screen().components(separatedBy: "\n")
    #expect(!lines[1].contains("attempt") && lines[5].contains("No data"))
  }

  @Test("issue 29, item 5: 'l' at the sample position says so beside the place")
  func samplePosition() throws {
    let h = try WeatherTUIHarness(apiKey: "abcd1234", samplePosition: true)
    var lines = h.press(.character("l")).components(separatedBy: "\n")
    #expect(lines[5].hasPrefix("│  ☂  Amsterdam   Sample position: set --location or --gpsd   "))
    lines = h.search("Paris").components(separatedBy: "\n")
    #expect(lines[5].hasPrefix("│  ◐  Paris   ") && !lines[5].contains("Sample position"))
    let configured = try WeatherTUIHarness(apiKey: "abcd1234")
    lines = configured.press(.character("l")).components(separatedBy: "\n")
    #expect(lines[5].hasPrefix("│  ☂  Amsterdam  ") && !lines[5].contains("Sample position"))
  }

  @Test("issue 29: after 'l' the city field no longer holds the city typed before")
  func cityFieldEmptied() throws {
    let h = try WeatherTUIHarness(apiKey: "abcd1234")
    var lines = h.search("London").components(separatedBy: "\n")
    #expect(lines[2].hasPrefix(" City: [London "))
    lines = h.press(.character("l")).components(separatedBy: "\n")
    #expect(lines[2].hasPrefix(" City: [" + String(repeating: " ", count: 39) + "]"))
    #expect(lines[5].contains("Amsterdam"))
    lines = h.search("Paris").components(separatedBy: "\n")
    #expect(lines[2].hasPrefix(" City: [Paris "))
  }
}
