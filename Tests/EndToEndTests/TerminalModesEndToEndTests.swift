import Foundation
import Testing

/// Issue 38, item 6: tests aimed at the mutants that survived: the terminal's report modes
/// turned off at exit (AV-03), and Ctrl-Z making the app unseen (AV-04).
@Suite(
  "End to end: modes off at exit, unseen while suspended", .serialized, .timeLimit(.minutes(9)))
struct TerminalModesEndToEndTests {
  /// The last place `sequence` stands in `bytes`, or -1.
  static func last(_ sequence: String, in bytes: [UInt8]) -> Int {
    let needle = Array(sequence.utf8)
    guard bytes.count >= needle.count else { return -1 }
    for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
    where Array(bytes[start..<(start + needle.count)]) == needle {
      return start
    }
    return -1
  }

  @Test(
    "AV-03 q leaves focus reports, bracketed paste and the mouse off: each 'off' follows its last 'on'"
  )
  func modesOffAtExit() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let typescript = folder.appendingPathComponent("typescript").path
    let tui = Executables.url("tui").path
    try await TmuxSession.with { session in
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color script -qfc \"'\(tui)' todo --ephemeral\" '\(typescript)'"
      )
      #expect(try await eventually { try await session.pane().contains("[3 Todo") })
      try await session.keys("q")
      #expect(await eventually { !(await session.isRunning) })
    }
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: typescript)))
    for (on, off) in [
      ("\u{1B}[?1004h", "\u{1B}[?1004l"), ("\u{1B}[?2004h", "\u{1B}[?2004l"),
      ("\u{1B}[?1006h", "\u{1B}[?1006l"),
    ] {
      let lastOn = Self.last(on, in: bytes)
      #expect(lastOn >= 0, "\(on.debugDescription) was turned on")
      #expect(Self.last(off, in: bytes) > lastOn, "\(off.debugDescription) after the last on")
    }
  }

  @Test("AV-04 Ctrl-Z makes the app unseen (tweets' gate closes), fg seen again (it opens)")
  func suspendIsUnseen() async throws {
    let server = try ListTimelineServer()
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = TraceFile(url: folder.appendingPathComponent("trace.log"))
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start("env PS1='$ ' LANG=C.UTF-8 TERM=xterm-256color bash --norc")
      try await session.keys(
        "env HEADLESS_NOW=2025-03-14T12:00:00Z HEADLESS_TIME_SCALE=50 TZ=UTC"
          + " HEADLESS_OFFLINE= TWITTER_LIST_ID=42 TWITTER_BEARER_TOKEN=t"
          + " HEADLESS_TRACE='\(trace.url.path)'"
          + " TWITTER_BASE_URL=\(server.baseURL.absoluteString) '\(tui)' tweets --ephemeral",
        "Enter")
      #expect(try await eventually { try await session.pane().contains("@adaquill") })
      #expect(await eventually { trace.count("tweets tick: poll") >= 1 })
      let before = trace.lines().count
      try await session.keys("C-z")
      #expect(try await eventually { try await session.pane().contains("Stopped") })
      try await session.keys("fg", "Enter")
      // The gate's change is delivered on the main queue, which runs again after fg: the
      // trace then shows it closed for the suspension and open again.
      #expect(
        await eventually {
          let lines = Array(trace.lines().dropFirst(before))
          guard let closed = lines.firstIndex(of: "tweets gate closed") else { return false }
          return lines[(closed + 1)...].contains { $0.hasPrefix("tweets gate open") }
        }, "closed while suspended, open after fg: \(trace.lines().dropFirst(before))")
      try await session.keys("q")
    }
  }

  @Test("ST-02 the TUI prints the settings file's warning on stderr before it starts")
  func settingsWarning() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config.toml")
    try Data("openweather_api_key = \"k-1234\"\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let errors = folder.appendingPathComponent("stderr").path
    let tui = Executables.url("tui").path
    try await TmuxSession.with { session in
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color HEADLESS_OFFLINE=1 '\(tui)' todo --ephemeral"
          + " --config '\(file.path)' 2> '\(errors)'")
      #expect(try await eventually { try await session.pane().contains("[3 Todo") })
      try await session.keys("q")
      #expect(await eventually { !(await session.isRunning) })
    }
    let text = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(
      text.contains("warning: \(file.path) is readable by others and holds a secret; chmod 600 it"),
      "\(text)")
  }
}
