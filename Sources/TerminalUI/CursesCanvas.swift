import CNCurses
import Foundation
import TextColumns
import ViewModelKit

/// The real terminal, through ncursesw's wide-character calls. Create it once; `restore()`
/// (also run at exit) gives the terminal back as it was.
public final class CursesCanvas: Canvas {
  public private(set) var width: Int = 80
  public private(set) var height: Int = 24
  private let color: Bool
  private var active = false

  // ncurses attribute bits (NCURSES_BITS(mask, shift) = mask << (shift + 8)).
  private static let reverseBit: Int32 = 1 << 18
  private static let dimBit: Int32 = 1 << 20
  private static let boldBit: Int32 = 1 << 21
  private static let underlineBit: Int32 = 1 << 17

  /// Whether the terminal is asked for mouse reports (`--no-mouse`, `mouse = false` say no).
  private let mouse: Bool

  public init(color: Bool, mouse: Bool = false) {
    self.color = color
    self.mouse = mouse
  }

  /// Takes over the terminal: no echo, raw keys, the alternate screen.
  public func start() {
    setlocale(LC_ALL, "")
    _ = initscr()
    _ = raw()
    _ = noecho()
    _ = nonl()
    _ = curs_set(0)
    if color, has_colors() {
      _ = start_color()
      _ = use_default_colors()
      _ = init_pair(1, Int16(COLOR_RED), -1)
      _ = init_pair(2, Int16(COLOR_GREEN), -1)
      _ = init_pair(3, Int16(COLOR_BLUE), -1)
      _ = init_pair(4, Int16(COLOR_YELLOW), -1)
    }
    active = true
    refreshSize()
    Self.reportFocus(true)
    if mouse { Self.reportMouse(true) }
  }

  /// Takes the terminal over again after `restore()` (back from a suspend): program mode, the
  /// alternate screen, focus reports, the size as it is now, and a full repaint next frame.
  public func resume() {
    guard !active else { return }
    active = true
    _ = refresh()
    _ = curs_set(0)
    refreshSize()
    _ = CNCurses.clear()  // erase, and repaint every cell at the next refresh
    Self.reportFocus(true)
    if mouse { Self.reportMouse(true) }
  }

  /// Asks the terminal to report clicks and the wheel (`CSI ? 1000 h`) in SGR form
  /// (`CSI ? 1006 h`: `CSI < b ; x ; y M`, any size of screen), or to stop. The keys are read
  /// as bytes by `KeyDecoder`, not through curses' `getch`, so the modes are set as the focus
  /// reports are, and `KeyDecoder` reads the reports. A terminal that knows neither mode
  /// ignores them and sends nothing.
  public static func reportMouse(_ on: Bool) {
    let sequence: StaticString = on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }

  /// Asks the terminal to report focus changes (`CSI ? 1004 h`: it then sends `CSI I` and
  /// `CSI O`) and to bracket pastes (`CSI ? 2004 h`), or to stop both. A terminal that does
  /// not know a mode ignores it.
  public static func reportFocus(_ on: Bool) {
    // With the focus reports, bracketed paste (mode 2004): a paste arrives between
    // `ESC [200~` and `ESC [201~`, and `KeyDecoder` makes it one `.text` key.
    let sequence: StaticString =
      on ? "\u{1B}[?1004h\u{1B}[?2004h" : "\u{1B}[?2004l\u{1B}[?1004l"
    _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
  }

  /// Reads the terminal's size again (after SIGWINCH).
  public func refreshSize() {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      width = Int(size.ws_col)
      height = Int(size.ws_row)
      if active { _ = resizeterm(Int32(height), Int32(width)) }
    }
  }

  public func clear() { _ = erase() }

  @discardableResult
  public func draw(_ text: String, row: Int, column: Int, style: TextStyle) -> Int {
    guard row >= 0, row < height, column < width else { return column }
    var attributes: Int32 = 0
    if style.contains(.bold) { attributes |= Self.boldBit }
    if style.contains(.dim) { attributes |= Self.dimBit }
    if style.contains(.reverse) { attributes |= Self.reverseBit }
    if style.contains(.underline) { attributes |= Self.underlineBit }
    // One colour pair a cell: red, else green, else blue, else yellow.
    if color {
      if style.contains(.red) {
        attributes |= 1 << 8
      } else if style.contains(.green) {
        attributes |= 2 << 8
      } else if style.contains(.blue) {
        attributes |= 3 << 8
      } else if style.contains(.yellow) {
        attributes |= 4 << 8
      }
    }
    _ = attrset(attributes)
    var x = column
    var run: [wchar_t] = []
    for character in text {
      let w = TextWidth.of(character)
      if w == 0 { continue }
      guard x + w <= width else { break }
      run += character.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
      x += w
    }
    run.append(0)
    // The bottom-right cell cannot take a character without scrolling; leave it.
    if row == height - 1 && x >= width, run.count > 1 {
      run.removeLast(2)
      run.append(0)
    }
    _ = mvaddwstr(Int32(row), Int32(column), run)
    _ = attrset(0)
    return x
  }

  public func placeCursor(row: Int, column: Int) {
    _ = curs_set(1)
    _ = move(Int32(row), Int32(column))
  }

  public func hideCursor() { _ = curs_set(0) }

  /// Shows what was drawn: one screen update per frame.
  public func present() {
    _ = refresh()
  }

  /// Gives the terminal back; safe to call more than once.
  public func restore() {
    guard active else { return }
    active = false
    Self.reportFocus(false)
    if mouse { Self.reportMouse(false) }
    _ = curs_set(1)
    _ = endwin()
  }
}
