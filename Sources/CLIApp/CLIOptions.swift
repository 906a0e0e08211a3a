import AppEnvironment
import ArgumentParser

/// The flags `cli` accepts, before or after the command words.
struct CLIOptions: ParsableArguments {
  @OptionGroup var shared: SharedOptions

  @Flag(help: "Print one JSON object per line.")
  var json = false

  @Flag(help: "Print nothing but errors (on stderr); the exit status says the rest.")
  var quiet = false

  @Option(help: "Checkout: load this catalog file instead of the bundled one.")
  var catalog: String?

  @Option(help: "Weather: the device position, LAT,LON[,ACCURACY] or off.")
  var location: String?

  @Flag(help: "Weather: read the position from gpsd (at GPSD_HOST, else localhost:2947).")
  var gpsd = false

  @Option(
    help:
      "Weather: the line `now` prints, with %l place, %c glyph, %C condition, %t temperature, %h humidity, %w wind, %% a percent sign (default \"%l: %c %t\")."
  )
  var format: String?

  /// Flags that take a value (so the value is not taken for a command word).
  static let valued: Set<String> = [
    "--data-dir", "--catalog", "--location", "--config", "--format",
  ]

  /// Splits `arguments` (after the app name) into flags and command words. A word starting
  /// with `--` is a flag wherever it stands (so `add "Buy milk" --ephemeral` is honoured, and
  /// an unknown `--bogus` is refused before anything is read or written), until a `--` word,
  /// after which every word is command text (`add -- --not-a-flag`).
  static func split(_ arguments: [String]) -> (flags: [String], command: [String]) {
    var flags: [String] = []
    var command: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if optionsEnded || !word.hasPrefix("--") {
        command.append(word)
      } else if word == "--" {
        optionsEnded = true
      } else {
        flags.append(word)
        if valued.contains(word), index < arguments.count {
          flags.append(arguments[index])
          index += 1
        }
      }
    }
    return (flags, command)
  }
}
