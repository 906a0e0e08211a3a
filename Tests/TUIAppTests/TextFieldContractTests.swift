import Foundation
import TUIApp
import TerminalUI
import Testing

/// Issue 29, item 2: every text field is the one `TextField`, with the same editing keys.
/// The same key scripts run in every form's first field; each must leave the field as typing
/// its result does.
@Suite("TUI: one text-field contract")
@MainActor
struct TextFieldContractTests {
  /// Keys, and the text they leave in a field.
  struct Script: Sendable {
    let keys: [Key]
    let result: String
  }

  nonisolated static func typing(_ text: String) -> [Key] { text.map { Key.character($0) } }

  nonisolated static let scripts = [
    // Word back, to start and end, word moves, cut to end.
    Script(
      keys: typing("hello world") + [.controlW, .controlW] + typing("abc def")
        + [
          .controlA, .character("X"), .controlE, .character("Z"), .wordLeft, .character("Y"),
          .home, .wordRight, .controlK, .end,
        ] + typing(" w"),
      result: "Xabc w"),
    // Cut to start, arrows, Delete and Backspace.
    Script(
      keys: typing("one two") + [.left, .left, .controlU] + typing("ok ") + [.end, .backspace]
        + [.home, .delete],
      result: "k w"),
  ]

  @Test("each script leaves each field as typing its result does", arguments: KeyBurstTests.forms)
  func contract(form: KeyBurstTests.Form) throws {
    for script in Self.scripts {
      let scripted = try KeyBurstTests.harness(form.app)
      scripted.press(form.open)
      let typed = try KeyBurstTests.harness(form.app)
      typed.press(form.open)
      // The field's row (the rest of a screen may follow the text's way there: a list's
      // selection as the filter narrowed and widened).
      let got = scripted.press(script.keys).components(separatedBy: "\n")
      let want = typed.press(Self.typing(script.result)).components(separatedBy: "\n")
      let rows = want.indices.filter { want[$0].contains("[\(script.result) ") }
      #expect(!rows.isEmpty, "\(want)")
      for row in rows { #expect(got[row] == want[row], "\(form.name): \(script.result)") }
    }
  }

  @Test("the decoder reads the editing keys as terminals send them")
  func decoding() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode([0x01, 0x05, 0x0B, 0x15, 0x17]) == [
        .controlA, .controlE, .controlK, .controlU, .controlW,
      ])
    #expect(decoder.decode(Array("\u{1B}b\u{1B}f".utf8)) == [.wordLeft, .wordRight])
    #expect(decoder.decode(Array("\u{1B}[1;3D\u{1B}[1;5C".utf8)) == [.wordLeft, .wordRight])
  }

  @Test("with a field focused the help bar shows the field's keys")
  func helpBar() {
    let h = TUIHarness()
    let lines = h.press(.character("+"), .enter, .character("n")).components(separatedBy: "\n")
    #expect(lines[23].contains("^W word") && lines[23].contains("^U/^K cut"), "\(lines[23])")
  }
}
