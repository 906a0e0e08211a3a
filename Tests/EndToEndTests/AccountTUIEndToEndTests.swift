import Foundation
import Testing

@Suite("End to end: tui checkout account under tmux", .serialized, .timeLimit(.minutes(9)))
struct AccountTUIEndToEndTests {
  @Test("A opens the account; a taken name shows Taken, a free one Available; Create signs in")
  func takenThenAvailable() async throws {
    try await TmuxSession.with { session in
      try await Self.openAccount(session)
      try await session.keys("-l", "olegam")
      #expect(try await eventually { try await session.pane().contains("] Taken") })
      try await session.keys("C-u")
      try await session.keys("-l", "ana_42")
      #expect(try await eventually { try await session.pane().contains("] Available") })
      for text in ["ana@example.com", "hunter2hunter2", "hunter2hunter2"] {
        try await session.keys("Tab")
        try await session.keys("-l", text)
      }
      #expect(
        try await eventually { try await session.pane().contains("[ Create account ]  Ready") })
      #expect(try await !session.pane().contains("hunter2"))  // drawn as dots
      try await session.keys("Tab")
      try await session.keys("Enter")
      #expect(try await eventually { try await session.pane().contains("Supermarket · ana_42") })
      try await session.keys("Escape")
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }

  @Test("issue 29, item 1: the account burst sent in one write fills every field")
  func burstInOneWrite() async throws {
    try await TmuxSession.with { session in
      try await Self.openAccount(session)
      try await session.keys("-l", "ana_42\tbo@example.com\tsecret12\tsecret12\t")
      #expect(
        try await eventually { try await session.pane().contains("[ Create account ]  Ready") })
      let pane = try await session.pane()
      #expect(pane.contains("bo@example.com") && !pane.contains("Passwords do not match"))
      try await session.keys("Escape")
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }

  /// Starts the checkout tab on fixtures and opens the account overlay.
  static func openAccount(_ session: TmuxSession) async throws {
    let tui = Executables.url("tui").path
    try await session.start(
      "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' checkout --offline --ephemeral")
    #expect(try await eventually { try await session.pane().contains(">  1  Bag of Peas") })
    try await session.keys("A")
    #expect(try await eventually { try await session.pane().contains("Account") })
  }
}
