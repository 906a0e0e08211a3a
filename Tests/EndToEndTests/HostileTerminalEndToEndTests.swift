import Foundation
import Testing

/// Issue 9, items 7, 8 and 9: the built TUI in tmux, under a closed terminal, a quit signal, a
/// long paste and terminals it cannot use.
@Suite("End to end: tui under hostile terminals", .serialized, .timeLimit(.minutes(12)))
struct HostileTerminalEndToEndTests {
  static var tui: String { Executables.url("tui").path }

  /// The pid of the program the session runs (env execs the TUI).
  func pid(_ session: TmuxSession) async throws -> Int32 {
    let text = try await session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// Starts todo on `folder` and opens the New Task editor, whose row exists while it is open.
  func openTodoEditor(_ session: TmuxSession, folder: URL) async throws {
    try await session.start(
      "env LANG=C.UTF-8 TERM=xterm-256color '\(Self.tui)' todo --data-dir '\(folder.path)'")
    #expect(try await eventually { try await session.pane().contains("5 tasks, 5 due.") })
    try await session.keys("n")
    #expect(
      try await eventually {
        let pane = try await session.pane()
        return pane.contains("New Task") && pane.contains("6 tasks, 6 due.")
      })
  }

  @Test("item 7: closing the terminal with the todo editor open leaves no untitled task")
  func hangUpTodoEditor() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await TmuxSession.with { session in
      try await openTodoEditor(session, folder: folder)
      try await session.keys("-l", "half a title")
      // kill-session closes the pane's terminal: the TUI gets SIGHUP.
      await session.kill()
    }
    let list = try await eventually(timeout: 10) {
      let stats = try await Executables.run("cli", ["todo", "--data-dir", folder.path, "stats"])
      return stats.stdout == "statistics: 5 tasks, 5 due.\n"
    }
    #expect(list)
  }

  /// Starts checkout on `folder`, adds one bag of peas, ends the TUI with `end` before the
  /// 0.5 s save delay has passed, and tells whether the pea was saved. The app's timers run 100
  /// times slower (`HEADLESS_TIME_SCALE=0.01`), so the delay lasts 50 s and only the flush at
  /// the end can have saved the pea: the test cannot pass because the timer beat the signal.
  func peaSurvives(_ end: @escaping (TmuxSession) async throws -> Void) async throws -> Bool {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await TmuxSession.with { session in
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color HEADLESS_NOW=2025-03-14T12:00:00Z"
          + " HEADLESS_TIME_SCALE=0.01 '\(Self.tui)' checkout --offline"
          + " --data-dir '\(folder.path)'")
      // The catalog's rows, not only its total line: a key before they load adds nothing.
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("Total: 0.00 GBP") && pane.contains(">  1  Bag of Peas")
        })
      try await session.keys("+")
      #expect(try await eventually { try await session.pane().contains("1 item in cart") })
      try await end(session)
    }
    return try await eventually(timeout: 10) {
      let catalog = try await Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", folder.path, "catalog"])
      return catalog.stdout.contains("Peas | For only 0.95 GBP | 1")
    }
  }

  @Test("item 7: closing the terminal right after a cart edit keeps the edit")
  func hangUpCheckout() async throws {
    // kill-session closes the pane's terminal: the TUI gets SIGHUP.
    #expect(try await peaSurvives { session in await session.kill() })
  }

  @Test("item 7: SIGQUIT quits like q (no backtracer prompt), saving what was pending")
  func quitSignal() async throws {
    var stopped = false
    let saved = try await peaSurvives { session in
      kill(try await pid(session), SIGQUIT)
      stopped = await eventually(timeout: 10) { await !session.isRunning }
    }
    #expect(stopped && saved)
  }

  @Test("item 8: a 10,000-character paste into the todo editor arrives whole")
  func longPaste() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await TmuxSession.with { session in
      try await openTodoEditor(session, folder: folder)
      try await session.keys("-l", String(repeating: "abcdefghij", count: 1_000))
      #expect(
        try await eventually {
          try await session.pane().contains("Title is too long (10000/500 characters).")
        })
      try await session.keys("Escape")
      // Esc and q read together would be Alt-q: q goes once the editor has closed.
      #expect(try await eventually { try await !session.pane().contains("New Task") })
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }

  @Test("item 9: stdin that is not a terminal is one error: line and exit 1")
  func notATerminal() async throws {
    let output = try await Executables.run("tui", ["todo"], input: "")
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: standard input is not a terminal"))
    #expect(output.stderr.split(separator: "\n").count == 1)
  }

  @Test(
    "item 9: TERM unset, dumb or unknown is one error: line and exit 1, in a real terminal",
    arguments: [
      ("env -u TERM", "error: TERM is not set"),
      ("env TERM=dumb", "error: TERM=dumb cannot show a full-screen app"),
      ("env TERM=no-such-terminal", "error: unknown terminal type 'no-such-terminal'"),
    ])
  func unusableTerm(prefix: String, message: String) async throws {
    try await TmuxSession.with { session in
      try await session.start(
        "sh -c \"\(prefix) '\(Self.tui)' todo --ephemeral; echo exit=\\$?; sleep 60\"",
        width: 200)
      #expect(try await eventually { try await session.pane().contains("exit=1") })
      let pane = try await session.pane()
      #expect(pane.contains(message), "\(pane)")
      #expect(!pane.contains("Error opening terminal"))
    }
  }
}
