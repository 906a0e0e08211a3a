import Foundation
import ViewModelKit

/// What a printed line means, for the CLI's small palette (issue 42, item 6): the same meanings
/// as the TUI's styles and the web page's classes. A stream that colours (a terminal, or
/// `--color always`) draws each in the terminal's own colour for it; any other stream, and
/// every line under `--json`, prints the text alone.
public enum LineMeaning: Equatable, Sendable {
  /// An error, a failure, an overdue task: red.
  case error
  /// A warning (a retry, offline data), a task due soon: yellow.
  case warning
  /// Something done: green.
  case success
  /// Done, or beside the point: dim.
  case muted

  /// An event's meaning; plain news has none.
  public init?(_ severity: ScreenEvent.Severity) {
    switch severity {
    case .info: return nil
    case .success: self = .success
    case .warning: self = .warning
    case .failure: self = .error
    }
  }

  /// `line` between the SGR sequences that draw it so, and the one that resets.
  func painted(_ line: String) -> String {
    let start =
      switch self {
      case .error: "\u{1B}[31m"
      case .warning: "\u{1B}[33m"
      case .success: "\u{1B}[32m"
      case .muted: "\u{1B}[2m"
      }
    return start + line + "\u{1B}[0m"
  }
}

/// A row of a list as printed: its text and what it means.
public struct CLILine: Equatable, Sendable {
  /// The line as printed without colour.
  public let text: String
  /// What it means, for a stream that colours; nil for plain text.
  public let meaning: LineMeaning?

  /// A line meaning `meaning` (plain by default).
  public init(_ text: String, meaning: LineMeaning? = nil) {
    self.text = text
    self.meaning = meaning
  }
}

extension CLIStreams {
  /// Writes `line` meaning `meaning`: a stream that colours draws it so; by default the text.
  public func out(_ line: String, meaning: LineMeaning?) { out(line) }
  /// Writes `line` to standard error meaning `meaning`.
  public func err(_ line: String, meaning: LineMeaning?) { err(line) }
}
