import Foundation
import SnapshotTesting
import TUIApp
import TerminalUI
import Testing

/// Issue 29, items 4 and 6: every screen (16, the map at zoom 1 among them) at 40x12, 80x24, 120x40 and 200x60, plain and
/// `--ascii`, as text committed under `__Snapshots__/ScreenSnapshotTests`, so that a layout
/// change is a reviewed diff; and the ASCII ones hold no byte above 0x7E.
///
/// A missing snapshot is written and the test fails, so a new screen's first run records it
/// and CI (which never records) fails until it is committed. To re-record after a deliberate
/// change: `SNAPSHOT_TESTING_RECORD=all swift test --filter ScreenSnapshotTests`, then review
/// `git diff`.
@Suite("TUI: screen snapshots")
@MainActor
struct ScreenSnapshotTests {
  /// A screen: an app after some keys, named for its file.
  struct Screen: Sendable, CustomTestStringConvertible {
    let name: String
    let app: KeyBurstTests.App
    let keys: [Key]
    var testDescription: String { name }
  }

  nonisolated static let screens = [
    Screen(name: "checkout-catalog", app: .checkout, keys: []),
    Screen(name: "checkout-help", app: .checkout, keys: [.character("?")]),
    Screen(name: "checkout-cart", app: .checkout, keys: [.character("+"), .enter]),
    Screen(
      name: "checkout-order-form", app: .checkout,
      keys: [.character("+"), .enter, .character("n")]),
    Screen(name: "checkout-account", app: .checkout, keys: [.character("A")]),
    Screen(name: "todo-list", app: .todo, keys: []),
    Screen(name: "todo-help", app: .todo, keys: [.character("?")]),
    Screen(name: "todo-editor", app: .todo, keys: [.character("n")]),
    Screen(name: "weather-start", app: .weather, keys: []),
    Screen(name: "weather-help", app: .weather, keys: [.character("?")]),
    Screen(
      name: "weather-london", app: .weather,
      keys: [.character("/"), .controlU] + "London".map(Key.character) + [.enter]),
    Screen(
      name: "weather-map", app: .weather,
      keys: [.character("/"), .controlU] + "London".map(Key.character) + [
        .enter, .escape, .character("m"),
      ]),
    Screen(
      name: "weather-world", app: .weather,
      keys: [.character("m"), .character("-"), .character("-"), .character("-")]),
    Screen(name: "tweets-timeline", app: .tweets, keys: []),
    Screen(name: "tweets-help", app: .tweets, keys: [.character("?")]),
    Screen(name: "tweets-people", app: .tweets, keys: [.character("m")]),
    Screen(name: "tweets-person", app: .tweets, keys: [.character("m"), .enter]),
  ]

  nonisolated static let sizes = [(40, 12), (80, 24), (120, 40), (200, 60)]

  @Test("each screen at each size, plain and ASCII, is its committed snapshot", arguments: screens)
  func snapshot(_ screen: Screen) throws {
    for (width, height) in Self.sizes {
      for ascii in [false, true] {
        let text = try Self.draw(screen, width: width, height: height, ascii: ascii)
        assertSnapshot(
          of: text, as: .lines, named: "\(width)x\(height)\(ascii ? "-ascii" : "")",
          testName: screen.name)
        if ascii {
          let wide = text.unicodeScalars.first { $0.value > 0x7E }
          #expect(wide == nil, "\(screen.name) \(width)x\(height): \(String(describing: wide))")
        }
      }
    }
  }

  /// The screen's text: every row, trailing blanks cut, so a snapshot diff shows content.
  static func draw(_ screen: Screen, width: Int, height: Int, ascii: Bool) throws -> String {
    let h = try KeyBurstTests.harness(screen.app)
    h.ascii = ascii
    h.resize(width, height)
    let text = h.press(screen.keys)
    return
      text.components(separatedBy: "\n")
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n") + "\n"
  }
}
