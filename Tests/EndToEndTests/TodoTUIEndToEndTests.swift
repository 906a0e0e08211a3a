import Foundation
import Testing

@Suite("End to end: tui todo under tmux", .serialized, .timeLimit(.minutes(9)))
struct TodoTUIEndToEndTests {
  @Test("add a task, toggle it, find it under Done Tasks; it is still there after a restart")
  func addAndToggle() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' todo --data-dir '\(folder.path)'")
      #expect(try await eventually { try await session.pane().contains("5 tasks, 5 due.") })
      try await session.keys("n")
      #expect(try await eventually { try await session.pane().contains("New Task") })
      try await session.keys("-l", "Buy oat milk")
      try await session.keys("Enter")
      #expect(try await eventually { try await session.pane().contains("6 tasks, 6 due.") })
      try await session.keys("Space")
      #expect(try await eventually { try await session.pane().contains("6 tasks, 5 due.") })
      let lines = try await session.pane().components(separatedBy: "\n")
      let done = try #require(lines.firstIndex(of: " Done Tasks"))
      #expect(lines[(done + 1)...].contains { $0.contains("[x] Buy oat milk") })
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
    let stats = try await Executables.run("cli", ["todo", "--data-dir", folder.path, "stats"])
    #expect(stats.stdout == "statistics: 6 tasks, 5 due.\n")
  }
}
