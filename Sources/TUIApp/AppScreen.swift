import TerminalUI

/// One app's screen inside the TUI: it draws rows 1 to the toast line, and maps keys to its
/// view models' inputs.
@MainActor
public protocol AppScreen: AnyObject {
  /// Whether a text field has focus (then digits, `?` and `q` are typed, not global keys).
  var hasFocusedField: Bool { get }
  /// Whether a modal or overlay is open (Esc closes it before anything else).
  var hasOverlay: Bool { get }
  /// The app's hints for the help bar, in priority order.
  var hints: [Hint] { get }
  /// The app's keys for the help overlay: key and meaning.
  var helpLines: [(key: String, meaning: String)] { get }
  /// Draws everything between the tab bar and the help bar (the toast line included).
  func draw(_ painter: Painter)
  /// Handles a key that no global rule took.
  func handle(_ key: Key) -> KeyOutcome
  /// The app's finishing work before the process exits.
  func willQuit()
  /// Whether the app is seen (its tab shown): passed to its screen models' `setActive`.
  func setActive(_ active: Bool)
  /// The tab's label once the app is open (nil: the tab's own label).
  var tabLabel: String? { get }
  /// The terminal's size, at start and on every resize: screens whose view models depend on
  /// it (the weather map's grid, the tweets layout) pass it on here, never from `draw`.
  func resize(columns: Int, rows: Int)
}

extension AppScreen {
  public var tabLabel: String? { nil }
  public func resize(columns: Int, rows: Int) {}
}

/// An app that could not start: its tab shows why, and the other tabs work.
@MainActor
final class FailedAppScreen: AppScreen {
  private let message: String
  init(message: String) { self.message = message }
  var hasFocusedField: Bool { false }
  var hasOverlay: Bool { false }
  var hints: [Hint] { [] }
  var helpLines: [(key: String, meaning: String)] { [] }
  func draw(_ painter: Painter) {
    painter.fitted(" error: " + message, row: 2, column: 0, width: painter.width, style: .bold)
  }
  func handle(_ key: Key) -> KeyOutcome { .ignored }
  func willQuit() {}
  func setActive(_ active: Bool) {}
}
