import Foundation
import Testing

/// Issue 26, item 9: an option after the command is honoured or refused, never stored as text,
/// and end of input ends the session on every kind of stdin.
@Suite("End to end: cli options anywhere and end of input", .timeLimit(.minutes(1)))
struct CLISafetyEndToEndTests {
  @Test("'add \"Buy milk\" --ephemeral' adds Buy milk in memory and creates no file")
  func optionAfterCommand() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("store")
    let output = try await Executables.run(
      "cli", ["todo", "--data-dir", store.path, "add", "Buy milk", "--ephemeral"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("] Buy milk\n"))
    #expect(!output.stdout.contains("--ephemeral"))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  @Test("an unknown option after the command is refused and nothing is written")
  func unknownOptionAfterCommand() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("store")
    for arguments in [["todo", "list", "--bogus"], ["checkout", "add", "peas", "2", "--bogus"]] {
      let output = try await Executables.run("cli", arguments + ["--data-dir", store.path])
      #expect(output.status == 1)
      #expect(output.stderr.contains("error: Unknown option '--bogus'"))
      #expect(!FileManager.default.fileExists(atPath: store.path))
    }
  }

  @Test("'--' ends the options: what follows is the command's text")
  func doubleDash() async throws {
    let output = try await Executables.run(
      "cli", ["todo", "--ephemeral", "add", "--", "--not-an-option"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("] --not-an-option\n"))
  }

  @Test("a session on /dev/null, on a closed stdin and on a regular file ends, exit 0")
  func endOfInput() async throws {
    let cli = Executables.url("cli").path
    let file = try Executables.scratch().appendingPathComponent("commands")
    try Data("list\n".utf8).write(to: file)
    for redirect in ["</dev/null", "<&-", "<'\(file.path)'"] {
      let output = try await Executables.runProgram(
        "/bin/sh", ["-c", "exec \"$0\" todo --ephemeral \(redirect)", cli], timeout: 20)
      #expect(output.status == 0, "\(redirect): \(output.stderr)")
      #expect(output.stdout.contains("statistics: 12 tasks, 8 due."), "\(redirect)")
    }
  }
}

/// Issue 26, item 10: a catalog file the user names that cannot be read stops the app.
@Suite("End to end: --catalog with a file that cannot be read")
struct CatalogFlagEndToEndTests {
  @Test("a missing file or a folder is error: and exit status 1")
  func unreadableCatalog() async throws {
    for file in ["/nonexistent/catalog.json", "/tmp"] {
      let output = try await Executables.run(
        "cli", ["checkout", "--ephemeral", "--catalog", file, "cart"])
      #expect(output.status == 1)
      #expect(output.stderr.contains("error: --catalog: cannot read \(file)"))
    }
  }
}
