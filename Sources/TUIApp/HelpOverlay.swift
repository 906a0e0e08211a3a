import AppEnvironment
import TerminalUI

/// The `?` overlay: every key of the shell and of the screen shown, one entry a line, wrapped
/// under its meaning where the terminal is narrow, and scrolled by entries where it is short
/// (↑/↓, PgUp/PgDn, Home/End); Esc or `?` closes it. Its scroll position is the head's own
/// state, changed by keys only: drawing reads it and writes nothing.
struct HelpOverlay {
  /// The first entry shown.
  private(set) var offset = 0

  /// Scrolls for `key` among `count` entries, `page` at a time; false when the key closes it.
  mutating func handle(_ key: Key, count: Int, page: Int) -> Bool {
    let last = max(0, count - 1)
    switch key {
    case .escape, .character("?"): return false
    case .up, .character("k"): offset -= 1
    case .down, .character("j"): offset += 1
    case .pageUp: offset -= max(1, page)
    case .pageDown, .character(" "): offset += max(1, page)
    case .home, .character("g"): offset = 0
    case .end, .character("G"): offset = last
    default: break
    }
    offset = min(max(0, offset), last)
    return true
  }

  /// Draws `entries` from the scroll position, as many lines as fit.
  func draw(_ painter: Painter, entries: [(key: String, meaning: String)]) {
    let keyWidth = entries.map { painter.cellWidth(of: $0.key) }.max() ?? 0
    let inner = max(10, min(painter.width - 2, 80) - 4)
    let hanging = keyWidth + 2 < inner / 2 ? keyWidth + 2 : 2
    let shown = entries.dropFirst(min(offset, max(0, entries.count - 1)))
    var lines: [String] = []
    for entry in shown {
      if entry.key.isEmpty && entry.meaning.isEmpty {
        lines.append("")
        continue
      }
      let padding = max(1, keyWidth - painter.cellWidth(of: entry.key) + 2)
      let line = entry.key + String(repeating: " ", count: padding) + entry.meaning
      lines += HelpWidth.wrap(line, width: inner).split(separator: "\n").enumerated().map {
        $0.offset == 0
          ? String($0.element)
          : String(repeating: " ", count: hanging)
            + $0.element.drop { $0 == " " }
      }
    }
    let room = max(1, painter.height - 4)
    let scrolls = offset > 0 || lines.count > room
    let title = scrolls ? "Help (↑↓ \(offset + 1)/\(entries.count))" : "Help"
    Modal.draw(painter, title: title, lines: Array(lines.prefix(room)))
  }
}
