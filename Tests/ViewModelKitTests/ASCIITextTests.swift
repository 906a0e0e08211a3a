import Testing
import ViewModelKit

/// Issue 39, item 7: one ASCII transliteration for the TUI's painter and the features' ASCII
/// formats.
@Suite("ASCIIText: the one transliteration")
struct ASCIITextTests {
  @Test(
    "symbols, accents, the degree sign, arrows, and ? for the rest",
    arguments: [
      ("Reykjavík: ❄ 0°C", "Reykjavik: ? 0C"), ("Loading…", "Loading..."), ("a — b", "a - b"),
      ("“quoted”", "\"quoted\""), ("←↑↓→ move", "arrows move"), ("東京", "??"), ("plain", "plain"),
    ])
  func folds(text: String, expected: String) {
    #expect(ASCIIText.of(text) == expected)
  }
}
