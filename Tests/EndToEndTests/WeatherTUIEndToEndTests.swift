import Foundation
import Testing

@Suite("End to end: tui weather under tmux", .serialized, .timeLimit(.minutes(9)))
struct WeatherTUIEndToEndTests {
  @Test("search London offline: its temperature and the forecast chart show; q quits")
  func london() async throws {
    try await TmuxSession.with { session in
      let tui = Executables.url("tui").path
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color '\(tui)' --offline --ephemeral")
      #expect(try await eventually { try await session.pane().contains("[1 Weather]") })
      try await session.keys("/")
      try await session.keys("-l", "London")
      try await session.keys("Enter")
      #expect(
        try await eventually {
          let pane = try await session.pane()
          return pane.contains("12°C    Humidity 81%") && pane.contains("Mon ☁   8°C  16°C")
        })
      try await session.keys("Escape")
      try await session.keys("q")
      #expect(await eventually { await !session.isRunning })
    }
  }
}
