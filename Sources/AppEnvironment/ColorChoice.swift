/// When the front ends draw in colour (issue 42, item 6): `--color never|auto|always`, else
/// `NO_COLOR` (never), else the settings file's `color` (`false`: never), else auto.
public enum ColorChoice: String, CaseIterable, Sendable {
  /// Never: plain text, as with `NO_COLOR`.
  case never
  /// Where the output is a terminal (the TUI always is; the CLI when its stream is one).
  case auto
  /// Always, even into a pipe or a file.
  case always

  /// Whether to colour a stream that is (`isTerminal`) or is not a terminal.
  public func colors(isTerminal: Bool) -> Bool {
    switch self {
    case .never: false
    case .auto: isTerminal
    case .always: true
    }
  }

  /// The choice the flag, the environment and the settings file make, in that order.
  static func resolve(flag: ColorChoice?, environment: [String: String], file: String?)
    -> ColorChoice
  {
    if let flag { return flag }
    if let value = environment["NO_COLOR"], !value.isEmpty { return .never }
    return file == "false" ? .never : .auto
  }
}
