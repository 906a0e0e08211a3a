import Fixtures
import Foundation
import Testing

@Suite("Fixture loader")
struct FixtureLoaderTests {
  struct Greeting: Decodable, Equatable {
    let greeting: String
    let language: String
  }

  @Test func readsABundledFixture() throws {
    let greeting = try FixtureLoader.bundled.decode(Greeting.self, from: "selftest/greeting.json")
    #expect(greeting == Greeting(greeting: "hello", language: "en"))
  }

  @Test func aMissingFixtureNamesTheFile() {
    #expect(throws: FixtureError.missing(file: "selftest/nope.json")) {
      try FixtureLoader.bundled.data("selftest/nope.json")
    }
    let error = FixtureError.missing(file: "selftest/nope.json")
    #expect(error.description == "fixture selftest/nope.json is missing")
  }

  @Test func aMalformedFixtureNamesTheFile() {
    do {
      _ = try FixtureLoader.bundled.decode(Greeting.self, from: "selftest/not-json.txt")
      Issue.record("decoding should fail")
    } catch {
      guard case .malformed(let file, _) = error else {
        Issue.record("expected .malformed, got \(error)")
        return
      }
      #expect(file == "selftest/not-json.txt")
      #expect(error.description.hasPrefix("fixture selftest/not-json.txt is malformed: "))
    }
  }

  @Test func anUnreadableFixtureNamesTheFile() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("fixtures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("app/folder.json"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let loader = FixtureLoader(root: root)
    #expect(throws: FixtureError.unreadable(file: "app/folder.json", reason: "it is a directory")) {
      try loader.data("app/folder.json")
    }
  }

  @Test func aWrongShapeIsMalformed() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("fixtures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try Data(#"{"greeting":"hi"}"#.utf8).write(to: root.appendingPathComponent("g.json"))
    #expect(throws: FixtureError.malformed(file: "g.json", reason: "no value for \"language\"")) {
      try FixtureLoader(root: root).decode(Greeting.self, from: "g.json")
    }
  }
}
