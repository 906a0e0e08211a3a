import Foundation
import Testing

/// Drives the built `tui` inside a detached tmux session.
struct TmuxSession {
  let name = "e2e-\(UUID().uuidString.prefix(8))"

  func tmux(_ arguments: [String]) throws -> String {
    try Executables.runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["tmux"] + arguments).stdout
  }

  func start(_ command: String, width: Int = 80, height: Int = 24) throws {
    let status = try Executables.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["tmux", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command],
      detached: true
    ).status
    if status != 0 { throw TmuxError.cannotStart }
  }

  enum TmuxError: Error { case cannotStart }

  func keys(_ keys: String...) throws { _ = try tmux(["send-keys", "-t", name] + keys) }
  func pane() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }
  var isRunning: Bool {
    ((try? tmux(["list-sessions", "-F", "#{session_name}"])) ?? "").contains(name)
  }
  func kill() {
    _ = try? Executables.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "kill-session", "-t", name], detached: true)
  }
}

@Suite("End to end: tui checkout under tmux", .serialized)
struct CheckoutTUIEndToEndTests {
  @Test("two Peas, then the checkout shows Total: 1.90 GBP; q quits and restores")
  func twoPeas() throws {
    let session = TmuxSession()
    defer { session.kill() }
    let tui = Executables.url("tui").path
    try session.start("env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' checkout --ephemeral")
    #expect(try eventually { try session.pane().contains("Total: 0.00 GBP") })
    try session.keys("+")
    try session.keys("+")
    #expect(try eventually { try session.pane().contains("2 items in cart") })
    try session.keys("Enter")
    #expect(
      try eventually {
        try session.pane().contains("Total: 1.90 GBP") && session.pane().contains("Currency: GBP")
      })
    let screen = try session.pane()
    #expect(screen.contains("2 Bag of Peas for 1.90 GBP"))
    #expect(screen.contains(" Total: 1.90 GBP"))
    try session.keys("q")
    #expect(eventually { !session.isRunning })
  }

  @Test("--exit-after-first-frame draws once and exits 0")
  func firstFrame() throws {
    let session = TmuxSession()
    defer { session.kill() }
    let tui = Executables.url("tui").path
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tui-\(UUID().uuidString)")
    try session.start(
      "'\(tui)' checkout --ephemeral --exit-after-first-frame; echo \"status $?\" > '\(marker.path)'"
    )
    #expect(eventually { FileManager.default.fileExists(atPath: marker.path) })
    #expect(try String(contentsOf: marker, encoding: .utf8) == "status 0\n")
    try? FileManager.default.removeItem(at: marker)
  }
}
