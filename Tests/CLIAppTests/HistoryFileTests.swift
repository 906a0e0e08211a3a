import CLIApp
import Foundation
import Testing

@testable import CLIApp

/// Issue 38, items 1 and 3: a history that keeps every session's lines, bounded, and no
/// secret.
@Suite("HistoryFile: appended, bounded, never followed")
struct HistoryFileTests {
  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("two sessions appending in turn both keep their lines, in order")
  func twoSessions() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history-todo").path
    let first = HistoryFile(path: path, limit: 100)
    let second = HistoryFile(path: path, limit: 100)
    #expect(first.append("add a") == nil)
    #expect(second.append("add b") == nil)
    #expect(first.append("list") == nil)
    #expect(try first.load().get() == ["add a", "add b", "list"])
    #expect(try second.load().get() == ["add a", "add b", "list"])
  }

  @Test("the file is cut back to its last `limit` lines, whoever appends")
  func bounded() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history-todo").path
    let history = HistoryFile(path: path, limit: 50)
    for index in 0..<300 { history.append("add task number \(index)") }
    let lines = try history.load().get()
    #expect(lines.count == 50)
    #expect(lines.first == "add task number 250" && lines.last == "add task number 299")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 50)
  }

  @Test("a file libedit wrote is read, its escapes undone, and rewritten plain at the next cut")
  func libeditFormat() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history-todo").path
    try Data("_HiStOrY_V2_\nadd\\040Buy\\040milk\nback\\\\slash\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let history = HistoryFile(path: path, limit: 10)
    #expect(try history.load().get() == ["add Buy milk", "back\\slash"])
    history.append("stats")
    for index in 0..<20 { history.append("list \(index)") }
    #expect(try history.load().get().count == 10)
    #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("_HiStOrY_V2_"))
  }

  @Test("a link is not followed and a FIFO is not waited on")
  func notRegular() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target")
    try Data("precious\n".utf8).write(to: target)
    let link = folder.appendingPathComponent("history-link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
    let linked = HistoryFile(path: link, limit: 10)
    #expect(linked.append("stats") == .notARegularFile(path: link))
    #expect(throws: (any Error).self) { try linked.load().get() }
    #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    let fifo = folder.appendingPathComponent("history-fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let piped = HistoryFile(path: fifo, limit: 10)
    #expect(piped.append("stats") == .notARegularFile(path: fifo))
    #expect(throws: (any Error).self) { try piped.load().get() }
  }

  @Test(
    "the grammar marks the lines that carry a secret: password, confirm, key, savekey",
    arguments: [
      ("password hunter2", true), ("  confirm  hunter2", true), ("key abc", true),
      ("savekey abc", true), ("PASSWORD hunter2", true), ("Password hunter2", true),
      ("KEY abc", true), ("\tSaveKey abc", true), ("account", false), ("add password", false),
      ("help password", false), ("", false),
    ])
  func secretLines(line: String, secret: Bool) {
    let grammars: [any AppGrammar.Type] = [
      CheckoutGrammar.self, WeatherGrammar.self, TodoGrammar.self,
    ]
    #expect(grammars.contains { $0.carriesSecret(line) } == secret)
  }

  @Test(
    "issue 51, item 4: a history keeps no secret by any spelling, not the line after a bare secret command, not a line that does not parse"
  )
  func historyKeeps() {
    #expect(CheckoutGrammar.keepsInHistory("account", after: nil))
    #expect(CheckoutGrammar.keepsInHistory("add peas", after: "account"))
    #expect(!CheckoutGrammar.keepsInHistory("PASSWORD hunter2", after: nil))
    #expect(!CheckoutGrammar.keepsInHistory("Password hunter2", after: "account"))
    // The password typed alone on the line after `password`.
    #expect(!CheckoutGrammar.keepsInHistory("hunter2", after: "password"))
    #expect(!CheckoutGrammar.keepsInHistory("add peas", after: "Confirm"))
    #expect(CheckoutGrammar.keepsInHistory("add peas", after: "password hunter2"))
    #expect(!WeatherGrammar.keepsInHistory("0123456789abcdef", after: "key"))
    // A line the grammar cannot read is kept nowhere (a typo may hold a secret).
    #expect(!TodoGrammar.keepsInHistory("frob hunter2", after: nil))
    #expect(!TodoGrammar.keepsInHistory("toggle 'unclosed", after: nil))
    #expect(TodoGrammar.keepsInHistory("add Buy milk", after: nil))
  }
}
