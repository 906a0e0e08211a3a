import AppEnvironment
import ArgumentParser
import WeatherFeature

/// The flags `cli` accepts: before the app, between the app and the command, or after the
/// command's words (every grammar and command carries this group); `--` ends them.
public struct CLIOptions: ParsableArguments, Sendable {
  /// The flags both front ends share (`--offline`, `--ephemeral`, …).
  @OptionGroup public var shared: SharedOptions

  /// Print data: one JSON document (a command), or JSON Lines (a session).
  @Flag(help: "Print JSON: one document for a command, one object per line for a session.")
  public var json = false

  /// Print nothing but errors.
  @Flag(help: "Print nothing but errors (on stderr); the exit status says the rest.")
  public var quiet = false

  /// The format of an app's one-line answer (weather's `now`): listed in the help of an app
  /// whose grammar says it takes one (`AppGrammar.formatsAnswers`).
  @Option(help: ArgumentHelp(CLIOptions.formatHelp))
  public var format: String?

  /// `--format`'s help: every placeholder `WeatherLine` knows, from its own list.
  static let formatHelp =
    "Weather: the line `now` prints, with "
    + WeatherLine.placeholders.map { "%\($0.code) \($0.meaning)" }.joined(separator: ", ")
    + " (default \"\(WeatherLine.defaultFormat)\"), or a preset: "
    + WeatherLine.presets.map { "\($0.name) = \"\($0.format)\"" }.joined(separator: ", ")
    + " (--format 2 prints ☁ 🌡️12°C 🌬️4 m/s SW)."

  public init() {}
}
