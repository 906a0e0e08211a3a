import TextColumns
import ViewModelKit

/// The tab bar: ` N Label ` per tab, `[N Label]` for the current one, joined by one space;
/// numbers only when the labels do not fit.
public enum TabBar {
  public static func draw(_ painter: Painter, tabs: [(number: Int, label: String)], current: Int) {
    let line = labels(tabs, current: current, width: painter.width).joined(separator: " ")
    painter.fitted(line, row: 0, column: 0, width: painter.width, style: .bold)
  }

  /// The number of the tab drawn at `column` of the bar, or nil between tabs and past them.
  public static func tab(
    at column: Int, tabs: [(number: Int, label: String)], current: Int, width: Int
  ) -> Int? {
    var start = 0
    for (tab, label) in zip(tabs, labels(tabs, current: current, width: width)) {
      let end = start + TextWidth.of(label)
      if (start..<end).contains(column) { return tab.number }
      start = end + 1
    }
    return nil
  }

  /// Each tab's label as drawn: `[1 Weather]` for the current one, ` 2 Tweets ` for the
  /// others; numbers only when the names do not fit.
  private static func labels(
    _ tabs: [(number: Int, label: String)], current: Int, width: Int
  ) -> [String] {
    let full = tabs.map { tab in
      tab.number == current ? "[\(tab.number) \(tab.label)]" : " \(tab.number) \(tab.label) "
    }
    guard TextWidth.of(full.joined(separator: " ")) > width else { return full }
    return tabs.map { $0.number == current ? "[\($0.number)]" : " \($0.number) " }
  }
}

/// The title line: title, the spinner while loading, and status aligned right.
public enum TitleLine {
  /// A status of labelled values, three spaces apart; a value that is empty is left out with
  /// its label.
  public static func parts(_ parts: [(label: String, value: String)]) -> String {
    parts.filter { !$0.value.isEmpty }.map { $0.label + $0.value }.joined(separator: "   ")
  }

  public static func draw(
    _ painter: Painter, row: Int = 1, title: String, spinnerTick: Int?, status: String
  ) {
    var left = " " + title
    if let tick = spinnerTick { left += " " + painter.spinner(tick) }
    let statusWidth = TextWidth.of(status)
    let end = painter.text(left, row: row, column: 0, style: .bold)
    let room = painter.width - end - 2
    guard room > 0, !status.isEmpty else { return }
    let shown = TextWidth.truncate(status, to: room, ellipsis: painter.ellipsis)
    painter.text(shown, row: row, column: painter.width - 1 - min(statusWidth, TextWidth.of(shown)))
  }
}

/// A button: `[ Label ]`, or `( Label )` dimmed when disabled. Returns the column after it.
public enum Button {
  @discardableResult
  public static func draw(
    _ painter: Painter, _ label: String, enabled: Bool, row: Int, column: Int,
    focused: Bool = false
  ) -> Int {
    painter.text(
      enabled ? "[ \(label) ]" : "( \(label) )", row: row, column: column,
      style: focused ? .reverse : (enabled ? .plain : .dim))
  }

  public static func width(_ label: String) -> Int { TextWidth.of(label) + 4 }
}

/// One hint of the help bar.
public struct Hint: Equatable, Sendable {
  public let key: String
  public let action: String
  /// What `action` reads as on an ASCII-only terminal (`C/F` for `°C/°F`).
  public let asciiAction: String
  public let enabled: Bool
  public init(_ key: String, _ action: String, ascii: String? = nil, enabled: Bool = true) {
    self.key = key
    self.action = action
    asciiAction = ascii ?? action
    self.enabled = enabled
  }
  func text(ascii: Bool) -> String { "\(key) \(ascii ? asciiAction : action)" }
}

/// The help bar: app hints then the global ones, two spaces apart, or (from 80 columns) one
/// apart when that is what makes them all fit; otherwise app hints are dropped from the right until it fits. Keys
/// are bold; disabled hints are dim.
public enum HelpBar {
  /// The screen's hints, then the global ones. When they still do not fit, the
  /// screen's go first, from the last; then the global ones from the first, so the last global
  /// hint (how to quit) always shows.
  public static func draw(_ painter: Painter, row: Int, hints: [Hint], global: [Hint]) {
    var shownHints = hints
    var shownGlobal = global
    let ascii = painter.ascii
    func width(_ list: [Hint], gap: Int) -> Int {
      1 + list.map { TextWidth.of($0.text(ascii: ascii)) }.reduce(0, +)
        + gap * max(0, list.count - 1)
    }
    // From 80 columns, one space apart rather than a hint left out (checkout's `A account` at
    // 80); narrower bars keep the specs' short forms, two spaces apart.
    let gap =
      painter.width >= 80 && width(hints + global, gap: 2) > painter.width
        && width(hints + global, gap: 1) <= painter.width ? 1 : 2
    while !shownHints.isEmpty && width(shownHints + shownGlobal, gap: gap) > painter.width {
      shownHints.removeLast()
    }
    while shownGlobal.count > 1 && width(shownHints + shownGlobal, gap: gap) > painter.width {
      shownGlobal.removeFirst()
    }
    var column = 1
    for (index, hint) in (shownHints + shownGlobal).enumerated() {
      if index > 0 { column += gap }
      guard column < painter.width else { break }
      let style: TextStyle = hint.enabled ? .plain : .dim
      column = painter.fitted(
        hint.key, row: row, column: column, width: painter.width - column,
        style: hint.enabled ? .bold : .dim)
      guard column + 1 < painter.width else { break }
      column = painter.fitted(
        " " + (ascii ? hint.asciiAction : hint.action), row: row, column: column,
        width: painter.width - column, style: style)
    }
  }
}

/// A centred box with a title and lines; one line may be highlighted.
public enum Modal {
  public static func draw(
    _ painter: Painter, title: String, lines: [String], highlighted: Int? = nil,
    minimumWidth: Int = 24
  ) {
    let contentWidth = max(
      minimumWidth, TextWidth.of(title) + 4, lines.map(TextWidth.of).max() ?? 0)
    let boxWidth = min(painter.width - 2, contentWidth + 4)
    let maxLines = max(1, painter.height - 4)
    var visible = lines
    var offset = 0
    if lines.count > maxLines, let highlighted {
      offset = min(max(0, highlighted - maxLines / 2), lines.count - maxLines)
    }
    visible = Array(lines.dropFirst(offset).prefix(maxLines))
    let boxHeight = visible.count + 2
    let top = max(0, (painter.height - boxHeight) / 2)
    let left = max(0, (painter.width - boxWidth) / 2)
    let inner = max(0, boxWidth - 2)
    let box = Box(painter: painter)
    box.top(title: title, left: left, width: boxWidth, row: top, lead: 0, style: .bold)
    for (index, line) in visible.enumerated() {
      let row = top + 1 + index
      let style: TextStyle = (highlighted == index + offset) ? .reverse : .plain
      painter.text(
        " " + TextWidth.pad(line, to: max(0, inner - 2), ellipsis: painter.ellipsis) + " ",
        row: row, column: left + 1, style: style)
      // The sides last: ASCII stand-ins may be wider than what was measured.
      box.sides(left: left, width: boxWidth, row: row)
    }
    box.bottom(left: left, width: boxWidth, row: top + boxHeight - 1)
  }
}
