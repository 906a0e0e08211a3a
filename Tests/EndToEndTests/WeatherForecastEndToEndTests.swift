import Foundation
import Testing

/// Issue 42, item 3: `cli weather forecast [CITY] [--days N]`, a line a day.
@Suite("End to end: cli weather forecast")
struct WeatherForecastEndToEndTests {
  @Test(
    "issue 42, issue 54: the samples' five days, or fewer with --days, said to be samples; more than there are is said; --json carries the rows with their dates"
  )
  func forecast() async throws {
    let text = try await Executables.run("cli", ["weather", "--offline", "forecast", "London"])
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 6 && lines.last == "(Sample data)", "\(text.stdout)")
    #expect(lines.first == "Mon ☁   8°C / 16°C  rain 30%")
    let two = try await Executables.run(
      "cli", ["weather", "--offline", "forecast", "--days", "2", "Reykjavik"])
    #expect(two.stdout.split(separator: "\n").count == 3)
    let nine = try await Executables.run(
      "cli", ["weather", "--offline", "forecast", "--days", "9", "London"])
    #expect(
      nine.stdout.split(separator: "\n").suffix(2) == [
        "Only 5 days are forecast, not 9.", "(Sample data)",
      ], "\(nine.stdout)")
    let json = try await Executables.run(
      "cli", ["weather", "--offline", "--json", "forecast", "Paris", "--days", "1"])
    #expect(json.stdout.contains(#""summary":"Mon ☁  12°C / 20°C  rain 30%""#), "\(json.stdout)")
    #expect(json.stdout.contains(#""rainChance":30"#))
    #expect(json.stdout.contains(#""date":"2025-06-02","day":"Mon""#))
    #expect(json.stdout.contains(#""notes":["(Sample data)"]"#))
    #expect(json.stdout.contains(#""source":"sample""#))
    let refused = try await Executables.run(
      "cli", ["weather", "--offline", "forecast", "--days", "0", "London"])
    #expect(refused.status == 1 && refused.stderr == "error: days: 1 to 16\n")
  }
}
