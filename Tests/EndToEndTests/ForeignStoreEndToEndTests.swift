import Foundation
import GRDB
import Testing

/// Issue 26, items 5 and 6, as a user meets them with the built `cli`: stores that are not
/// ours are refused with an `error:` and left byte for byte, a failed read is exit status 1,
/// tweets' store is created under the creation lock, and the todo file alone is a backup.
@Suite("End to end: stores that are not ours, races and backups", .timeLimit(.minutes(6)))
struct ForeignStoreEndToEndTests {
  func sqlite(_ url: URL, _ sql: String) throws {
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { try $0.execute(sql: sql) }
    try queue.close()
  }

  @Test("checkout refuses a store of a future version and another app's store, untouched")
  func checkoutForeign() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("checkout.sqlite")
    try sqlite(
      store,
      """
      CREATE TABLE cart_item (x); CREATE TABLE order_header (x); CREATE TABLE order_line (x);
      CREATE TABLE grdb_migrations (identifier TEXT); INSERT INTO grdb_migrations VALUES ('v1'), ('v99');
      """)
    let before = try Data(contentsOf: store)
    let future = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas"])
    #expect(future.status == 1)
    #expect(future.stderr.contains("was written by a newer version of this app"))
    #expect(try Data(contentsOf: store) == before)
    try FileManager.default.removeItem(at: store)
    try sqlite(
      store,
      "CREATE TABLE task (x); CREATE TABLE grdb_migrations (identifier TEXT); INSERT INTO grdb_migrations VALUES ('v1');"
    )
    let foreign = try Data(contentsOf: store)
    let other = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas"])
    #expect(other.status == 1)
    #expect(other.stderr.contains("is not this app's database"))
    #expect(try Data(contentsOf: store) == foreign)
  }

  @Test("checkout orders on a damaged store is exit status 1")
  func damagedOrders() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    try Data("damaged".utf8).write(to: data.appendingPathComponent("checkout.sqlite"))
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path, "orders"])
    #expect(output.status == 1)
    #expect(output.stderr.contains("error: Unable to load orders"))
  }

  @Test("a FIFO in place of todo.sqlite is an error at once, not a hang")
  func todoFIFO() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    #expect(mkfifo(data.appendingPathComponent("todo.sqlite").path, 0o600) == 0)
    let output = try await Executables.runProgram(
      Executables.url("cli").path, ["todo", "--data-dir", data.path, "list"], timeout: 60)
    #expect(output.status == 1)
    #expect(output.stderr.contains("is not a regular file"))
  }

  @Test("a dangling choices.sqlite link is a warning, and nothing is created at its target")
  func danglingChoices() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    try FileManager.default.createSymbolicLink(
      atPath: data.appendingPathComponent("choices.sqlite").path,
      withDestinationPath: "gone/choices.sqlite")
    let output = try await Executables.run(
      "cli", ["todo", "--data-dir", data.path, "list"])
    #expect(output.stderr.contains("warning: choices are not remembered:"))
    #expect(output.stderr.contains("symbolic link to nothing"))
  }

  @Test("tweets refuses another app's store with exit status 1, untouched")
  func tweetsForeign() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("tweets.sqlite")
    try sqlite(store, "CREATE TABLE notes (x)")
    let before = try Data(contentsOf: store)
    let output = try await Executables.run(
      "cli", ["tweets", "--offline", "--data-dir", data.path], input: "timeline\n")
    #expect(output.status == 1)
    #expect(output.stderr.contains("error: Could not open the tweet store:"))
    #expect(try Data(contentsOf: store) == before)
  }

  @Test("tweets: pairs started together on new data directories both open the store")
  func tweetsPairs() async throws {
    for _ in 0..<6 {
      let data = try Executables.scratch()
      defer { try? FileManager.default.removeItem(at: data) }
      async let first = Executables.run(
        "cli", ["tweets", "--offline", "--data-dir", data.path], input: "timeline\n")
      async let second = Executables.run(
        "cli", ["tweets", "--offline", "--data-dir", data.path], input: "timeline\n")
      let outputs = try await [first, second]
      for output in outputs {
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("Could not open the tweet store"))
      }
    }
  }

  @Test("after cli todo add, todo.sqlite copied alone has the task")
  func todoBackup() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let added = try await Executables.run(
      "cli", ["todo", "--data-dir", data.path, "add", "Backed up task"])
    #expect(added.status == 0)
    let copy = data.appendingPathComponent("copy.sqlite")
    try FileManager.default.copyItem(at: data.appendingPathComponent("todo.sqlite"), to: copy)
    let reader = try DatabaseQueue(path: copy.path)
    let titles = try await reader.read { db in
      try String.fetchAll(db, sql: "SELECT title FROM task")
    }
    #expect(titles.contains("Backed up task"))
  }
}
