import AppEnvironment
import Foundation
import Testing

/// Docs/Architecture.md's lists are checked against the code, as the file-size limit is, so the
/// page cannot drift from what it describes (issue 39, item 7).
@Suite("Docs match the code")
struct DocsMatchCodeTests {
  static let root = LayeringTests.packageRoot

  /// The text of Docs/Architecture.md from the heading `title` to the next heading of its level.
  static func section(_ title: String, level: String) throws -> String {
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    guard let start = page.range(of: "\n\(level) \(title)\n") else { return "" }
    let rest = page[start.upperBound...]
    let end = rest.range(of: "\n\(level) ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The types that claim `@unchecked Sendable` in the library sources (not the benchmarks),
  /// by the name their declaration gives.
  static func uncheckedSendableTypes(under sources: URL) throws -> [String] {
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    else { return [] }
    var names: Set<String> = []
    for case let url as URL in files
    where url.pathExtension == "swift" && !url.path.contains("/Sources/bench/") {
      let text = try String(contentsOf: url, encoding: .utf8)
      guard text.contains("@unchecked Sendable") else { continue }
      // The declaration the claim belongs to: the last `class`/`struct`/`extension` before it.
      for claim in text.ranges(of: "@unchecked Sendable") {
        let before = text[..<claim.lowerBound]
        let declaration = before.matches(of: /(?:class|struct|extension|actor) +([A-Za-z]+)/).last
        if let name = declaration?.output.1 { names.insert(String(name)) }
      }
    }
    return names.sorted()
  }

  @Test("every type that claims @unchecked Sendable is named in 'The one escape hatch'")
  func escapeHatches() throws {
    let section = try Self.section("The one escape hatch", level: "###")
    #expect(!section.isEmpty)
    let claimed = try Self.uncheckedSendableTypes(
      under: Self.root.appendingPathComponent("Sources"))
    #expect(claimed.count >= 8, "\(claimed)")
    let unnamed = claimed.filter { !section.contains("`\($0)`") }
    #expect(unnamed.isEmpty, "not in Docs/Architecture.md: \(unnamed)")
  }

  @Test("every module under Sources is in the layer table, but the executables")
  func layers() throws {
    let section = try Self.section("Layers", level: "##")
    let modules = try FileManager.default.contentsOfDirectory(
      at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil
    )
    .map(\.lastPathComponent).filter {
      !["cli", "tui", "web", "bench"].contains($0) && !$0.hasPrefix(".")
    }
    #expect(modules.count >= 14, "\(modules)")
    let missing = modules.filter { !section.contains("`\($0)`") }
    #expect(missing.isEmpty, "not in the layer table: \(missing)")
  }

  @Test("the checks bite: an unnamed claim and a missing module are found")
  func theChecksBite() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("docs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Sources/Made")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "final class Sneaky: @unchecked Sendable {}\n".write(
      to: folder.appendingPathComponent("Sneaky.swift"), atomically: true, encoding: .utf8)
    let claimed = try Self.uncheckedSendableTypes(under: root.appendingPathComponent("Sources"))
    #expect(claimed == ["Sneaky"])
    #expect(!(try Self.section("The one escape hatch", level: "###")).contains("`Sneaky`"))
  }
}

/// The per-app head line table in Docs/Architecture.md ("What each head writes per app") is
/// the tree's: its "now" columns are counted here.
@Suite("Docs: the head line table is the tree's")
struct HeadLineTableTests {
  /// Lines of the Swift files in `folder` (0 when there is none).
  static func lines(in folder: URL) throws -> Int {
    let files =
      (try? FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: nil)) ?? []
    return try files.filter { $0.pathExtension == "swift" }.reduce(0) { total, url in
      total
        + (try String(contentsOf: url, encoding: .utf8)).split(
          separator: "\n", omittingEmptySubsequences: false
        ).count - 1
    }
  }

  @Test("each app's TUI and CLI line counts now are the table's")
  func table() throws {
    let section = try DocsMatchCodeTests.section("What each head writes per app", level: "###")
    let sources = DocsMatchCodeTests.root.appendingPathComponent("Sources")
    for app in AppRegistry.standard.apps.map(\.title) {
      let tui = try Self.lines(in: sources.appendingPathComponent("TUIApp/\(app)"))
      let cli = try Self.lines(in: sources.appendingPathComponent("CLIApp/\(app)"))
      let row = section.split(separator: "\n").first { $0.hasPrefix("| \(app) |") }
      let cells = row?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(
        cells?[2] == String(tui) && cells?[4] == String(cli), "\(app): TUI \(tui), CLI \(cli)")
    }
  }
}
