import Foundation
import Testing

/// Small files with names that explain themselves: none under `Sources/` is over 350 lines.
@Suite("File size")
struct FileSizeTests {
  static let limit = 350

  /// The Swift files under `root/Sources` with more than `limit` lines, with their counts.
  static func oversized(under root: URL) throws -> [String] {
    let sources = root.appendingPathComponent("Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    else { return [] }
    var found: [String] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      if lines > limit { found.append("\(url.lastPathComponent): \(lines)") }
    }
    return found.sorted()
  }

  @Test("no file under Sources is over 350 lines")
  func noFileOverTheLimit() throws {
    let oversized = try Self.oversized(under: LayeringTests.packageRoot)
    #expect(oversized.isEmpty, "\(oversized)")
  }

  @Test("the check bites: a 351-line file is reported, a 350-line one is not")
  func theCheckBites() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("filesize-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Sources/Big")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try String(repeating: "//\n", count: 351).write(
      to: folder.appendingPathComponent("Big.swift"), atomically: true, encoding: .utf8)
    try String(repeating: "//\n", count: 350).write(
      to: folder.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
    #expect(try Self.oversized(under: root) == ["Big.swift: 351"])
  }
}
