import Foundation
import TerminalUI
import ViewModelKit

/// The whole TUI: the tab bar, the current app's screen, the help bar and overlay, and the
/// global keys. Apps are built when their tab is first shown and keep running after.
@MainActor
public final class TUIRoot: TerminalHost {
  /// One tab: its number, label and how to build its screen.
  public struct Tab {
    public let number: Int
    public let label: String
    public let make: @MainActor (_ requestRedraw: @escaping () -> Void) -> any AppScreen
    public init(
      number: Int, label: String, make: @escaping @MainActor (@escaping () -> Void) -> any AppScreen
    ) {
      self.number = number
      self.label = label
      self.make = make
    }
  }

  public var requestRedraw: () -> Void = {}
  private let tabs: [Tab]
  /// The shown tab. Switching makes the old tab's screen inactive and the new one's active
  /// (when the terminal is seen).
  private var current: Int {
    didSet {
      guard oldValue != current else { return }
      // While the terminal is not seen, every screen is inactive already.
      if terminalSeen { screens[oldValue]?.setActive(false) }
      guard let shown = screens[current] else {
        _ = screen  // a screen made now is told as it is made
        return
      }
      if terminalSeen { shown.setActive(true) }
    }
  }
  /// Whether the terminal is seen: focus reports and suspend/resume set it (AV-03, AV-04).
  private var terminalSeen = true
  private var screens: [Int: any AppScreen] = [:]
  /// The `?` overlay while it is open.
  private var help: HelpOverlay?
  /// Failures that belong to no screen (`AppNotices`), on the toast line over the screen's.
  private var notice: Toast?
  private var noticeSubscription: AnyCancellable?

  public init(tabs: [Tab], initial: Int) {
    self.tabs = tabs
    current = tabs.contains { $0.number == initial } ? initial : (tabs.first?.number ?? 1)
  }

  private var screen: any AppScreen {
    if let existing = screens[current] { return existing }
    let tab = tabs.first { $0.number == current }!
    let made = tab.make { [weak self] in self?.requestRedraw() }
    screens[current] = made
    made.setActive(terminalSeen)  // made because it is shown
    if let size { made.resize(columns: size.columns, rows: size.rows) }
    return made
  }

  /// The terminal's size as last told (nil before the run loop's first).
  private var size: (columns: Int, rows: Int)?

  /// Passes the terminal's size to every screen made so far (and to each made later).
  public func resize(columns: Int, rows: Int) {
    size = (columns, rows)
    for screen in screens.values { screen.resize(columns: columns, rows: rows) }
  }

  public func draw(_ painter: Painter) {
    guard painter.width >= 40, painter.height >= 12 else {
      let lines = WordWrap.lines(
        "Terminal too small (need 40x12)", width: max(1, painter.width), limit: painter.height)
      for (row, line) in lines.enumerated() {
        painter.fitted(line, row: row, column: 0, width: painter.width)
      }
      return
    }
    let screen = screen
    TabBar.draw(painter, tabs: tabLabels, current: current)
    screen.draw(painter)
    if notice?.message != nil {
      painter.fitted("", row: painter.height - 2, column: 0, width: painter.width)
      notice?.draw(painter, row: painter.height - 2)
    }
    // In a field, how to save and leave (the screen's hints) stays longest; the field's
    // editing keys give way first where the bar is narrow, and how to quit always shows.
    let field = screen.hasFocusedField
    HelpBar.draw(
      painter, row: painter.height - 1,
      hints: field ? screen.hints + TextField.hints : screen.hints,
      global: field ? [Hint("Ctrl-C", "quit")] : [Hint("?", "help"), Hint("q", "quit")])
    help?.draw(painter, entries: helpEntries(screen))
  }

  /// What the `?` overlay lists: the shell's keys (switching only with two apps or more), then
  /// the screen's.
  private func helpEntries(_ screen: any AppScreen) -> [(key: String, meaning: String)] {
    let switching = tabs.count > 1 ? [("1-\(tabs.last?.number ?? 4) or Tab", "switch app")] : []
    return switching + [
      ("?", "help (Esc closes, ↑↓ scroll)"), ("q", "quit"), ("Ctrl-C", "quit from anywhere"),
      ("Ctrl-Z", "suspend (fg resumes)"), ("", ""),
    ] + screen.helpLines
  }

  /// Shows each of `failures` on the toast line for 3 s, whichever tab is shown.
  public func showNotices(
    _ failures: AnyPublisher<String, Never>, scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    let toast = Toast(scheduler: scheduler) { [weak self] in self?.requestRedraw() }
    notice = toast
    noticeSubscription = failures.sink { toast.show($0) }
  }

  /// The tabs as the bar shows them: a screen made so far labels its own tab (a count).
  private var tabLabels: [(number: Int, label: String)] {
    tabs.map { ($0.number, screens[$0.number]?.tabLabel ?? $0.label) }
  }

  /// A click on the tab bar shows that tab (not while a dialog is open); a click closes the
  /// help; anything else goes to the screen.
  private func handle(_ event: MouseEvent) -> KeyOutcome {
    if help != nil {
      if event.action == .click { help = nil }
      return .handled
    }
    guard event.row == 0 else { return screen.handle(.mouse(event)) }
    if event.action == .click, !screen.hasOverlay,
      let number = TabBar.tab(
        at: event.column, tabs: tabLabels, current: current, width: size?.columns ?? 80)
    {
      current = number
    }
    return .handled
  }

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .controlC { return .quit }
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    if var open = help {
      let page = max(1, (size?.rows ?? 24) - 4)
      help = open.handle(key, count: helpEntries(screen).count, page: page) ? open : nil
      return .handled
    }
    let screen = screen
    if !screen.hasFocusedField && screen.hasOverlay && key == .character("q") { return .quit }
    if !screen.hasFocusedField && !screen.hasOverlay {
      switch key {
      case .character("q"): return .quit
      case .character("?"):
        help = HelpOverlay()
        return .handled
      case .character(let c) where c.isNumber:
        if let number = c.wholeNumberValue, tabs.contains(where: { $0.number == number }) {
          current = number
        }
        return .handled
      case .tab, .shiftTab:
        let numbers = tabs.map(\.number)
        if let index = numbers.firstIndex(of: current) {
          current = numbers[(index + (key == .tab ? 1 : numbers.count - 1)) % numbers.count]
        }
        return .handled
      default: break
      }
    }
    return screen.handle(key)
  }

  public func willQuit() { screens.values.forEach { $0.willQuit() } }

  /// The terminal gained or lost the focus, or was suspended or resumed: the shown tab's
  /// screen follows; the others stay inactive.
  public func setSeen(_ seen: Bool) {
    guard seen != terminalSeen else { return }
    terminalSeen = seen
    screens[current]?.setActive(seen)
  }

  public var acceptsText: Bool { help == nil && screen.hasFocusedField }
}
