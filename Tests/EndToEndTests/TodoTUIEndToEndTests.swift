import Foundation
import Testing

@Suite("End to end: tui todo under tmux", .serialized)
struct TodoTUIEndToEndTests {
  @Test("add a task, toggle it, find it under Done Tasks; it is still there after a restart")
  func addAndToggle() throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = TmuxSession()
    defer { session.kill() }
    let tui = Executables.url("tui").path
    try session.start(
      "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' todo --data-dir '\(folder.path)'")
    #expect(try eventually { try session.pane().contains("5 tasks, 5 due.") })
    try session.keys("n")
    #expect(try eventually { try session.pane().contains("New Task") })
    try session.keys("-l", "Buy oat milk")
    try session.keys("Enter")
    #expect(try eventually { try session.pane().contains("6 tasks, 6 due.") })
    try session.keys("Space")
    #expect(try eventually { try session.pane().contains("6 tasks, 5 due.") })
    let lines = try session.pane().components(separatedBy: "\n")
    let done = try #require(lines.firstIndex(of: " Done Tasks"))
    #expect(lines[(done + 1)...].contains { $0.contains("[x] Buy oat milk") })
    try session.keys("q")
    #expect(eventually { !session.isRunning })
    let stats = try Executables.run("cli", ["todo", "--data-dir", folder.path, "stats"])
    #expect(stats.stdout == "statistics: 6 tasks, 5 due.\n")
  }
}
