import AppEnvironment
import ArgumentParser

/// `cli --help` and `cli <app> --help`: usage and flags from the argument definitions, the
/// app's commands from its command set, and the sections both front ends share.
@MainActor
enum CLIHelp {
  /// The usage line (with the app, or `<app>`) and the flags.
  static func flags(_ app: String = "<app>") -> String {
    CLIOptions.helpMessage(columns: 100)
      .replacingOccurrences(of: "USAGE: cli ", with: "USAGE: cli \(app) ")
      .replacingOccurrences(of: "\n\nOPTIONS:", with: " [command [args]]\n\nOPTIONS:")
  }

  /// Without an app: usage, flags, apps, environment, settings file.
  static var general: String {
    """
    cli \(HeadlessVersion.current): the four apps as line commands. Without a command, commands are \
    read one per line from stdin; with one, it runs once and the screen it shows is printed.

    \(flags())
    \(HelpText.shared)

    `cli <app> --help` lists the app's commands.
    """
  }

  /// One app: usage, flags, its commands, then the shared sections.
  static func app(_ name: String, _ type: any CLIApplication.Type) -> String {
    let commands = HelpText.columns(
      CLIShell.commands(of: type) + [
        ("config", "(as the only command) print the settings in force and their sources")
      ])
    return """
      cli \(name): \(AppRegistry.standard.app(named: name)?.meaning ?? name)

      \(flags(name))
      COMMANDS:
      \(commands.joined(separator: "\n"))

      \(HelpText.shared)
      """
  }
}

/// `cli` described as one command, for what swift-argument-parser generates from the argument
/// definitions: `cli --generate-completion-script bash|zsh|fish` (which offers the app names
/// first) and the manual page (`swift package generate-manual` asks
/// `cli --experimental-dump-help`).
struct CLIToolDescription: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cli", abstract: "The four apps as line commands.",
    discussion: HelpText.shared, version: HeadlessVersion.current)
  @Argument(
    help: "The app: weather, tweets, todo or checkout.",
    completion: .list(AppRegistry.standard.names))
  var app: String
  @OptionGroup var options: CLIOptions
  @Argument(
    parsing: .captureForPassthrough,
    help: "A command and its words, run once (`cli <app> --help` lists them); none: read stdin.")
  var command: [String] = []
}
