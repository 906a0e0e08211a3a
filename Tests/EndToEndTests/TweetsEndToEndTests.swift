import Foundation
import LoopbackSupport
import Testing

@Suite("End to end: tweets", .serialized, .timeLimit(.minutes(10)))
struct TweetsEndToEndTests {
  static let environment = ["HEADLESS_NOW": "2025-03-14T12:00:00Z", "TZ": "UTC", "LANG": "C.UTF-8"]

  @Test("the spec's transcript through a pipe, with exit status 1")
  func transcript() async throws {
    let expected = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("tweets-transcript.txt"), encoding: .utf8)
    let output = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral"], input: "open #3\npeople\nopen #8\nquit\n",
      environment: Self.environment)
    #expect(output.stdout == expected)
    #expect(output.stderr == "error: not available on this screen\n" && output.status == 1)
    #expect(
      output.stdout.hasPrefix(
        """
        scene: list-timeline
        title: @headless/swift-reactive
        tweets:
          2m @adaquill: Backpressure is plain good manners: ask how much they can take before you keep talking.
          28m @elif_streams: Scheduler hopping at 2am again. ストリーム 🌊 all the way down.

        """))
    #expect(
      output.stdout.hasSuffix(
        """
        scene: list-people
        title: List Members
        state: loaded
        people:
          1. Ada Quill @adaquill
          2. Ben Porter @bporter_dev
          3. Cira Nakamura @cira_codes
          4. Dmitri Kovač @dmitri_k
          5. Elif Aydın @elif_streams
          6. Fern Oyelaran @fern_ops
          7. Gus Halvorsen @gus_relay
          8. Quinn Alder @quietquinn
        message:
        isLoading: false
        scene: person-timeline quietquinn
        title: None found
        tweets:
          (none)
        status: Live · updated 12:00:00
        isLoading: false
        footer:
        canLoadOlder: false

        """))
  }

  @Test("one-shot commands print the screen they show")
  func oneShot() async throws {
    let people = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral", "people"], environment: Self.environment)
    #expect(people.stdout.hasPrefix("scene: list-people\ntitle: List Members\nstate: loaded\n"))
    #expect(people.status == 0)
    let person = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral", "open", "adaquill"],
      environment: Self.environment)
    #expect(person.stdout.hasPrefix("scene: person-timeline adaquill\ntitle: @adaquill\n"))
    let bad = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral", "open", "ada quill"],
      environment: Self.environment)
    #expect(bad.stderr.contains("error: Not a valid username.") && bad.status == 1)
    #expect(!bad.stdout.contains("Not a valid username."), "once, as the error")
    let link = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral", "link", "1"], environment: Self.environment)
    #expect(link.stdout == "link: https://x.com/adaquill/status/1900000000000000060\n")
  }

  @Test("live configuration errors stop the app with one line")
  func badConfiguration() async throws {
    let badID = try await Executables.run(
      "cli", ["tweets", "timeline"], environment: ["TWITTER_LIST_ID": "12x"])
    #expect(badID.stderr == "error: TWITTER_LIST_ID is not a valid list id\n" && badID.status == 1)
    let badURL = try await Executables.run(
      "cli", ["tweets", "timeline"],
      environment: ["TWITTER_LIST_ID": "42", "TWITTER_BASE_URL": "ftp://x"])
    #expect(badURL.stderr == "error: TWITTER_BASE_URL is not a valid URL\n")
    let noToken = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "timeline"],
      environment: ["TWITTER_LIST_ID": "42", "TWITTER_LIST_NAME": "@me/reading"])
    #expect(noToken.stdout.contains("title: @me/reading\n"))
    #expect(noToken.stdout.contains("status: Twitter access not authorized.\n"))
  }

  @Test("the store keeps the timeline across runs: the second run shows it with the server gone")
  func restart() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try ListTimelineServer()
    let live = ["TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t"]
    let arguments = ["tweets", "--data-dir", folder.path, "timeline"]
    let first = try await Executables.run(
      "cli", arguments,
      environment: Self.environment.merging(live) { $1 }
        .merging(["TWITTER_BASE_URL": server.baseURL.absoluteString]) { $1 })
    #expect(first.stdout.contains("@adaquill: Backpressure is plain good manners"))
    let closed = try ClosedPort()
    let second = try await Executables.run(
      "cli", arguments,
      environment: Self.environment.merging(live) { $1 }
        .merging(["TWITTER_BASE_URL": closed.baseURL.absoluteString]) { $1 })
    #expect(second.stdout.contains("@adaquill: Backpressure is plain good manners"))
    #expect(second.stdout.contains("status: Offline"))
  }

  @Test("TW-36 live with TWITTER_LIST_NAME unset, the title is @list/<id>, and it stays")
  func tw36UnnamedList() async throws {
    let server = try ListTimelineServer()
    let output = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "--json"], input: "refresh\nwait 31\ntimeline\n",
      environment: Self.environment.merging([
        "TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t", "HEADLESS_TIME_SCALE": "100",
        "TWITTER_BASE_URL": server.baseURL.absoluteString,
      ]) { $1 })
    #expect(output.status == 0, "\(output.stderr)")
    // Every title the session printed, through a refresh, a poll and a reprint: one value.
    let titles = output.stdout.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix(#"{"output":"title","#) else { return nil }
      return String(line)
    }
    #expect(titles.count >= 2, "\(output.stdout)")
    #expect(Set(titles) == [#"{"output":"title","value":"@list/42"}"#], "\(output.stdout)")
    #expect(server.polls >= 2)
  }

  @Test("issue 9, item 11: wait 31 lets the app's time pass; the poll due at 30 s comes and prints")
  func waitLetsTimePass() async throws {
    let page = try ListTimelineServer.fixturePage()
    // From the third request on (the second session's poll at 30 s), a tweet's text changes.
    let later = Data(
      String(decoding: page, as: UTF8.self).replacingOccurrences(
        of: "Backpressure is plain good manners", with: "Backpressure, seen at the 30 s poll"
      ).utf8)
    // The 30 s poll is answered only once the test has read the first screen: the order of
    // the two screens then does not depend on how fast a loaded machine starts the CLI (a
    // start slower than the 1.5 s the 30 s poll is away printed the changed text first).
    let firstScreenRead = DispatchGroup()
    firstScreenRead.enter()
    let server = try ListTimelineServer { request in
      guard request >= 3 else { return page }
      _ = firstScreenRead.wait(timeout: .now() + 300)  // a hang limit only
      return later
    }
    let polls = { server.polls }
    let live = Self.environment.merging([
      "TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t",
      "TWITTER_BASE_URL": server.baseURL.absoluteString,
    ]) { $1 }
    // In real time the 30 s poll is 30 s away: a session that does not wait ends long before
    // it, however loaded the machine.
    let none = try await Executables.run(
      "cli", ["tweets", "--ephemeral"], input: "timeline\n", environment: live)
    #expect(polls() == 1, "without a wait, only the first poll")
    #expect(!none.stdout.contains("seen at the 30 s poll"))
    // At 20 times the speed `wait 31` lets 1.55 s pass, and the 30 s poll falls inside it; a
    // slow start may let another tick in too, never fewer.
    let environment = Executables.childEnvironment(
      live.merging(["HEADLESS_TIME_SCALE": "20"]) { $1 })
    let waited = try await offThePool {
      let child = try ChildProcess(
        Executables.url("cli").path, ["tweets", "--ephemeral"], environment: environment)
      child.write(Data("wait 31\n".utf8))
      let start = child.readStdout(
        until: "Backpressure is plain good manners", deadline: Date().addingTimeInterval(300))
      firstScreenRead.leave()
      let rest = child.finish(deadline: Date().addingTimeInterval(300))
      return Executables.Output(
        status: rest.status, stdout: start + rest.stdout, stderr: rest.stderr,
        peakResidentKiB: rest.peakResidentKiB, cpuSeconds: rest.cpuSeconds)
    }
    #expect(polls() >= 3, "the second session's first poll and the one at 30 s")
    // The first screen shows the first answer; the wait prints what the 30 s poll changed.
    let lines = waited.stdout.split(separator: "\n")
    let first = lines.firstIndex { $0.contains("@adaquill: Backpressure is plain good manners") }
    let changed = lines.firstIndex { $0.contains("@adaquill: Backpressure, seen at the 30 s poll") }
    #expect(first != nil && changed != nil && (first ?? 0) < (changed ?? 0), "\(waited.stdout)")
    #expect(waited.status == 0)
  }

  @Test("tui tweets under tmux: the list, a person's timeline, and back")
  func tui() async throws {
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env HEADLESS_NOW=2025-03-14T12:00:00Z TZ=UTC LANG=C.UTF-8 TERM=xterm-256color '\(tui)' tweets --offline --ephemeral"
      )
      #expect(
        try await eventually { try await session.pane().contains(">Ada Quill @adaquill · 2m") })
      try await session.keys("m")
      #expect(try await eventually { try await session.pane().contains(" List Members") })
      try await session.keys("j")
      try await session.keys("Enter")
      #expect(try await eventually { try await session.pane().contains(" @bporter_dev") })
      try await session.keys("Escape")
      #expect(try await eventually { try await session.pane().contains(" List Members") })
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }
}
