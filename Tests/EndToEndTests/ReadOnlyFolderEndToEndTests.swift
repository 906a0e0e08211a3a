import Foundation
import Testing

/// A data folder this user cannot write (issue 51, item 5): another user's, a backup. Commands
/// that only read read it, with a note; a change fails, exit 1, and nothing in it changes.
/// Root writes anywhere, so as root the commands run as `nobody` (setpriv), from a copy of the
/// executable in a folder that user can reach; as anyone else, the folder is made read-only.
@Suite("End to end: a read-only data folder (issue 51, item 5)")
struct ReadOnlyFolderEndToEndTests {
  /// `cli` and its resources where every user can run them.
  func reachableCLI(in folder: URL) throws -> String {
    let files = FileManager.default
    for name in try files.contentsOfDirectory(atPath: Executables.directory.path)
    where name == "cli" || (name.hasSuffix(".resources") && !name.contains("LoopbackSupport")) {
      let source = Executables.directory.appendingPathComponent(name).path
      let target = folder.appendingPathComponent(name).path
      if name == "cli", link(source, target) == 0 { continue }
      try files.copyItem(atPath: source, toPath: target)
    }
    return folder.appendingPathComponent("cli").path
  }

  @Test("list reads a read-only folder with a note; add fails with exit 1 and changes nothing")
  func readOnlyFolder() async throws {
    let scratch = try Executables.scratch()
    defer {
      chmod(scratch.appendingPathComponent("data").path, 0o700)
      try? FileManager.default.removeItem(at: scratch)
    }
    chmod(scratch.path, 0o755)
    let data = scratch.appendingPathComponent("data")
    let added = try await Executables.run("cli", ["todo", "add", "Tea", "--data-dir", data.path])
    #expect(added.status == 0, "\(added.stderr)")
    // Readable by all, writable by none: a backup, or another user's folder opened to read.
    for name in try FileManager.default.contentsOfDirectory(atPath: data.path) {
      chmod(data.appendingPathComponent(name).path, 0o444)
    }
    chmod(data.path, 0o555)
    let before = try Data(contentsOf: data.appendingPathComponent("todo.sqlite"))
    let asRoot = getuid() == 0
    let program = asRoot ? "/usr/bin/setpriv" : Executables.url("cli").path
    let prefix =
      asRoot
      ? ["--reuid=65534", "--regid=65534", "--clear-groups", try reachableCLI(in: scratch)] : []
    let list = try await Executables.runProgram(
      program, prefix + ["todo", "list", "--data-dir", data.path])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("#1 [ ] Tea"), "\(list.stdout)")
    #expect(list.stderr.contains("is read-only"), "\(list.stderr)")
    let add = try await Executables.runProgram(
      program, prefix + ["todo", "add", "Milk", "--data-dir", data.path])
    #expect(add.status == 1, "\(add.stdout) \(add.stderr)")
    #expect(try Data(contentsOf: data.appendingPathComponent("todo.sqlite")) == before)
  }
}
