import Foundation
import Testing

@Suite("End to end: cli weather", .serialized, .timeLimit(.minutes(10)))
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

  @Test("issue 28, item 4: now prints one line; --format, --json, --ascii; no weather is exit 1")
  func now() async throws {
    let run = { (arguments: [String]) in
      try await Executables.run("cli", ["weather", "--offline", "--ephemeral"] + arguments)
    }
    let london = try await run(["now", "London"])
    // Issue 38, item 5: the samples' answer says it is one, in text and in --json.
    #expect(
      london.stdout == "London: ☁ +12°C (Sample data)\n" && london.status == 0,
      "\(london.stdout)")
    // Issue 54: a format of the user's is printed exactly as asked, in wttr.in's forms.
    let here = try await run(["now", "--format", "%l|%C|%t|%f|%h|%w|%P|%%"])
    #expect(
      here.stdout == "Amsterdam|Shower rain|+11°C|+10°C|88%|↗15km/h|1012 hPa|%\n",
      "no city: the position")
    let unknown = try await run(["now", "--format", "%l %m"])
    #expect(unknown.status == 1 && unknown.stderr.hasPrefix("error: --format: no placeholder %m;"))
    let json = try await run(["--json", "now", "Reykjavik"])
    #expect(
      json.stdout
        == #"{"now":{"conditions":"Light snow","feelsLike":{"unit":"celsius","value":-1.2},"#
        + #""humidity":77,"icon":"❄","line":"Reykjavík: ❄ 0°C (Sample data)","#
        + #""note":"Sample data","place":"Reykjavík","pressure":1012,"rainChance":null,"#
        + #""source":"sample","sunrise":null,"sunset":null,"#
        + #""temperature":{"unit":"celsius","value":-0.4},"#
        + #""wind":{"fromDegrees":240,"speed":4.1,"unit":"m/s"}}}"#
        + "\n")
    let ascii = try await run(["--ascii", "now", "São Paulo"])
    #expect(ascii.stdout == "Sao Paulo: c +22C (Sample data)\n")
    let nowhere = try await run(["now", "Atlantis"])
    #expect(nowhere.status == 1 && nowhere.stderr == "error: no weather to show\n")
    let todo = try await Executables.run("cli", ["todo", "--ephemeral", "--format", "%l", "stats"])
    #expect(todo.status == 1 && todo.stderr.hasPrefix("error: --format is for"))
  }

  @Test(
    "issue 28, item 4: in a session, now answers in one line and what it changed counts as printed")
  func nowInASession() async throws {
    let output = try await Executables.run(
      "cli", ["weather", "--offline", "--ephemeral"], input: "now Paris\nunits f\nnow\n")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "Paris: ◐ +18°C (Sample data)", "\(output.stdout)")
    #expect(lines.last == "Paris: ◐ +64°F (Sample data)", "\(output.stdout)")
    #expect(!lines.contains("cityName: Paris"), "the first now's changes were not printed again")
  }

  @Test(
    "issue 38, item 5: offline, a far position is answered by a sample place that says how far it is; nothing is remembered but a named place"
  )
  func farPositionAndNoRememberedSample() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let run = { (arguments: [String]) in
      try await Executables.run(
        "cli", ["weather", "--offline", "--data-dir", data.path] + arguments)
    }
    let far = try await run(["--location", "-85,2", "now"])
    #expect(far.stdout == "Sydney: ☾ +10°C (Sample data: Sydney, 6,720 km away)\n")
    let json = try await run(["--json", "--location", "-85,2", "now"])
    #expect(json.stdout.contains(#""note":"Sample data: Sydney, 6,720 km away""#))
    #expect(json.stdout.contains(#""source":"sample""#))
    _ = try await run(["now"])
    let remembered = try await run(["config"])
    #expect(remembered.stdout.contains("weather.place = (none)"), "\(remembered.stdout)")
    _ = try await run(["now", "London"])
    let chosen = try await run(["config"])
    #expect(chosen.stdout.contains("weather.place = London"), "\(chosen.stdout)")
  }
}
