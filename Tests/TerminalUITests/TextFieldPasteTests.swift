import Testing

@testable import TerminalUI

/// Issue 26, item 8: pasting costs what is pasted, and a field holds at most its capacity.
@Suite("TextField: long pastes")
struct TextFieldPasteTests {
  @Test("a 1 MB paste in 4 KiB reads fills the field to its capacity and drops the rest")
  @MainActor
  func megabytePaste() {
    var field = TextField()
    var decoder = KeyDecoder()
    let bytes = Array(String(repeating: "abcdefghij", count: 104_858).utf8)
    for start in stride(from: 0, to: bytes.count, by: 4_096) {
      let chunk = Array(bytes[start..<min(bytes.count, start + 4_096)])
      for key in TerminalRunLoop.coalesced(decoder.decode(chunk), text: true) {
        field.handle(key)
      }
    }
    #expect(field.text.count == TextField.capacity)
    #expect(field.cursor == TextField.capacity)
    #expect(field.text.hasPrefix("abcdefghijabc"))
  }

  @Test("TD-44's 10,000-character paste is kept whole")
  func tenThousand() {
    var field = TextField()
    field.handle(.text(String(repeating: "x", count: 10_000)))
    #expect(field.text.count == 10_000)
  }

  @Test("a combining mark typed at the end joins the character before; the cursor stays right")
  func combiningSeam() {
    var field = TextField(text: "cafe")
    field.handle(.character("\u{301}"))
    #expect(field.text == "caf\u{E9}" && field.cursor == 4)
    field.handle(.text("s ok"))
    #expect(field.text == "caf\u{E9}s ok" && field.cursor == 8)
    field.handle(.home)
    field.handle(.text("<"))
    field.handle(.end)
    field.handle(.backspace)
    #expect(field.text == "<caf\u{E9}s o" && field.cursor == 8)
  }
}
