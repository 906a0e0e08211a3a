import Foundation
import LoopbackSupport
import Testing

/// The TUI under tmux knowing whether it is seen: the shown tab, the terminal's focus
/// (tmux passes focus reports with `focus-events on` to an attached client's panes), and
/// Ctrl-Z / `fg`. The apps' timers run 50 times faster (`HEADLESS_TIME_SCALE`), and the app
/// writes each polling decision to a trace file (`HEADLESS_TRACE`): the test waits for those
/// decisions (the gate closed, ticks that polled or did not), never for a stretch of seconds,
/// and a loopback server counts the requests that really came.
@Suite("End to end: tui activation under tmux", .serialized, .timeLimit(.minutes(9)))
struct ActivationTUIEndToEndTests {
  @Test("AV-02, AV-03, AV-06 tmux: another tab or the focus elsewhere stops tweets' polls")
  func pollsFollowTabAndFocus() async throws {
    let server = try ListTimelineServer()
    let polls = { server.polls }
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = TraceFile(url: folder.appendingPathComponent("trace.log"))
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env HEADLESS_NOW=2025-03-14T12:00:00Z HEADLESS_TIME_SCALE=50 TZ=UTC LANG=C.UTF-8"
          + " TERM=xterm-256color HEADLESS_OFFLINE= TWITTER_LIST_ID=42 TWITTER_BEARER_TOKEN=t"
          + " HEADLESS_TRACE='\(trace.url.path)'"
          + " TWITTER_BASE_URL=\(server.baseURL.absoluteString) '\(tui)' tweets --ephemeral")
      let client = try await session.attachClient()
      defer {
        client.signal(SIGKILL)
        client.waitForExit(deadline: Date().addingTimeInterval(5))
      }
      #expect(try await eventually { try await session.pane().contains("@adaquill") })
      #expect(
        await eventually { trace.count("tweets tick: poll") >= 2 },
        "shown and focused, the ticks poll: \(trace.lines())")
      #expect(
        await eventually { polls() >= 3 },
        "the first poll's and two ticks' requests reach the server")

      try await hiddenThenShown(
        trace, polls, hide: { try await session.keys("1") }, show: { try await session.keys("2") },
        what: "another tab")
      try await hiddenThenShown(
        trace, polls,
        hide: {
          _ = try await session.tmux(["split-window", "-t", session.name, "-h", "sleep 600"])
        },
        show: { _ = try await session.tmux(["select-pane", "-t", "\(session.name).0"]) },
        what: "the focus in another pane")
      try await session.keys("q")
    }
  }

  /// Hides the app, waits for the gate to close and for two ticks that did not poll, and
  /// checks no request came between them; shows it again and checks the opening itself polled
  /// (at once, not at the next tick) and that the request came.
  private func hiddenThenShown(
    _ trace: TraceFile, _ polls: () -> Int, hide: () async throws -> Void,
    show: () async throws -> Void, what: String
  ) async throws {
    let before = trace.lines().count
    try await hide()
    #expect(
      await eventually { trace.index(of: "tweets gate closed", after: before) != nil },
      "\(what): the gate closes: \(trace.lines().dropFirst(before))")
    // Ticks count from the gate's closing (one may poll between the key and the closing).
    let hidden = (trace.index(of: "tweets gate closed", after: before) ?? before) + 1
    #expect(await eventually { trace.count("tweets tick: no poll", after: hidden) >= 1 })
    let quiet = polls()  // a poll in flight when the gate closed has reached the server by now
    #expect(
      await eventually { trace.count("tweets tick: no poll", after: hidden) >= 3 },
      "\(what): ticks come and do not poll: \(trace.lines().dropFirst(hidden))")
    #expect(polls() == quiet, "\(what): no request while hidden")
    #expect(trace.count("tweets tick: poll", after: hidden) == 0, "\(trace.lines())")

    let shown = trace.lines().count
    try await show()
    #expect(
      await eventually { trace.count("tweets gate open: poll", after: shown) >= 1 },
      "\(what): shown again, the gate's opening polls at once: \(trace.lines().dropFirst(shown))")
    #expect(await eventually { polls() > quiet }, "\(what): the request came")
  }

  @Test("AV-04 tmux: Ctrl-Z gives the shell back, fg redraws, and the terminal stays sane")
  func suspendAndResume() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start("env PS1='$ ' LANG=C.UTF-8 TERM=xterm-256color bash --norc")
      let before = folder.appendingPathComponent("before").path
      let after = folder.appendingPathComponent("after").path
      try await session.keys("stty -g > '\(before)'; '\(tui)' todo --offline --ephemeral", "Enter")
      #expect(try await eventually { try await session.pane().contains("12 tasks, 8 due.") })
      try await session.keys("C-z")
      #expect(try await eventually { try await session.pane().contains("Stopped") })
      try await session.keys("fg", "Enter")
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("12 tasks, 8 due.") && !pane.contains("Stopped")
        })
      try await session.keys("j", "Space")  // keys work after the round trip
      #expect(try await eventually { try await session.pane().contains("12 tasks, 7 due.") })
      try await session.keys("q")
      try await session.keys(
        "stty -g > '\(after)'; echo \"same:$(cmp -s '\(before)' '\(after)' && echo yes)\"", "Enter")
      #expect(try await eventually { try await session.pane().contains("same:yes") })
    }
  }
}

/// The lines of a trace file the app appends to (`HEADLESS_TRACE`).
struct TraceFile {
  let url: URL

  /// The lines so far (none before the file exists).
  func lines() -> [String] {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
  }

  /// The index of the first line after the first `skip` that is exactly `line`.
  func index(of line: String, after skip: Int) -> Int? {
    let all = lines()
    return all.indices.dropFirst(skip).first { all[$0] == line }
  }

  /// How many lines after the first `skip` are exactly `line`.
  func count(_ line: String, after skip: Int = 0) -> Int {
    lines().dropFirst(skip).filter { $0 == line }.count
  }
}
