import Testing
import TextColumns

@Suite("TextWidth: the one measure of display text")
struct TextWidthTests {
  @Test(
    "cells per grapheme cluster",
    arguments: [
      ("abc", 3), ("東京", 4), ("ストリーム", 10), ("🌊", 2), ("⌚", 2), ("👩‍🔬", 2), ("e\u{301}", 1),
      ("❤️", 2), ("Ω", 1), ("", 0), ("1\u{FE0F}\u{20E3}", 2), ("©\u{FE0F}", 2), ("©", 1),
      ("a\u{AD}b", 2), ("\r\n", 1), ("x\u{0}y", 2), ("é", 1), ("e\u{301}x", 2), ("tab\t", 4),
    ])
  func cells(text: String, width: Int) {
    #expect(TextWidth.of(text) == width)
  }

  @Test("cutting never splits a wide character")
  func truncation() {
    #expect(TextWidth.truncate("東京太郎", to: 5) == "東京…")
    #expect(TextWidth.pad("ab", to: 4) == "ab  ")
  }
}
