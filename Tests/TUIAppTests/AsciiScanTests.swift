import Foundation
import TUIApp
import TerminalUI
import Testing

/// Issue 29, item 6: under `--ascii` no screen, help bar or overlay draws a byte above 0x7E,
/// and the symbols read as words (`arrows pan`, `switch C and F`), not as `?`.
@Suite("TUI: ASCII means ASCII")
@MainActor
struct AsciiScanTests {
  /// A screen of an app at a size, after some keys.
  struct Case: Sendable, CustomTestStringConvertible {
    let app: KeyBurstTests.App
    let keys: [Key]
    var testDescription: String { "\(app) \(keys.count) keys" }
  }

  nonisolated static let cases = [
    Case(app: .checkout, keys: []), Case(app: .checkout, keys: [.character("?")]),
    Case(app: .checkout, keys: [.character("+"), .enter]),
    Case(app: .checkout, keys: [.character("A")]),
    Case(app: .todo, keys: []), Case(app: .todo, keys: [.character("?")]),
    Case(app: .todo, keys: [.character("n")]), Case(app: .weather, keys: [.character("?")]),
    Case(
      app: .weather,
      keys: [.character("/"), .controlU] + "London".map(Key.character) + [
        .enter, .escape, .character("m"),
      ]),
    Case(app: .tweets, keys: []), Case(app: .tweets, keys: [.character("?")]),
  ]

  @Test("every screen at 40x12, 80x24 and 200x60 is ASCII", arguments: cases)
  func scan(_ item: Case) throws {
    for (width, height) in [(40, 12), (80, 24), (200, 60)] {
      let h = try KeyBurstTests.harness(item.app)
      h.ascii = true
      h.resize(width, height)
      let screen = h.press(item.keys)
      let wide = screen.unicodeScalars.first { $0.value > 0x7E }
      #expect(wide == nil, "\(width)x\(height): \(String(describing: wide))\n\(screen)")
      // The help bar is the screens' own words (the rest may hold content, a `東京` that has
      // no ASCII form, and glyphs the view models make in their own ASCII set under --ascii).
      let bar = screen.components(separatedBy: "\n").last ?? ""
      #expect(!bar.contains("?C") && !bar.contains("??"), "\(width)x\(height): \(bar)")
    }
  }

  @Test("the weather help reads as words")
  func words() throws {
    let h = try KeyBurstTests.harness(.weather)
    h.ascii = true
    let help = h.press(.character("?"))
    #expect(help.contains("switch C and F") && help.contains("arrows (map)"), "\(help)")
  }
}
