import Foundation
import Testing

@Suite("End to end: remembered choices", .serialized, .timeLimit(.minutes(3)))
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
    #expect(checkout.stdout.contains("total: Total: 1.99 AUD"), "\(checkout.stdout)")
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
    #expect(ephemeral.stdout.contains("total: Total: 0.95 GBP"))
    _ = try await cli([
      "checkout", "--offline", "--ephemeral", "--data-dir", data.path, "currency", "JPY",
    ])
    let still = try await cli(["checkout"] + flags + ["add", "peas"])
    #expect(still.stdout.contains("AUD"), "--ephemeral wrote nothing")
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
    #expect(next.stdout.contains("total: Total: 1.99 AUD"), "\(next.stdout)")
  }
}
