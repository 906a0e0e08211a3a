import Foundation
import Testing

/// Issue 29, items 1 and 2: tmux pastes with brackets (`paste-buffer -p`, as a terminal does
/// with mode 2004 on): one edit in the focused field, line breaks as spaces, and no keys.
@Suite("End to end: a bracketed paste under tmux", .serialized, .timeLimit(.minutes(3)))
struct PasteTUIEndToEndTests {
  @Test("a paste fills the todo editor's title; with no field focused a pasted q does not quit")
  func paste() async throws {
    let tui = Executables.url("tui").path
    try await TmuxSession.with { session in
      try await session.start("env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' todo --ephemeral")
      #expect(try await eventually { try await session.pane().contains("[3 Todo") })
      // Without brackets the line break would be Enter and save "Buy q milk" alone.
      _ = try await session.tmux(["set-buffer", "-b", "e2e", "Buy q milk\nand bread"])
      try await session.keys("n")
      #expect(try await eventually { try await session.pane().contains("Title") })
      _ = try await session.tmux(["paste-buffer", "-p", "-b", "e2e", "-t", session.name])
      #expect(try await eventually { try await session.pane().contains("[Buy q milk and bread") })
      try await session.keys("Escape")
      #expect(try await eventually { try await !session.pane().contains("Title") })
      _ = try await session.tmux(["paste-buffer", "-p", "-b", "e2e", "-t", session.name])
      try await session.keys("j")  // a key after the paste: the app is still there to take it
      #expect(try await eventually { try await session.pane().contains("12 tasks") })
      #expect(await session.isRunning)
      try await session.keys("q")
    }
  }

  @Test(
    "issue 38, item 2: a paste whose end marker never comes ends at the silence; keys work, Ctrl-C quits"
  )
  func unterminated() async throws {
    let tui = Executables.url("tui").path
    try await TmuxSession.with { session in
      try await session.start("env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' todo --ephemeral")
      #expect(try await eventually { try await session.pane().contains("[3 Todo") })
      try await session.keys("n")
      #expect(try await eventually { try await session.pane().contains("Title") })
      try await session.literal("\u{1B}[200~half a paste")  // the connection drops here
      #expect(try await eventually { try await session.pane().contains("[half a paste") })
      try await session.keys("!")  // a key after the silence is a key again
      #expect(try await eventually { try await session.pane().contains("[half a paste!") })
      try await session.literal("\u{1B}[200~and another")
      try await session.keys("C-c")  // at once, in the open paste
      #expect(await eventually { !(await session.isRunning) })
    }
  }
}
