import Testing

@testable import TerminalUI

/// Issue 29, items 1 and 2: a bracketed paste is one `.text` key, however the reads split it.
@Suite("TUI: bracketed paste")
struct BracketedPasteTests {
  let start = "\u{1B}[200~"
  let end = "\u{1B}[201~"

  @Test("a paste between keys is one text key; keys after it are keys again")
  func oneRead() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Array(("a" + start + "q/?\u{1B}[A" + end + "q").utf8))
        == [.character("a"), .text("q/?[A"), .character("q")])
  }

  @Test("split anywhere, markers included, it is the same one key")
  func splits() {
    let bytes = Array(("x" + start + "hello world" + end + "y").utf8)
    for cut in 1..<bytes.count {
      var decoder = KeyDecoder()
      let keys =
        decoder.decode(Array(bytes[..<cut])) + decoder.decode(Array(bytes[cut...]))
        + decoder.flush()
      #expect(keys == [.character("x"), .text("hello world"), .character("y")], "cut at \(cut)")
    }
  }

  @Test("line breaks and tabs become spaces; other control characters go; bad UTF-8 is repaired")
  func cleaned() {
    var decoder = KeyDecoder()
    let bytes = Array((start + "one\r\ntwo\nthree\tfour\u{07}").utf8) + [0xFF] + Array(end.utf8)
    #expect(decoder.decode(bytes) == [.text("one two three four\u{FFFD}")])
    var empty = KeyDecoder()
    #expect(empty.decode(Array((start + "\u{07}" + end).utf8)) == [])
  }

  @Test("a very long paste comes in pieces, none lost")
  func long() {
    var decoder = KeyDecoder()
    let text = String(repeating: "abcdefgh", count: (BracketedPaste.pieceLimit / 8) * 2)
    var keys = decoder.decode(Array(start.utf8))
    for chunk in Array(text.utf8).chunked(65_536) { keys += decoder.decode(chunk) }
    keys += decoder.decode(Array((end + "z").utf8))
    let pasted = keys.compactMap { if case .text(let piece) = $0 { piece } else { nil } }.joined()
    #expect(pasted == text && keys.last == .character("z") && keys.count > 2)
  }
}

extension Array {
  fileprivate func chunked(_ size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
