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

  @Test(
    "issue 38, item 2: a paste past the cap gives the cap's text; the rest of it is dropped, not read as keys"
  )
  func long() {
    var decoder = KeyDecoder()
    let text = String(repeating: "abcdefgq", count: BracketedPaste.capBytes / 4)
    var keys = decoder.decode(Array(start.utf8))
    for chunk in Array(text.utf8).chunked(65_536) { keys += decoder.decode(chunk) }
    keys += decoder.decode(Array((end + "z").utf8))
    #expect(keys == [.text(String(text.prefix(BracketedPaste.capBytes))), .character("z")])
  }

  @Test("issue 38, item 2: a Ctrl-C in an open paste ends it and is Ctrl-C, after the cap too")
  func controlC() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array((start + "half a pas").utf8)) == [])
    #expect(
      decoder.decode([0x03, UInt8(ascii: "q")]) == [
        .text("half a pas"), .controlC, .character("q"),
      ])
    #expect(decoder.waitLimit == nil)
    var capped = KeyDecoder()
    let big = Array((start + String(repeating: "x", count: BracketedPaste.capBytes + 100)).utf8)
    #expect(capped.decode(big).count == 1)
    #expect(capped.decode(Array("more".utf8) + [0x03]) == [.controlC])
  }

  @Test(
    "issue 38, item 2: a paste with no end marker ends at the silence; the keys after it are keys")
  func silence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array((start + "dropped connection\u{1B}[20").utf8)) == [])
    #expect(decoder.waitLimit == KeyDecoder.pasteSilence)
    #expect(decoder.flush() == [.text("dropped connection")])
    #expect(decoder.waitLimit == nil)
    #expect(decoder.decode(Array("q".utf8)) == [.character("q")])
    var escape = KeyDecoder()
    _ = escape.decode([0x1B])
    #expect(escape.waitLimit == KeyDecoder.escapeWait)
  }
}

extension Array {
  fileprivate func chunked(_ size: Int) -> [[Element]] {
    stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
  }
}
