import AppEnvironment
import ArgumentParser
import Foundation
import ViewModelKit

/// An app's whole grammar, one argument-parser command: `cli <app>`. Its subcommands are the
/// app's commands (`AppCommand`s) and the shell's (`quit`, `active`, `config`), so the command
/// line, each line of a session, `--help`, the prompt's words and the shell completion scripts
/// all read the one description. Parsed with no subcommand, it is a session reading stdin.
public protocol AppGrammar: ParsableCommand, Sendable {
  /// The command line's flags (before the command; `AppCommand`s take them after it too).
  var options: CLIOptions { get }
  /// Whether the app's command set takes `--format` for a one-line answer (weather's `now`):
  /// only then does its help list the flag.
  static var formatsAnswers: Bool { get }
}

extension AppGrammar {
  /// Most apps have no one-line answer to format.
  public static var formatsAnswers: Bool { false }

  /// The app's name, the grammar's command name.
  public static var appName: String { configuration.commandName ?? "" }

  /// Every command of the app, its own and the shell's.
  public static var commandTypes: [any AppCommand.Type] {
    configuration.subcommands.compactMap { $0 as? any AppCommand.Type }
  }

  /// Whether `line`, a line of a session, carries a secret: its first word names, in any case
  /// (`PASSWORD`, `Key`), a command that says so (`AppCommand.carriesSecret`). Such a line is
  /// kept in no history, even when the grammar refuses it for its case.
  public static func carriesSecret(_ line: String) -> Bool {
    let first = line.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() }
    return first.flatMap(command(named:))?.carriesSecret ?? false
  }

  /// Whether `line` may be kept in a history, typed after `previous` (issue 51, item 4): not a
  /// line that carries a secret; not the line after a secret command typed alone (`password`,
  /// then the password on a line of its own); not a line the grammar cannot read (a typo may
  /// be a secret typed in the wrong place).
  public static func keepsInHistory(_ line: String, after previous: String?) -> Bool {
    if carriesSecret(line) { return false }
    if let previous, carriesSecret(previous),
      previous.split(whereSeparator: \.isWhitespace).count == 1
    {
      return false
    }
    if case .failure = SessionLine.parse(line, grammar: self) { return false }
    return true
  }

  /// The command called `word` (or one of its aliases), if any.
  public static func command(named word: String) -> (any AppCommand.Type)? {
    commandTypes.first { $0.names.contains(word) }
  }

  /// The command `words` name, parsed as the command line's words after the app
  /// (`["add", "eggs", "3"]`); throws argument-parser's error when they name none.
  public static func command(_ words: [String]) throws -> any AppCommand {
    guard let command = try parseAsRoot(words) as? any AppCommand else {
      throw ValidationError("no command in '\(words.joined(separator: " "))'")
    }
    return command
  }

  /// The command line's words after the app, parsed: the app's command alone when the words
  /// plainly name one (`add hello`, `--data-dir D add hello`), else the whole grammar. Parsing
  /// the command alone gives the same command and options without building the grammar's tree
  /// for argument-parser's completion-script check (3 ms of every `cli todo add`); anything it
  /// does not take (help, a flag right before the command's word, an error) takes the long way,
  /// which gives the usual messages.
  public static func parseCommandLine(_ words: [String]) throws -> any ParsableCommand {
    let special: Set<String> = [
      "-h", "--help", "help", "--version", "--generate-completion-script",
      "--experimental-dump-help",
    ]
    if !words.contains(where: { special.contains($0) || $0.hasPrefix("--generate") }),
      let index = words.firstIndex(where: { command(named: $0) != nil }),
      index == 0 || !words[index - 1].hasPrefix("-"),
      let type = command(named: words[index]),
      let parsed = try? type.parse(Array(words[..<index]) + words[(index + 1)...])
    {
      return parsed
    }
    return try parseAsRoot(words)
  }

  /// The shell's commands, which every app's grammar ends with.
  public static var shellCommands: [any ParsableCommand.Type] {
    [
      ShellCommands.Show<Self>.self, ShellCommands.Active<Self>.self,
      ShellCommands.Config<Self>.self, ShellCommands.Quit<Self>.self,
    ]
  }

  /// The app's configuration: its name, what it is (the registry's line for it), and its
  /// commands, then the shell's.
  public static func grammar(_ name: String, commands: [any ParsableCommand.Type])
    -> CommandConfiguration
  {
    CommandConfiguration(
      commandName: name, abstract: AppRegistry.running.app(named: name)?.meaning ?? "",
      usage: "cli \(name) [<flags>] [<command> [<arguments>] [<flags>]]",
      discussion: """
        With a command, it runs once and prints its answer; without one, commands are read one \
        per line from stdin. `cli --help` lists the environment and the settings file.
        """,
      version: "cli \(HeadlessVersion.current)", subcommands: commands + shellCommands)
  }
}

/// One command of an app: argument-parser parses it from the command line
/// (`cli todo toggle 5 --ephemeral`) or from a line of a session (`toggle 5`), and the app's
/// command set turns it into inputs of its view models.
public protocol AppCommand: ParsableCommand, Sendable {
  /// The command line's flags, which a one-shot command takes after its words too.
  var options: CLIOptions { get }
  /// The grammar the command belongs to.
  static var grammar: any AppGrammar.Type { get }
  /// In a session, a command that takes text gets the rest of its line as typed (quotes,
  /// spaces and dashes kept) after this many words; nil: the line is split into words.
  static var verbatimAfter: Int? { get }
  /// Whether the command's words are a secret (a password, an API key): its line is never
  /// written to a history. The one place a secret is marked.
  static var carriesSecret: Bool { get }
  /// Whether the command's answer waits only for its own work (`CommandOutcome.settling`):
  /// run once from the command line, it does not wait for the app's start-up work either.
  static var settlesOnItsOwn: Bool { get }
  /// Whether, run once from the command line, the command prints only its own answer (its
  /// summary or reply): the shell then never reads the app's screen, so `cli todo add` on a
  /// million-task store reads no task but the one it adds.
  var answersOnItsOwn: Bool { get }
}

/// An app's own command: what it asks of that app's command set (`TodoGrammar.Toggle` asks
/// `TodoCLI` to toggle). Its grammar is the command set's, and the command set runs it without
/// a `switch` of its own (`CLIApplication.perform`'s default).
public protocol CommandOf<CommandSet>: AppCommand {
  /// The command set the command drives.
  associatedtype CommandSet: CLIApplication
  /// The command's inputs to `commands`, and what the shell is to print after them.
  @MainActor func outcome(in commands: CommandSet) -> CommandOutcome
}

extension CommandOf {
  public static var grammar: any AppGrammar.Type { CommandSet.grammar }
}

extension CLIApplication {
  /// Runs `command` when it is one of this command set's own.
  public func perform(_ command: any AppCommand) -> CommandOutcome? {
    (command as? any CommandOf<Self>)?.outcome(in: self)
  }
}

extension AppCommand {
  public static var verbatimAfter: Int? { nil }
  public static var carriesSecret: Bool { false }
  public static var settlesOnItsOwn: Bool { false }
  public var answersOnItsOwn: Bool { false }

  /// The name and aliases a line may start with.
  public static var names: [String] {
    [_commandName] + configuration.aliases
  }

  /// `toggle <uid>`: the name and the arguments, as help and `help` show them.
  public static var synopsis: String {
    // "todo edit [<options>] <uid> [<title> ...]" without the app and the flags.
    let usage = grammar.usageString(for: self)
      .replacingOccurrences(of: #" \[(<options>|-[^\]]*)\]"#, with: "", options: .regularExpression)
    return usage.split(separator: " ").dropFirst().joined(separator: " ")
  }

  /// What the command does, for `help`.
  public static var meaning: String { configuration.abstract }
}
