import Foundation
import Testing

/// Issue 15, item 3: Ctrl-C in the CLI is exit status 130, as a shell reports it, and what was
/// typed before it is saved.
@Suite("End to end: Ctrl-C in the CLI", .timeLimit(.minutes(3)))
struct InterruptEndToEndTests {
  @Test("SIGINT right after an edit: the edit is saved and the status is 130")
  func interruptSavesAndExits130() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let arguments = ["checkout", "--offline", "--data-dir", data.path]
    // Timers 100 times slower: the 0.5 s save is 50 s away, so only the exit's flush can
    // have saved the edit.
    let env = Executables.childEnvironment([
      "HEADLESS_NOW": "2025-03-14T12:00:00Z", "HEADLESS_TIME_SCALE": "0.01",
    ])
    let path = Executables.url("cli").path
    let (started, status) = try await offThePool {
      let child = try ChildProcess(path, arguments, environment: env)
      // The session is up once its first screen is printed (the limit only catches a hang: a
      // busy machine may take a while to start it). The answer to `add` is printed only once
      // its save is done, 50 s away, so the signal follows the line by a moment instead: the
      // line is read and applied at once, the signal waits for the main queue.
      let started = child.readStdout(
        until: "checkoutEnabled: false", deadline: Date().addingTimeInterval(120))
      child.write(Data("add peas\n".utf8))
      Thread.sleep(forTimeInterval: 1)
      child.signal(SIGINT)
      return (started, child.waitForExit(deadline: Date().addingTimeInterval(60)))
    }
    #expect(started.contains("checkoutEnabled: false"), "\(started)")
    #expect(status == 130)
    let cart = try await Executables.run("cli", arguments + ["cart"])
    #expect(cart.stdout.contains("1 Bag of Peas for 0.95 GBP"), "\(cart.stdout)")
  }
}
