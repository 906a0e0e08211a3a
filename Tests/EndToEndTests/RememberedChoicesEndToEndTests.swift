import Foundation
import LoopbackSupport
import Testing

@Suite("End to end: remembered choices", .serialized, .timeLimit(.minutes(9)))
struct RememberedChoicesEndToEndTests {
  static let environment = ["LANG": "C.UTF-8", "TZ": "UTC"]

  func cli(_ arguments: [String], input: String = "") async throws -> Executables.Output {
    try await Executables.run("cli", arguments, input: input, environment: Self.environment)
  }

  @Test(
    "ST-03, ST-08 AUD, °F, the last place and the pause come back at the next start (the currency and units are no longer per session); not with --ephemeral"
  )
  func st03ChoicesComeBack() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let flags = ["--offline", "--data-dir", data.path]
    _ = try await cli(["checkout"] + flags + ["currency", "AUD"])
    let checkout = try await cli(["checkout"] + flags + ["add", "peas"])
    #expect(checkout.stdout.contains("Cart: 1 item, 1.99 AUD"), "\(checkout.stdout)")
    _ = try await cli(["weather"] + flags, input: "search paris\nunits f\nquit\n")
    // The CLI prints what changes; the TUI shows the screen at start.
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' weather --offline --data-dir '\(data.path)'")
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("Paris") && pane.contains("°F")
        })
      try await session.keys("q")
    }
    _ = try await cli(["tweets"] + flags + ["pause"])
    let tweets = try await cli(["tweets"] + flags + ["timeline"])
    #expect(tweets.stdout.contains("status: Paused"), "\(tweets.stdout)")
    let ephemeral = try await cli(["checkout", "--offline", "--ephemeral", "add", "peas"])
    #expect(ephemeral.stdout.contains("Cart: 1 item, 0.95 GBP"))
    _ = try await cli([
      "checkout", "--offline", "--ephemeral", "--data-dir", data.path, "currency", "JPY",
    ])
    let still = try await cli(["checkout"] + flags + ["add", "peas"])
    #expect(still.stdout.contains("AUD"), "--ephemeral wrote nothing")
  }

  @Test("ST-03 a remembered currency whose rate cannot be had at start: GBP, with the notice")
  func st03CurrencyUnavailable() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    _ = try await cli(["checkout", "--offline", "--data-dir", data.path, "currency", "AUD"])
    let closed = try ClosedPort()
    let output = try await Executables.run(
      "cli", ["checkout", "--data-dir", data.path, "add", "peas"],
      environment: ["RATES_URL": closed.baseURL.absoluteString + "/rates"])
    #expect(output.stdout.contains("! Showing GBP: AUD is not available."), "\(output.stdout)")
    #expect(output.stdout.contains("Cart: 1 item, 0.95 GBP"), "\(output.stdout)")
    // The rates come back: the remembered AUD is selected again, not GBP kept for good.
    let again = try await cli(["checkout", "--offline", "--data-dir", data.path, "add", "peas"])
    #expect(again.stdout.contains("AUD"), "\(again.stdout)")
  }

  @Test("ST-03 the remembered place with the weather server gone: shown from the cache")
  func st03PlaceFromTheCache() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let paris = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/weather/current/paris.json"))
    let server = try ThreadedServer { target in
      target.contains("/weather") ? ThreadedServer.Answer(body: paris) : .init(status: 404)
    }
    let live = ["OPENWEATHER_API_KEY": "k", "OPENWEATHER_BASE_URL": server.baseURL.absoluteString]
    let first = try await Executables.run(
      "cli", ["weather", "--data-dir", data.path, "search", "Paris"], environment: live)
    #expect(first.stdout.contains("cityName: Paris"), "\(first.stdout)")
    server.stop()
    let closed = try ClosedPort()
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      // The attempts' back-off runs 100 times faster; the server is gone.
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color HEADLESS_NOW=2025-03-14T12:00:00Z"
          + " HEADLESS_TIME_SCALE=100 HEADLESS_OFFLINE= OPENWEATHER_API_KEY=k"
          + " OPENWEATHER_BASE_URL=\(closed.baseURL.absoluteString)"
          + " XDG_CONFIG_HOME=/nonexistent '\(tui)' weather --data-dir '\(data.path)'")
      let shown = try await eventually { try await session.pane().contains("Paris (cached)") }
      let pane = try await session.pane()
      #expect(shown, "\(pane)")
      try await session.keys("q")
    }
  }

  @Test("ST-06 three processes changing choices at once on a new data directory lose none")
  func st06ConcurrentChanges() async throws {
    for round in 0..<8 {
      let data = try Executables.scratch().appendingPathComponent("new")
      defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
      let flags = ["--offline", "--data-dir", data.path]
      async let currency = cli(["checkout"] + flags + ["currency", "AUD"])
      async let units = cli(["weather"] + flags + ["units", "f"])
      async let pause = cli(["tweets"] + flags + ["pause"])
      let outputs = try await [currency, units, pause]
      #expect(outputs.allSatisfy { $0.status == 0 }, "round \(round): \(outputs.map(\.stderr))")
      let report = try await [
        cli(["checkout"] + flags + ["add", "peas"]).stdout,
        cli(["weather"] + flags, input: "search london\nquit\n").stdout,
        cli(["tweets"] + flags + ["timeline"]).stdout,
      ]
      #expect(report[0].contains("AUD"), "round \(round)")
      #expect(report[1].contains("°F"), "round \(round)")
      #expect(report[2].contains("status: Paused"), "round \(round)")
    }
  }

  @Test("ST-07 a currency chosen just before SIGKILL is there at the next start")
  func st07SurvivesKill() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let flags = ["checkout", "--offline", "--data-dir", data.path]
    let env = Executables.childEnvironment(Self.environment)
    let path = Executables.url("cli").path
    let seen = try await offThePool {
      let child = try ChildProcess(path, flags, environment: env)
      child.write(Data("currency AUD\n".utf8))
      let seen = child.readStdout(until: "AUD", deadline: Date().addingTimeInterval(30))
      child.signal(SIGKILL)
      child.waitForExit(deadline: Date().addingTimeInterval(10))
      return seen
    }
    #expect(seen.contains("AUD"))
    let next = try await cli(flags + ["add", "peas"])
    #expect(next.stdout.contains("Cart: 1 item, 1.99 AUD"), "\(next.stdout)")
  }
}
