import AppEnvironment
import Foundation
import Testing

/// The README and the docs say how many apps there are only as the registry does (issue 39,
/// item 7): a sentence that counts the apps in words counts them right.
@Suite("The docs count the apps the registry has")
struct AppCountInDocsTests {
  static let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every "<number word> apps" or "<number word> features" in `text`, as the number word.
  static func counts(in text: String) -> [String] {
    text.lowercased().matches(
      of: /\b(one|two|three|four|five|six|seven|eight|nine) (apps|features)\b/
    )
    .map { String($0.output.1) }
  }

  @Test("every count of the apps in README.md and Docs/ is the registry's")
  func countsMatch() throws {
    let count = AppRegistry.standard.apps.count
    let word = Self.words[count - 1]
    var pages = [Self.root.appendingPathComponent("README.md")]
    pages += try FileManager.default.contentsOfDirectory(
      at: Self.root.appendingPathComponent("Docs"), includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "md" }
    var seen = 0
    for page in pages {
      let found = Self.counts(in: try String(contentsOf: page, encoding: .utf8))
      seen += found.count
      #expect(found.allSatisfy { $0 == word }, "\(page.lastPathComponent): \(found), not \(word)")
    }
    #expect(seen > 0, "the check reads some count")
  }

  @Test("the check bites")
  func theCheckBites() {
    #expect(Self.counts(in: "The Four apps and the three features.") == ["four", "three"])
  }
}
