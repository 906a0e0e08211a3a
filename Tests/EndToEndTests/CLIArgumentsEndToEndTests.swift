import Foundation
import Testing

/// Arguments a user gets wrong (issue 51, item 5): the built `cli` refuses them with the flag's
/// name and what it takes, exits 1 and writes nothing anywhere.
@Suite("End to end: arguments a user gets wrong (issue 51, item 5)")
struct CLIArgumentsEndToEndTests {
  /// Whether anything was made in `folder` (it exists and holds something).
  func madeAnything(in folder: URL) -> Bool {
    !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty
  }

  @Test("a flag missing its value is an error naming it, wherever it stands; nothing is written")
  func missingValue() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = folder.appendingPathComponent("store")
    for words in [
      ["todo", "add", "Buy", "milk", "--data-dir"], ["todo", "--data-dir"],
      ["todo", "list", "--config"], ["todo", "add", "Tea", "--data-dir", "--offline"],
    ] {
      let output = try await Executables.run(
        "cli", words, environment: ["HEADLESS_DATA_DIR": store.path])
      #expect(output.status == 1, "\(words)")
      #expect(output.stderr.contains("Missing value for '--"), "\(words): \(output.stderr)")
      #expect(output.stdout.isEmpty, "\(words): \(output.stdout)")
    }
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  @Test(
    "a value a flag does not take says which flag and what it takes, before or after the command")
  func invalidValue() async throws {
    for words in [
      ["todo", "list", "--color", "sometimes"], ["todo", "--color", "sometimes", "list"],
    ] {
      let output = try await Executables.run("cli", words + ["--ephemeral"])
      #expect(output.status == 1)
      #expect(
        output.stderr.contains("'--color <color>'") && output.stderr.contains("'never'"),
        "\(words): \(output.stderr)")
    }
  }

  @Test("a negative number is a value where a value is expected")
  func negativeValue() async throws {
    let days = try await Executables.run(
      "cli", ["weather", "forecast", "--days", "-1", "--offline", "--ephemeral"])
    #expect(days.status == 1 && days.stderr.contains("days: 1 to 16"), "\(days.stderr)")
    let location = try await Executables.run(
      "cli", ["weather", "now", "--location", "-85,2", "--offline", "--ephemeral"])
    #expect(location.status == 0 && location.stdout.contains("Sydney"), "\(location.stderr)")
    let uid = try await Executables.run("cli", ["todo", "modify", "-1", "+x", "--ephemeral"])
    #expect(
      uid.status == 1 && uid.stderr.contains("'-1'") && !uid.stderr.contains("Unknown option"))
  }

  @Test("config reports and makes nothing, not even the data folder")
  func configMakesNothing() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fresh = folder.appendingPathComponent("new")
    let output = try await Executables.run("cli", ["weather", "config", "--data-dir", fresh.path])
    #expect(output.status == 0)
    #expect(!FileManager.default.fileExists(atPath: fresh.path))
  }

  @Test(
    "a named data folder whose parent does not exist is refused: no tree of folders from a typo")
  func noTreeOfFolders() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let deep = folder.appendingPathComponent("typo/deep/dir")
    let output = try await Executables.run("cli", ["todo", "add", "Tea", "--data-dir", deep.path])
    #expect(output.status == 1 && output.stderr.contains("does not exist"), "\(output.stderr)")
    #expect(!madeAnything(in: folder))
    // One level is fine: the folder itself is made.
    let one = folder.appendingPathComponent("one")
    let made = try await Executables.run("cli", ["todo", "add", "Tea", "--data-dir", one.path])
    #expect(made.status == 0 && FileManager.default.fileExists(atPath: one.path))
  }
}
