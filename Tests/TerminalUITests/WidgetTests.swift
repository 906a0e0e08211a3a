import TerminalUI
import Testing
import TextColumns
import ViewModelKit
import ViewModelKitTesting

@Suite("Terminal toolkit")
struct WidgetTests {
  func painter(_ width: Int = 40, _ height: Int = 12, ascii: Bool = false) -> (
    MemoryCanvas, Painter
  ) {
    let canvas = MemoryCanvas(width: width, height: height)
    return (canvas, Painter(canvas: canvas, ascii: ascii, color: true))
  }

  @Test func keyDecoderReadsArrowsControlsAndUTF8() {
    var decoder = KeyDecoder()
    let bytes = Array(
      "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\r\t\u{1B}[Z\u{7F}\u{1B}[3~\u{03}é中"
        .utf8)
    #expect(
      decoder.decode(bytes) == [
        .up, .down, .right, .left, .pageUp, .pageDown, .home, .end, .enter, .tab, .shiftTab,
        .backspace,
        .delete, .controlC, .character("é"), .character("中"),
      ])
    // A lone ESC may begin a sequence: it waits, and the run loop's flush (after
    // `KeyDecoder.escapeWait` with nothing more) reads it as Esc.
    #expect(decoder.decode([0x1B]) == [] && decoder.isWaiting)
    #expect(decoder.flush() == [.escape] && !decoder.isWaiting)
  }

  @Test("an escape sequence split between reads is read whole; flushed, its bytes are keys")
  func keyDecoderSplitSequences() {
    for text in ["\u{1B}[A", "\u{1B}[1;5C", "\u{1B}OA", "\u{1B}[3~", "\u{1B}b"] {
      let bytes = Array(text.utf8)
      var whole = KeyDecoder()
      let expected = whole.decode(bytes)
      for cut in 1..<bytes.count {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array(bytes[..<cut])) + decoder.decode(Array(bytes[cut...]))
        #expect(keys == expected, "\(text.debugDescription) cut at \(cut)")
      }
    }
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
    #expect(decoder.flush() == [.escape, .character("[")])
    #expect(decoder.decode(Array("\u{1B}x".utf8)) == [.escape, .character("x")], "not a sequence")
  }

  @Test func keyDecoderWaitsForTheRestOfASplitCharacter() {
    var decoder = KeyDecoder()
    let bytes = Array("ë".utf8)
    #expect(decoder.decode([bytes[0]]) == [])
    #expect(decoder.decode([bytes[1]]) == [.character("ë")])
  }

  @Test func textWidthCountsCells() {
    #expect(TextWidth.of("abc") == 3)
    #expect(TextWidth.of("中文") == 4)
    #expect(TextWidth.of("👩‍🔬") == 2)
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(TextWidth.truncate("Bag of Peas", to: 6) == "Bag o…")
    #expect(TextWidth.truncate("中文中文", to: 5) == "中文…")
    #expect(TextWidth.pad("ab", to: 4) == "ab  ")
  }

  @Test func memoryCanvasDrawsWideCharactersAndCutsAtTheEdge() {
    let canvas = MemoryCanvas(width: 6, height: 2)
    canvas.draw("中文ab", row: 0, column: 0)
    canvas.draw("x中", row: 1, column: 4)
    #expect(canvas.lines() == ["中文ab", "    x"])
  }

  @Test func textFieldEditing() {
    var field = TextField()
    for key: Key in [
      .character("a"), .character("c"), .left, .character("b"), .home, .character("<"), .end,
      .character(">"),
    ] {
      field.handle(key)
    }
    #expect(field.text == "<abc>")
    field.handle(.home)
    field.handle(.delete)
    field.handle(.end)
    field.handle(.backspace)
    #expect(field.text == "abc")
    field.handle(.left)
    field.handle(.backspace)
    #expect(field.text == "ac" && field.cursor == 1)
    field.handle(.character("中"))
    field.handle(.character("👩‍🔬"))
    #expect(field.text == "a中👩‍🔬c")
    #expect(field.handle(.up) == false)
  }

  @Test func textFieldScrollsToShowTheCursor() {
    let (canvas, p) = painter(20, 1)
    var field = TextField()
    for character in "abcdefghijklmnop" { field.handle(.character(character)) }
    field.draw(p, row: 0, column: 0, width: 10, focused: true)
    #expect(canvas.lines()[0] == "[jklmnop ]")
    #expect(canvas.cursor?.column == 8)
  }

  @Test func tabBarShowsNumbersOnlyWhenNarrow() {
    let tabs = [(1, "Weather"), (2, "Tweets"), (3, "Todo"), (4, "Checkout")]
    let (wide, p) = painter(80, 2)
    TabBar.draw(p, tabs: tabs, current: 1)
    #expect(wide.lines()[0] == "[1 Weather]  2 Tweets   3 Todo   4 Checkout")
    let (narrow, q) = painter(30, 2)
    TabBar.draw(q, tabs: tabs, current: 3)
    #expect(narrow.lines()[0] == " 1   2  [3]  4")
  }

  @Test func helpBarDropsAppHintsFromTheRight() {
    let (canvas, p) = painter(40, 1)
    HelpBar.draw(
      p, row: 0,
      hints: [
        Hint("j/k", "move"), Hint("+/-", "qty"), Hint("/", "filter"), Hint("Enter", "checkout"),
      ], global: [Hint("?", "help"), Hint("q", "quit")])
    #expect(canvas.lines()[0] == " j/k move  +/- qty  ? help  q quit")
    let (wide, q) = painter(60, 1)
    HelpBar.draw(
      q, row: 0, hints: [Hint("x", "currency", enabled: false)], global: [Hint("q", "quit")])
    #expect(wide.lines()[0] == " x currency  q quit")
    #expect(wide.style(row: 0, column: 1).contains(.dim))
  }

  @Test func buttonsShowTheirState() {
    let (canvas, p) = painter(30, 1)
    let end = Button.draw(p, "OK", enabled: true, row: 0, column: 0)
    Button.draw(p, "Place order", enabled: false, row: 0, column: end + 1)
    #expect(canvas.lines()[0] == "[ OK ] ( Place order )")
    #expect(canvas.style(row: 0, column: 8).contains(.dim))
  }

  @Test func modalIsCentredAndASCIIWhenAsked() {
    let (canvas, p) = painter(30, 7, ascii: true)
    Modal.draw(p, title: "Pick", lines: ["one", "two…"], highlighted: 1, minimumWidth: 10)
    #expect(
      Array(canvas.lines()[1...4]) == [
        "        + Pick ------+", "        | one        |", "        | two...     |",
        "        +------------+",
      ])
    #expect(canvas.style(row: 3, column: 10).contains(.reverse))
    #expect(!canvas.style(row: 2, column: 10).contains(.reverse))
  }

  @Test func boxesDrawWithTheSessionsGlyphSet() {
    for (ascii, expected) in [
      (false, ["┌─ Map ─────┐", "│ x         │", "│───────────│", "└───────────┘"]),
      (true, ["+- Map -----+", "| x         |", "|-----------|", "+-----------+"]),
    ] {
      let (canvas, p) = painter(13, 4, ascii: ascii)
      let box = Box(painter: p)
      box.top(title: "Map", left: 0, width: 13, row: 0)
      p.text(" x", row: 1, column: 1)
      box.sides(left: 0, width: 13, row: 1)
      box.rule(left: 0, width: 13, row: 2)
      box.bottom(left: 0, width: 13, row: 3)
      #expect(canvas.lines() == expected)
      #expect(p.glyphs == (ascii ? .ascii : .unicode))
    }
    let (canvas, p) = painter(4, 1)
    Box(painter: p).top(title: "A long title", left: 0, width: 1, row: 0)  // too narrow: nothing
    #expect(canvas.lines() == [""])
  }

  @Test func toastClearsAfterThreeSecondsOnTheScheduler() {
    let scheduler = DispatchQueue.test
    var redraws = 0
    let toast = Toast(scheduler: scheduler.asAny) { redraws += 1 }
    toast.show("First")
    scheduler.advance(seconds: 2)
    toast.show("Second")
    scheduler.advance(seconds: 1.5)
    #expect(toast.message == "Second")
    scheduler.advance(seconds: 1.5)
    #expect(toast.message == nil)
    let (canvas, p) = painter(12, 1)
    toast.show("A very long message")
    toast.draw(p, row: 0)
    #expect(canvas.lines()[0] == " ! A very l…")
    #expect(redraws >= 4)
  }

  @Test func titleLineShowsTheSpinnerAndStatus() {
    let (canvas, p) = painter(40, 2)
    TitleLine.draw(p, row: 0, title: "Checkout", spinnerTick: 1, status: "Currency: AUD")
    #expect(canvas.lines()[0] == " Checkout ⠙               Currency: AUD")
    let (ascii, q) = painter(40, 2, ascii: true)
    TitleLine.draw(q, row: 0, title: "Checkout", spinnerTick: 1, status: "")
    #expect(ascii.lines()[0] == " Checkout /")
  }

  @Test func asciiModeReplacesEverythingElse() {
    #expect(Painter.asciiOnly("Zoë … ─│┌ 東 12°C ←↑↓→") == "Zoe ... -|+ ? 12C arrows")
  }
}

@Suite("Word wrap")
struct WordWrapTests {
  @Test("breaks at spaces, splits long words, keeps newlines, counts wide characters")
  func wrap() {
    #expect(
      WordWrap.lines("Backpressure is just polite", width: 12) == [
        "Backpressure", "is just", "polite",
      ])
    #expect(WordWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(WordWrap.lines("one\ntwo three", width: 20) == ["one", "two three"])
    #expect(WordWrap.lines("東京 東京東京", width: 4) == ["東京", "東京", "東京"])
    let cut = WordWrap.lines(String(repeating: "word ", count: 40), width: 10, limit: 3)
    #expect(cut.count == 3 && cut[2].hasSuffix("…") && cut.allSatisfy { TextWidth.of($0) <= 10 })
  }
}
