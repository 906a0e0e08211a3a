import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How wide help text is written: the terminal's width when stdout is one, else 80 columns
/// (a pipe, a file, a pager), within 40 to 200.
public enum HelpWidth {
  /// The columns to wrap help at now.
  public static var columns: Int {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0,
      size.ws_col > 0
    else { return 80 }
    return min(200, max(40, Int(size.ws_col)))
  }

  /// `text` with every line longer than `width` broken at spaces. A broken line goes on
  /// under its own indentation, or under its second column for a two-column row
  /// (`  NAME   meaning…`); a word longer than the line stands alone, never cut.
  public static func wrap(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { wrapLine(String($0), width: width) }
      .joined(separator: "\n")
  }

  private static func wrapLine(_ line: String, width: Int) -> [String] {
    guard line.count > width else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    var hanging = indent
    if let gap = line.dropFirst(indent).range(of: "  ") {
      let column =
        line.distance(from: line.startIndex, to: gap.upperBound)
        + line[gap.upperBound...].prefix { $0 == " " }.count
      if column < width / 2 { hanging = column }
    }
    var lines: [String] = []
    var current = String(line.prefix(indent))
    var currentHasWord = false
    for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
      let piece = String(word)
      if currentHasWord, current.count + 1 + piece.count > width, !piece.isEmpty {
        lines.append(current)
        current = String(repeating: " ", count: hanging) + piece
      } else {
        current += (currentHasWord ? " " : "") + piece
      }
      currentHasWord = true
    }
    lines.append(current)
    return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
  }
}
