import AppEnvironment
import ArgumentParser

/// `cli` as argument-parser knows it: every registered app's grammar as a subcommand, so
/// `cli [flags] <app> [flags] [command [args] [flags]]` is parsed, its help written, and its
/// shell completion scripts (`cli --generate-completion-script bash|zsh|fish`) and manual page
/// (`swift package generate-manual`) generated from the one description.
struct CLIRoot: ParsableCommand {
  /// Read each time: the subcommands are the running registry's apps.
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "cli", abstract: "The apps as line commands, one per subcommand.",
      usage: "cli [<flags>] <app> [<flags>] [<command> [<arguments>] [<flags>]]",
      discussion: """
        With a command, it runs once and prints its answer; without one, commands are read one \
        per line from stdin (a prompt, history and Tab completion at a terminal). Flags go \
        anywhere: before the app, after it, or after the command; `--` ends them.
        """,
      version: "cli \(HeadlessVersion.current)",
      subcommands: AppRegistry.running.apps.compactMap { $0.commandSet?.grammar })
  }

  @OptionGroup var options: CLIOptions
}

extension CLIRoot {
  /// The first of `words` that names a registered app (any case), where it stands, and that
  /// app's grammar.
  static func app(in words: [String]) -> (index: Int, grammar: any AppGrammar.Type)? {
    for (index, word) in words.enumerated() {
      if let grammar = AppRegistry.running.app(named: word)?.commandSet?.grammar {
        return (index, grammar)
      }
    }
    return nil
  }

  /// The help of what `arguments` name: `cli`, an app, or one of its commands (the first
  /// app word, then the first command word after it), as wide as the terminal (80 columns
  /// when stdout is not one); `cli`'s adds the environment and the settings file.
  static func help(for arguments: [String]) -> String {
    let width = HelpWidth.columns
    let words = Array(arguments.prefix { $0 != "--" })
    guard let (index, grammar) = app(in: words) else {
      return HelpWidth.wrap(helpMessage(columns: width) + "\n\n" + HelpText.setUp, width: width)
    }
    for word in words[(index + 1)...] {
      if let command = grammar.command(named: word) {
        return OwnedFlags.help(
          helpMessage(for: command, columns: width), grammar: grammar, columns: width)
      }
    }
    return OwnedFlags.help(
      helpMessage(for: grammar, columns: width), grammar: grammar, columns: width)
  }
}
