import CNCurses
import Foundation

/// Whether this process can run a full-screen app, asked before curses starts (curses itself
/// would print its own message and exit, or draw on one line).
public enum TerminalCheck {
  /// Why the terminal cannot be used, as one sentence that says what to do; nil when it can.
  public static func problem(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    guard isatty(STDIN_FILENO) == 1 else {
      return "standard input is not a terminal; run the TUI in a terminal, or use 'cli <app>' "
        + "to script the apps"
    }
    guard isatty(STDOUT_FILENO) == 1 else {
      return "standard output is not a terminal; run the TUI in a terminal, or use 'cli <app>' "
        + "to script the apps"
    }
    return typeProblem(environment["TERM"])
  }

  /// Why `TERM` cannot drive a full screen; nil when the terminfo database knows it.
  public static func typeProblem(_ term: String?) -> String? {
    guard let term, !term.isEmpty else {
      return "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color"
    }
    guard term != "dumb" else {
      return "TERM=dumb cannot show a full-screen app; set TERM to your terminal's type "
        + "(for example xterm-256color), or use 'cli <app>'"
    }
    var status: Int32 = 0
    guard setupterm(term, STDOUT_FILENO, &status) == 0, status == 1 else {
      return "unknown terminal type '\(VisibleName.of(term))' (TERM); set TERM to a type the "
        + "terminfo database knows, for example xterm-256color"
    }
    return nil
  }
}

/// A name from the environment made printable for a message.
enum VisibleName {
  static func of(_ text: String) -> String {
    String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64))
  }
}
