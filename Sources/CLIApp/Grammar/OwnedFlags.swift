/// The command line's flags that belong to one app: another app refuses them
/// (`--catalog is for the checkout app`), and its help does not list them, so
/// `cli todo --help` shows no weather or checkout flag.
enum OwnedFlags {
  /// Each app's own flags, by name.
  static let owners: [(flag: String, app: String)] = [
    ("--catalog", "checkout"), ("--location", "weather"), ("--gpsd", "weather"),
    ("--format", "weather"),
  ]

  /// The owned flags in `options` that `app` does not own.
  static func foreign(in options: CLIOptions, for app: String) -> [String] {
    let given: [String: Bool] = [
      "--catalog": options.catalog != nil, "--location": options.location != nil,
      "--gpsd": options.gpsd, "--format": options.format != nil,
    ]
    return owners.filter { $0.app != app && given[$0.flag] == true }.map(\.flag)
  }

  /// Who owns `flag`, when an app does.
  static func owner(of flag: String) -> String? { owners.first { $0.flag == flag }?.app }

  /// `help` (argument-parser's, for `app` or one of its commands) without the entries of
  /// flags another app owns: an entry is its flag's line and the lines indented under it.
  static func helpWithoutForeignFlags(_ help: String, app: String) -> String {
    let foreign = owners.filter { $0.app != app }.map(\.flag)
    var kept: [Substring] = []
    var dropping = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      let indent = line.count - trimmed.count
      if indent == 2, trimmed.hasPrefix("-") {
        dropping = foreign.contains { trimmed.hasPrefix($0 + " ") || trimmed == $0 }
      } else if indent <= 2 {
        dropping = false
      }
      if !dropping { kept.append(line) }
    }
    return kept.joined(separator: "\n")
  }
}
