import Foundation
import GRDB
import StoreSupport
import Testing

/// Issue 26, item 6: a store's file is judged before anything may write to it, and a file
/// that is refused keeps every byte.
@Suite("StoreFileCheck: stores that are not ours")
struct StoreFileCheckTests {
  static let identity = StoreIdentity(
    name: "test", knownMigrations: ["v1", "v2"], tables: ["cart_item"])

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("store-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func database(_ path: String, _ sql: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: sql) }
    try queue.close()
  }

  func check(_ path: String) -> StoreFileProblem? {
    do {
      try StoreFileCheck.check(path, as: Self.identity)
      return nil
    } catch {
      return error
    }
  }

  @Test("missing, empty and our own files pass")
  func ours() throws {
    let home = try folder()
    defer { try? FileManager.default.removeItem(at: home) }
    let path = home.appendingPathComponent("a.sqlite").path
    #expect(check(path) == nil)
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(check(path) == nil)
    try database(
      path,
      """
      CREATE TABLE cart_item (id TEXT); CREATE TABLE grdb_migrations (identifier TEXT);
      INSERT INTO grdb_migrations VALUES ('v1');
      """)
    #expect(check(path) == nil)
  }

  @Test("a future migration, another app's database and a text file are refused untouched")
  func notOurs() throws {
    let home = try folder()
    defer { try? FileManager.default.removeItem(at: home) }
    let future = home.appendingPathComponent("future.sqlite").path
    try database(
      future,
      """
      CREATE TABLE cart_item (id TEXT); CREATE TABLE grdb_migrations (identifier TEXT);
      INSERT INTO grdb_migrations VALUES ('v1'), ('v99');
      """)
    let other = home.appendingPathComponent("other.sqlite").path
    try database(
      other,
      """
      CREATE TABLE task (id TEXT); CREATE TABLE grdb_migrations (identifier TEXT);
      INSERT INTO grdb_migrations VALUES ('v1');
      """)
    let text = home.appendingPathComponent("text.sqlite").path
    try Data("not a database at all, but long enough to look like something".utf8)
      .write(to: URL(fileURLWithPath: text))
    let before = try [future, other, text].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    #expect(check(future) == .newerVersion(path: future))
    #expect(check(other) == .notOurs(path: other))
    #expect(check(text) == .damaged(path: text))
    let after = try [future, other, text].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    #expect(before == after)
  }

  @Test("a FIFO, a folder and a dangling link are refused at once, not opened")
  func notFiles() throws {
    let home = try folder()
    defer { try? FileManager.default.removeItem(at: home) }
    let fifo = home.appendingPathComponent("fifo.sqlite").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(check(fifo) == .notARegularFile(path: fifo))
    let directory = home.appendingPathComponent("dir.sqlite").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    #expect(check(directory) == .notARegularFile(path: directory))
    let link = home.appendingPathComponent("link.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "nowhere.sqlite")
    #expect(check(link) == .danglingLink(path: link))
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("nowhere.sqlite").path))
  }

  @Test("after a checkpoint the database file alone holds a committed row (a backup copy)")
  func checkpoint() throws {
    let home = try folder()
    defer { try? FileManager.default.removeItem(at: home) }
    let path = home.appendingPathComponent("wal.sqlite").path
    let pool = try DatabasePool(path: path)
    try pool.write { try $0.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (42)") }
    pool.writeWithoutTransaction(StoreFileCheck.checkpoint)
    let copy = home.appendingPathComponent("copy.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let value = try DatabaseQueue(path: copy).read { try Int.fetchOne($0, sql: "SELECT x FROM t") }
    #expect(value == 42)
    try pool.close()
  }
}
