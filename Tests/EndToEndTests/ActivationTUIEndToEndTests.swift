import Foundation
import LoopbackSupport
import Testing

/// The TUI under tmux knowing whether it is seen: the shown tab, the terminal's focus
/// (tmux passes focus reports with `focus-events on` to an attached client's panes), and
/// Ctrl-Z / `fg`. The apps' timers run 10 times faster (`HEADLESS_TIME_SCALE`), so a 30 s
/// poll comes every 3 s of the test's time; a loopback server counts the polls. "At once" is
/// told from "at the next poll" by coming well inside those 3 s (loaded CI machines need the
/// slack: at 20 times, 1 s was once too short).
@Suite("End to end: tui activation under tmux", .serialized, .timeLimit(.minutes(3)))
struct ActivationTUIEndToEndTests {
  /// Longer than two polls at the faster time (2 × 3 s): a poll that was due has come.
  static let twoPolls: TimeInterval = 7
  /// Sooner than the next poll (3 s) could come: a fetch seen by then was made at once.
  static let atOnce: TimeInterval = 2.5

  @Test("AV-02, AV-03, AV-06 tmux: another tab or the focus elsewhere stops tweets' polls")
  func pollsFollowTabAndFocus() async throws {
    let page = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/tweets/list-tweets.json"))
    let server = try ThreadedServer { target in
      target.hasPrefix("/2/lists/42/tweets")
        ? ThreadedServer.Answer(body: page) : ThreadedServer.Answer(status: 404)
    }
    let polls = { server.requests.filter { $0.hasPrefix("/2/lists/42/tweets") }.count }
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env HEADLESS_NOW=2025-03-14T12:00:00Z HEADLESS_TIME_SCALE=10 TZ=UTC LANG=C.UTF-8"
          + " TERM=xterm-256color TWITTER_LIST_ID=42 TWITTER_BEARER_TOKEN=t"
          + " TWITTER_BASE_URL=\(server.baseURL.absoluteString) '\(tui)' tweets --ephemeral")
      let client = try await session.attachClient()
      defer {
        client.signal(SIGKILL)
        client.waitForExit(deadline: Date().addingTimeInterval(5))
      }
      #expect(try await eventually { try await session.pane().contains("@adaquill") })
      let first = polls()
      #expect(await eventually { polls() > first + 1 }, "shown and focused, it polls")

      try await session.keys("1")  // weather: tweets is not seen
      let hidden = await steadyCount(polls)
      #expect(await stays(polls, at: hidden), "no poll while another tab is shown")
      try await session.keys("2")
      #expect(
        await eventually(timeout: Self.atOnce) { polls() > hidden }, "shown again: fetched at once")

      _ = try await session.tmux(["split-window", "-t", session.name, "-h", "sleep 600"])
      let unfocused = await steadyCount(polls)
      #expect(await stays(polls, at: unfocused), "no poll while the pane has lost the focus")
      _ = try await session.tmux(["select-pane", "-t", "\(session.name).0"])
      #expect(
        await eventually(timeout: Self.atOnce) { polls() > unfocused }, "focused: fetched at once")
      try await session.keys("q")
    }
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

  /// The count once five checks in a row (a quarter of a second of `eventually`'s checks) saw
  /// it unchanged: a poll in flight when the screen became inactive has landed.
  private func steadyCount(_ count: () -> Int) async -> Int {
    var last = count()
    var unchanged = 0
    _ = await eventually(timeout: 10) {
      let now = count()
      unchanged = now == last ? unchanged + 1 : 0
      last = now
      return unchanged >= 5
    }
    return last
  }

  /// Whether the count is still `value` after two polls' time: `eventually` never sees it
  /// change.
  private func stays(_ count: () -> Int, at value: Int) async -> Bool {
    let changed = await eventually(timeout: Self.twoPolls) { count() != value }
    return !changed
  }
}
