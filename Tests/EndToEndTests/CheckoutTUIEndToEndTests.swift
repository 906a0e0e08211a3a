import Foundation
import Testing

/// Drives the built `tui` inside a detached tmux session, on a tmux server of its own (`-L`),
/// so that one test's server options (focus events) never reach another's panes.
struct TmuxSession {
  let name = "e2e-\(UUID().uuidString.prefix(8))"

  /// Runs `tmux` with `arguments` and returns what it printed.
  func tmux(_ arguments: [String]) async throws -> String {
    try await Executables.runProgram("tmux", ["-L", name] + arguments, timeout: 30).stdout
  }

  func start(_ command: String, width: Int = 80, height: Int = 24) async throws {
    let status = try await Executables.runProgram(
      "tmux",
      ["-L", name, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command],
      detached: true, timeout: 30
    ).status
    if status != 0 { throw TmuxError.cannotStart }
  }

  enum TmuxError: Error { case cannotStart }

  /// Attaches a client in a pseudo-terminal of its own (`script`), keeping the window's size,
  /// with focus events on: a pane then gets focus-out and focus-in as panes are selected, as
  /// in a terminal the user looks at. Kill the returned process when done.
  func attachClient() async throws -> ChildProcess {
    _ = try await tmux(["set-option", "-t", name, "window-size", "manual"])
    _ = try await tmux(["set-option", "-s", "focus-events", "on"])
    let client = try ChildProcess(
      "script", ["-qc", "tmux -L \(name) attach -t \(name)", "/dev/null"],
      environment: Executables.childEnvironment(["TERM": "xterm-256color"]), discardOutput: true)
    let attached = await eventually(timeout: 10) {
      ((try? await tmux(["list-clients", "-t", name])) ?? "").contains(name)
    }
    if !attached { throw TmuxError.cannotStart }
    return client
  }

  func keys(_ keys: String...) async throws {
    _ = try await tmux(["send-keys", "-t", name] + keys)
  }
  /// Sends `bytes` to the pane as they are (`send-keys -l`): escape sequences such as mouse
  /// reports reach the program unchanged.
  func literal(_ bytes: String) async throws {
    _ = try await tmux(["send-keys", "-t", name, "-l", bytes])
  }
  /// A tmux format about the pane (`#{mouse_sgr_flag}`).
  func format(_ format: String) async throws -> String {
    try await tmux(["display-message", "-p", "-t", name, format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
  func pane() async throws -> String { try await tmux(["capture-pane", "-p", "-t", name]) }
  var isRunning: Bool {
    get async {
      ((try? await tmux(["list-sessions", "-F", "#{session_name}"])) ?? "").contains(name)
    }
  }
  /// Runs `body` with a new session and kills the session afterwards, whatever happened.
  static func with(_ body: (TmuxSession) async throws -> Void) async throws {
    let session = TmuxSession()
    do {
      try await body(session)
    } catch {
      await session.kill()
      throw error
    }
    await session.kill()
  }

  func kill() async {
    _ = try? await Executables.runProgram(
      "tmux", ["-L", name, "kill-session", "-t", name], detached: true, timeout: 30)
  }
}

@Suite("End to end: tui checkout under tmux", .serialized, .timeLimit(.minutes(9)))
struct CheckoutTUIEndToEndTests {
  @Test("two Peas, then the checkout shows Total: 1.90 GBP; q quits and restores")
  func twoPeas() async throws {
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start("env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' checkout --ephemeral")
      // The catalog's rows, not only its total line: a key before they load adds nothing.
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("Total: 0.00 GBP") && pane.contains(">  1  Bag of Peas")
        })
      try await session.keys("+")
      try await session.keys("+")
      #expect(try await eventually { try await session.pane().contains("2 items in cart") })
      try await session.keys("Enter")
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("Total: 1.90 GBP") && pane.contains("Currency: GBP")
        })
      let screen = try await session.pane()
      #expect(screen.contains("2 Bag of Peas for 1.90 GBP"))
      #expect(screen.contains(" Total: 1.90 GBP"))
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }

  @Test("--exit-after-first-frame draws once and exits 0")
  func firstFrame() async throws {
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
        "tui-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: marker) }
      try await session.start(
        "'\(tui)' checkout --ephemeral --exit-after-first-frame; echo \"status $?\" > '\(marker.path)'"
      )
      #expect(await eventually { FileManager.default.fileExists(atPath: marker.path) })
      #expect(try String(contentsOf: marker, encoding: .utf8) == "status 0\n")
    }
  }
}
