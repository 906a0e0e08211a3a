import Foundation
import Testing

@Suite("End to end: cli weather", .serialized, .timeLimit(.minutes(5)))
struct WeatherCLIEndToEndTests {
  static var expectedURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "weather-transcript.txt")
  }

  @Test("the spec's transcript through a pipe, with exit status 1 for the refused pan")
  func transcript() async throws {
    let expected = try String(contentsOf: Self.expectedURL, encoding: .utf8)
    let output = try await Executables.run(
      "cli", ["weather", "--offline"],
      input: "search   london\nunits f\nsearch Atlantis\npan e\nquit\n",
      environment: ["LANG": "C.UTF-8"])
    #expect(output.stdout == expected)
    #expect(output.stderr == "error: The map is hidden\n")
    #expect(output.status == 1)
    // The parts the spec prints in full, in order.
    #expect(
      output.stdout.hasPrefix(
        """
        labelsHidden: false
        cityName: London
        temperature: 12°C
        humidity: 81%
        icon: ☁
        conditions: Broken clouds
        mapCaption: 51.51,-0.13 z4
        markers:
          ☁ London 12°C
        forecastTrend: ▂▁▂▅▆▇▅▃▂▁▃▅▆▇▆▃▃▂▃▆▇█▆▄▃▂▄▆▇█▇▅▂▂▃▅▇▇▆▄
        forecast:
          Mon ☁   8°C  16°C ▂▁▂▅▆▇▅▃

        """))
    #expect(
      output.stdout.hasSuffix(
        """
        ! City not found
        cityName: No data
        temperature: --
        humidity: --
        icon: ?
        conditions:
        forecastStatus: No forecast
        forecastTrend:
        forecast:
          (none)

        """))
  }

  @Test("one-shot search waits for the forecast and exits 0")
  func oneShot() async throws {
    let output = try await Executables.run("cli", ["weather", "--offline", "search", "Paris"])
    #expect(output.status == 0 && output.stderr == "")
    #expect(output.stdout.contains("cityName: Paris\n"))
    #expect(output.stdout.contains("forecast:\n  Mon "))
  }

  @Test("a bad --location is one start-up line and status 1")
  func badLocation() async throws {
    let output = try await Executables.run("cli", ["weather", "--location", "abc", "here"])
    #expect(output.status == 1 && output.stdout == "")
    #expect(output.stderr == "error: invalid location 'abc' (expected LAT,LON[,ACCURACY] or off)\n")
    let off = try await Executables.run(
      "cli", ["weather", "--offline", "--location", "off", "here"])
    #expect(off.stdout.contains("! Location access denied\n") && off.status == 0)
  }

  @Test("ASCII mode under a locale without UTF-8")
  func ascii() async throws {
    let output = try await Executables.run(
      "cli", ["weather", "--offline", "search", "São Paulo"],
      environment: ["LANG": "C", "LC_ALL": "C"])
    #expect(output.stdout.contains("cityName: Sao Paulo\n"))
    #expect(output.stdout.contains("temperature: 22C\n"))
    let ascii = output.stdout.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii)
  }

  @Test("a live key against a loopback base URL that refuses: four toasts, then No data")
  func liveRefused() async throws {
    let output = try await Executables.run(
      "cli", ["weather", "--ephemeral", "search", "London"],
      environment: ["OPENWEATHER_API_KEY": "k", "OPENWEATHER_BASE_URL": "http://127.0.0.1:9/data"])
    #expect(output.stdout.components(separatedBy: "! Network unavailable\n").count == 5)
    #expect(output.stdout.contains("cityName: No data\n") && output.status == 0)
  }
}
