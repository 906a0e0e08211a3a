import Testing

@testable import TerminalUI

@Suite("Keys: focus reports and Ctrl-Z")
struct FocusAndSuspendKeyTests {
  @Test("AV-03 CSI I and CSI O are focus-in and focus-out, also between other keys")
  func av03FocusReports() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[O".utf8)) == [.focusOut])
    #expect(decoder.decode(Array("\u{1B}[I".utf8)) == [.focusIn])
    #expect(
      decoder.decode(Array("j\u{1B}[Ok\u{1B}[I\u{1B}OA".utf8))
        == [.character("j"), .focusOut, .character("k"), .focusIn, .up])
  }

  @MainActor
  @Test("AV-04 Ctrl-Z is the suspend key, a text field's run of characters around it kept")
  func av04ControlZ() {
    var decoder = KeyDecoder()
    let keys = decoder.decode([0x61, 0x62, 0x1A, 0x63])
    #expect(keys == [.character("a"), .character("b"), .suspend, .character("c")])
    #expect(
      TerminalRunLoop.coalesced(keys, text: true) == [.text("ab"), .suspend, .character("c")])
  }
}
