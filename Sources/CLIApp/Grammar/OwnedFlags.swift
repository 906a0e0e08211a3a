import AppEnvironment

/// The flags that belong to one app in `cli <app> --help`: the app's own start-up flags, from
/// its registry entry (`RegisteredApp.flags`), in a section of their own after the shared
/// ones, and `--format` only for an app whose grammar formats a one-line answer. Another
/// app's flag is refused when given (`--catalog is for the checkout app`, CLIMain), so
/// `cli todo --help` shows no weather or checkout flag.
enum OwnedFlags {
  /// `help` (argument-parser's, for `grammar` or one of its commands) with `grammar`'s app's
  /// own flags added and `--format` taken out where the app has no one-line answer.
  static func help(_ help: String, grammar: any AppGrammar.Type, columns: Int) -> String {
    let shared = grammar.formatsAnswers ? help : without("--format", in: help)
    guard let app = AppRegistry.running.app(named: grammar.appName) else { return shared }
    let entries = AppFlagSplit.helpEntries(of: app.flags, columns: columns)
    guard !entries.isEmpty else { return shared }
    var lines = shared.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // After the OPTIONS section (which ends at its first blank line), or at the end.
    let options = lines.firstIndex { $0.hasPrefix("OPTIONS:") } ?? lines.count
    let end = lines[options...].firstIndex(where: \.isEmpty) ?? lines.count
    lines.insert(contentsOf: [""] + ["\(app.name.uppercased()) OPTIONS:"] + entries, at: end)
    return lines.joined(separator: "\n")
  }

  /// `help` without the entry of `flag`: its line and the lines indented under it.
  private static func without(_ flag: String, in help: String) -> String {
    var kept: [Substring] = []
    var dropping = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if indent == 2, trimmed.hasPrefix("-") {
        dropping = trimmed.hasPrefix(flag + " ") || trimmed == flag
      } else if indent <= 2 {
        dropping = false
      }
      if !dropping { kept.append(line) }
    }
    return kept.joined(separator: "\n")
  }
}
