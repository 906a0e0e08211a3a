import Foundation
import Testing

/// Issue 29, item 3: the TUI asks the terminal for SGR mouse reports, a click on a tab shows
/// it, the wheel scrolls the list; `--no-mouse` and `mouse = false` leave the terminal's mouse
/// alone.
@Suite("End to end: the TUI's mouse under tmux", .serialized, .timeLimit(.minutes(6)))
struct MouseTUIEndToEndTests {
  let tui = Executables.url("tui").path

  @Test("a click on the Todo tab shows it; the wheel moves the selection down three tasks")
  func clickAndWheel() async throws {
    try await TmuxSession.with { session in
      try await session.start("env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' --offline --ephemeral")
      #expect(try await eventually { try await session.pane().contains("[1 Weather]") })
      #expect(try await session.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1")
      // " 1 Weather    2 Tweets    3 Todo": the Todo tab is columns 24–31 (1-based 25–32).
      try await session.literal("\u{1B}[<0;26;1M")
      #expect(try await eventually { try await session.pane().contains("[3 Todo") })
      #expect(try await eventually { try await session.pane().contains(" > [ ] Fix the wobbly") })
      try await session.literal("\u{1B}[<65;10;8M")
      #expect(
        try await eventually { try await session.pane().contains(" > [ ] Return the library") })
      try await session.keys("q")
    }
  }

  @Test("--no-mouse and mouse = false in the settings do not ask for mouse reports")
  func off() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = folder.appendingPathComponent("config.toml")
    try Data("mouse = false\n".utf8).write(to: settings)
    for extra in ["--no-mouse", "--config '\(settings.path)'"] {
      try await TmuxSession.with { session in
        try await session.start(
          "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' todo --offline --ephemeral \(extra)")
        #expect(try await eventually { try await session.pane().contains("[3 Todo") })
        #expect(
          try await session.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0", "\(extra)")
        try await session.keys("q")
      }
    }
  }
}
