import Testing

@testable import TerminalUI

/// Issue 29, item 3: the terminal's SGR (1006) mouse reports become clicks and wheel steps;
/// everything else a mouse sends is dropped, and no key is lost around them.
@Suite("TUI: mouse reports")
struct MouseDecodingTests {
  func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8))
  }

  @Test(
    "clicks and the wheel, 1-based cells to 0-based; modifiers ignored",
    arguments: [
      ("\u{1B}[<0;5;1M", Key.mouse(MouseEvent(.click, row: 0, column: 4))),
      ("\u{1B}[<64;10;20M", .mouse(MouseEvent(.wheelUp, row: 19, column: 9))),
      ("\u{1B}[<65;1;1M", .mouse(MouseEvent(.wheelDown, row: 0, column: 0))),
      ("\u{1B}[<16;200;60M", .mouse(MouseEvent(.click, row: 59, column: 199))),
    ])
  func reports(text: String, key: Key) {
    #expect(keys("a" + text + "b") == [.character("a"), key, .character("b")])
  }

  @Test(
    "releases, drags, other buttons and the sideways wheel are dropped whole",
    arguments: ["\u{1B}[<0;5;1m", "\u{1B}[<32;5;1M", "\u{1B}[<2;5;1M", "\u{1B}[<66;5;1M"])
  func dropped(text: String) {
    #expect(keys("a" + text + "b") == [.character("a"), .character("b")])
  }

  @Test("a report split across reads waits for its end; a lone Esc is still Esc")
  func split() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("x\u{1B}[<0;1".utf8)) == [.character("x")])
    #expect(
      decoder.decode(Array("2;3Mq".utf8)) == [
        .mouse(MouseEvent(.click, row: 2, column: 11)), .character("q"),
      ])
    var lone = KeyDecoder()
    #expect(lone.decode([0x1B]) == [] && lone.flush() == [.escape])
    #expect(keys("\u{1B}[A") == [.up])
  }

  @Test(
    "what is not a report is read as keys, never as a click",
    arguments: [
      "\u{1B}[<a;1;1M", "\u{1B}[<0;1M", "\u{1B}[<0;123456;1M", "\u{1B}[<;1;1M",
    ])
  func malformed(text: String) {
    #expect(!keys(text).contains { if case .mouse = $0 { true } else { false } })
  }

  @Test("the tab bar says which tab a column falls on, with names and with numbers only")
  func tabBar() {
    let tabs = [(1, "Weather"), (2, "Tweets"), (3, "Todo")].map { (number: $0.0, label: $0.1) }
    // "[1 Weather]  2 Tweets    3 Todo "
    #expect(TabBar.tab(at: 0, tabs: tabs, current: 1, width: 80) == 1)
    #expect(TabBar.tab(at: 10, tabs: tabs, current: 1, width: 80) == 1)
    #expect(TabBar.tab(at: 11, tabs: tabs, current: 1, width: 80) == nil)
    #expect(TabBar.tab(at: 12, tabs: tabs, current: 1, width: 80) == 2)
    #expect(TabBar.tab(at: 24, tabs: tabs, current: 1, width: 80) == 3)
    #expect(TabBar.tab(at: 40, tabs: tabs, current: 1, width: 80) == nil)
    // "[1]  2    3 " when the names do not fit.
    #expect(TabBar.tab(at: 5, tabs: tabs, current: 1, width: 12) == 2)
  }

  @Test("a list says which row a line of its window shows, rows of several lines included")
  func listRows() {
    var list = ListState()
    let rows = ListRows(count: 10, height: { $0 == 0 ? 3 : 1 })
    #expect(list.row(atLine: 0, in: rows) == 0 && list.row(atLine: 2, in: rows) == 0)
    #expect(list.row(atLine: 3, in: rows) == 1 && list.row(atLine: 11, in: rows) == 9)
    #expect(list.row(atLine: 12, in: rows) == nil && list.row(atLine: -1, in: rows) == nil)
    list.select(9, in: rows, visible: 4)
    #expect(list.row(atLine: 0, in: rows) == list.offset)
  }
}
