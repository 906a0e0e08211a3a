import CLIFuzzHarness
import Foundation
import Testing

/// Issue 9: every input of the fuzz target's committed corpus (seeds and what fuzzing found
/// worth keeping) runs through the harness without a trap, in the ordinary test run.
@Suite("CLI: the fuzz corpus replays")
@MainActor
struct FuzzCorpusTests {
  static var corpus: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fuzz/corpus").standardized
  }

  @Test("each corpus input runs as a session of its app")
  func replay() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.corpus, includingPropertiesForKeys: nil)
    #expect(files.count >= 9)
    for file in files {
      let status = CLIFuzzHarness.run(Array(try Data(contentsOf: file)))
      #expect(status == 0 || status == 1, "\(file.lastPathComponent)")
    }
  }

  @Test("the seeds mean what they say: an order is placed, odd input is refused with status 1")
  func seeds() throws {
    let order = try Data(contentsOf: Self.corpus.appendingPathComponent("checkout-order"))
    #expect(CLIFuzzHarness.run(Array(order)) == 0)
    let odd = try Data(contentsOf: Self.corpus.appendingPathComponent("tweets-odd"))
    #expect(CLIFuzzHarness.run(Array(odd)) == 1)
  }
}
