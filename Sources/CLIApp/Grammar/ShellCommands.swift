import ArgumentParser

/// The commands every app's grammar ends with; the shell runs them, not the app.
public enum ShellCommands {
  /// `active on|off`: whether the app is seen, as a TUI tab or the terminal's focus.
  public struct Active<Grammar: AppGrammar>: AppCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "active",
        abstract: "the app is seen (on at start) or not, as a TUI tab or focus")
    }
    public static var grammar: any AppGrammar.Type { Grammar.self }
    @OptionGroup(visibility: .hidden) public var options: CLIOptions
    /// `on` or `off`.
    @Argument(help: ArgumentHelp("On or off.", valueName: "on|off")) public var state: OnOff
    public init() {}
  }

  /// `config`: the settings in force and where each comes from.
  public struct Config<Grammar: AppGrammar>: AppCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "config", abstract: "print the settings in force and their sources")
    }
    public static var grammar: any AppGrammar.Type { Grammar.self }
    @OptionGroup(visibility: .hidden) public var options: CLIOptions
    public init() {}
  }

  /// `show`: every output of the screen shown, in full (what a one-shot command does not print).
  public struct Show<Grammar: AppGrammar>: AppCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "show", abstract: "print the whole screen shown now, every list in full")
    }
    public static var grammar: any AppGrammar.Type { Grammar.self }
    @OptionGroup(visibility: .hidden) public var options: CLIOptions
    public init() {}
  }

  /// `quit` (or `exit`): waits for pending work, then ends the session.
  public struct Quit<Grammar: AppGrammar>: AppCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "quit", abstract: "wait for pending work and exit", aliases: ["exit"])
    }
    public static var grammar: any AppGrammar.Type { Grammar.self }
    @OptionGroup(visibility: .hidden) public var options: CLIOptions
    public init() {}
  }
}

/// What a shell command asks of the shell.
enum ShellAction {
  case active(OnOff), config, show, quit
}

/// A command the shell runs itself, whatever app's grammar parsed it.
protocol ShellCommand { var action: ShellAction { get } }

extension ShellCommands.Active: ShellCommand { var action: ShellAction { .active(state) } }
extension ShellCommands.Config: ShellCommand { var action: ShellAction { .config } }
extension ShellCommands.Show: ShellCommand { var action: ShellAction { .show } }
extension ShellCommands.Quit: ShellCommand { var action: ShellAction { .quit } }
