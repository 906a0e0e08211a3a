import Foundation
import Testing

/// Issue 42, item 3: `cli weather forecast [CITY] [--days N]`, a line a day.
@Suite("End to end: cli weather forecast")
struct WeatherForecastEndToEndTests {
  @Test("issue 42: the samples' five days, or fewer with --days; --json carries the rows")
  func forecast() async throws {
    let text = try await Executables.run("cli", ["weather", "--offline", "forecast", "London"])
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines.first == "Mon ☁   8°C / 16°C  rain 30%")
    let two = try await Executables.run(
      "cli", ["weather", "--offline", "forecast", "--days", "2", "Reykjavik"])
    #expect(two.stdout.split(separator: "\n").count == 2)
    let json = try await Executables.run(
      "cli", ["weather", "--offline", "--json", "forecast", "Paris", "--days", "1"])
    #expect(json.stdout.contains(#""summary":"Mon ☁  12°C / 20°C  rain 30%""#), "\(json.stdout)")
    #expect(json.stdout.contains(#""rainChance":30"#))
    let refused = try await Executables.run(
      "cli", ["weather", "--offline", "forecast", "--days", "0", "London"])
    #expect(refused.status == 1 && refused.stderr == "error: days: 1 to 16\n")
  }
}
