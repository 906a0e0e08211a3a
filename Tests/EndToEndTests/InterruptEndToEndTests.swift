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
    let status = try await offThePool {
      let child = try ChildProcess(path, arguments, environment: env)
      child.write(Data("add peas\n".utf8))
      _ = child.readStdout(until: "cartCount: 1 item", deadline: Date().addingTimeInterval(20))
      child.signal(SIGINT)
      return child.waitForExit(deadline: Date().addingTimeInterval(15))
    }
    #expect(status == 130)
    let cart = try await Executables.run("cli", arguments + ["cart"])
    #expect(cart.stdout.contains("1 Bag of Peas for 0.95 GBP"), "\(cart.stdout)")
  }
}
