import Foundation
import Testing

@testable import WebApp

/// Issue 52, item 7: the page's patch rule (`patch` in `dom.js`) is checked against the Swift
/// rule on the same generated cases. The cases (an old state, a new one, the patch the server
/// sends between them) are kept in `Tests/Browser/patch-cases.json`: this suite checks that
/// Swift makes exactly those patches and that each gives the new state; the browser tests apply
/// the same patches with the page's script (`check_patch_cases`). `RECORD_PATCH_CASES=1`
/// writes the file again from the seeded generator.
@Suite("Web: the patch cases the page is checked on")
struct JSONPatchCasesTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Browser/patch-cases.json").standardized

  /// A small seeded generator (SplitMix64), so the cases are the same on every machine.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  static func state(_ random: inout Seeded) -> JSONTree {
    let titles = ["a", "b", "ü 🌊"]
    let rows = (0..<random.next(13)).map { _ in
      JSONPatchTests.row(
        random.next(10), done: random.next(2) == 1, title: titles[random.next(titles.count)])
    }
    let notes: [String?] = [nil, "x", "y"]
    return JSONPatchTests.state(rows: rows, note: notes[random.next(notes.count)])
  }

  /// 300 pairs of states, and the patch between each (null when they are the same).
  static func generated() -> JSONTree {
    var random = Seeded(state: 52)
    return .array(
      (0..<300).map { _ in
        let old = state(&random)
        let new = state(&random)
        return .object([
          "old": old, "new": new, "patch": JSONPatch.from(old, to: new) ?? .null,
        ])
      })
  }

  @Test("issue 52: the kept cases are Swift's patches, and each gives its new state")
  func cases() throws {
    let generated = Self.generated()
    if ProcessInfo.processInfo.environment["RECORD_PATCH_CASES"] != nil {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try encoder.encode(generated).write(to: Self.file)
    }
    let kept = try JSONTree(json: Data(contentsOf: Self.file))
    #expect(kept == generated, "record again with RECORD_PATCH_CASES=1")
    guard case .array(let entries) = kept else {
      Issue.record("the cases file holds no list")
      return
    }
    #expect(entries.count == 300)
    for case .object(let entry) in entries {
      let (old, new, patch) = (entry["old"] ?? .null, entry["new"] ?? .null, entry["patch"])
      #expect((patch == .null) == (old == new))
      if let patch, patch != .null { #expect(JSONPatch.apply(patch, to: old) == new) }
    }
  }
}
