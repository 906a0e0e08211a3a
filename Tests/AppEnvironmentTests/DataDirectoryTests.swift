import AppEnvironment
import Foundation
import Testing

@Suite("Data directory")
struct DataDirectoryTests {
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("data-dir-\(UUID().uuidString)")

  @Test func createsAMissingDirectoryAndItsParentsOwnerOnly() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let directory = DataDirectory(url: scratch.appendingPathComponent("a/b/headless-mvvm"))
    try directory.prepare()
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    #expect(directory.file("todo.sqlite").lastPathComponent == "todo.sqlite")
  }

  /// Issue 26, item 10: a failed start left the parents it had made.
  @Test func aFolderThatCannotBeMadeLeavesNoParentsBehind() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let tooLong = String(repeating: "x", count: 300)  // past NAME_MAX: mkdir fails
    let directory = DataDirectory(url: scratch.appendingPathComponent("new/deeper/\(tooLong)"))
    #expect(throws: ConfigurationError.self) { try directory.prepare() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
  }

  /// Two processes starting at once on a new path: each makes the folders it finds missing,
  /// and one made by the other meanwhile is no failure (a pair of checkouts met it).
  @Test func foldersMadeMeanwhileByAnotherAreNoFailure() async throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    for round in 0..<300 {
      let directory = DataDirectory(url: scratch.appendingPathComponent("\(round)/a/b/c"))
      async let first: Void = Task.detached { try directory.prepare() }.value
      async let second: Void = Task.detached { try directory.prepare() }.value
      _ = try await (first, second)
    }
  }

  @Test func anExistingDirectoryIsLeftAsItIs() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(
      at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try Data("keep".utf8).write(to: scratch.appendingPathComponent("checkout.sqlite"))
    try DataDirectory(url: scratch).prepare()
    let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o755)
    #expect(
      try Data(contentsOf: scratch.appendingPathComponent("checkout.sqlite")) == Data("keep".utf8))
  }

  @Test func aFileInTheWayIsAClearError() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let file = scratch.appendingPathComponent("taken")
    try Data("x".utf8).write(to: file)
    #expect(
      throws: ConfigurationError.unusableDataDirectory(
        path: file.path, reason: "it is a file, not a directory")
    ) { try DataDirectory(url: file).prepare() }
    #expect(try Data(contentsOf: file) == Data("x".utf8))
  }

  @Test func aParentThatIsAFileIsAClearError() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: scratch.appendingPathComponent("file"))
    let target = scratch.appendingPathComponent("file/data")
    do {
      try DataDirectory(url: target).prepare()
      Issue.record("prepare should fail")
    } catch {
      #expect(error.message.hasPrefix("data directory \(target.path) is not usable: "))
      #expect(!error.message.contains("\n"))
    }
  }
}
