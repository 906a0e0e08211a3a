import Foundation
import LoopbackSupport
import Testing

/// Issue 30, item 1, as a user runs it: no flag, no key; Open-Meteo (a loopback stand-in
/// answering in its format) gives the weather.
@Suite("End to end: weather from Open-Meteo, keyless")
struct OpenMeteoEndToEndTests {
  static func fixture(_ name: String) throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/weather/open-meteo/\(name)"))
  }

  @Test("`cli weather search paris, us` and `now paris`: the search, the weather, the credit")
  func search() async throws {
    let (search, current, hourly) = (
      try Self.fixture("search-paris.json"), try Self.fixture("current-paris.json"),
      try Self.fixture("hourly-paris.json")
    )
    let server = try ThreadedServer { target in
      if target.contains("/search?") { return ThreadedServer.Answer(body: search) }
      return ThreadedServer.Answer(body: target.contains("hourly=") ? hourly : current)
    }
    defer { server.stop() }
    let base = server.baseURL.absoluteString
    let environment = ["OPENMETEO_BASE_URL": base + "/v1", "OPENMETEO_GEOCODING_URL": base + "/v1"]
    let output = try await Executables.run(
      "cli", ["weather", "--ephemeral", "search", "Paris, US"], environment: environment)
    #expect(output.status == 0, "\(output.stderr)")
    for line in [
      "cityName: Paris, US\n", "temperature: 8°C\n", "humidity: 76%\n", "conditions: Overcast\n",
      "attribution: Weather data by Open-Meteo.com\n", "mapCaption: 33.66,-95.56 z4\n",
    ] {
      #expect(output.stdout.contains(line), "\(line) in \(output.stdout)")
    }
    #expect(!output.stdout.contains("No network") && !output.stdout.contains("apiKeyStatus"))
    let now = try await Executables.run(
      "cli", ["weather", "--ephemeral", "now", "--format", "%l|%t|%f|%w|%P", "paris"],
      environment: environment)
    #expect(now.stdout == "Paris, FR|+8°C|+6°C|↗13km/h|1018 hPa\n" && now.status == 0, "\(now)")
  }

  @Test("a server that is down is not 'no network': the attempts, then No data")
  func refused() async throws {
    let closed = try ClosedPort()
    let base = closed.baseURL.absoluteString
    let output = try await Executables.run(
      "cli", ["weather", "--ephemeral", "search", "London"],
      environment: ["OPENMETEO_BASE_URL": base, "OPENMETEO_GEOCODING_URL": base])
    #expect(output.stdout.components(separatedBy: "! Network unavailable\n").count == 5)
    #expect(output.stdout.contains("cityName: No data\n") && !output.stdout.contains("No network"))
  }
}
