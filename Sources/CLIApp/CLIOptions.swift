import AppEnvironment
import ArgumentParser

/// The flags `cli` accepts before the command words.
struct CLIOptions: ParsableArguments {
  @OptionGroup var shared: SharedOptions

  @Flag(help: "Print one JSON object per line.")
  var json = false

  @Option(help: "Checkout: load this catalog file instead of the bundled one.")
  var catalog: String?

  @Option(help: "Weather: the device position, LAT,LON[,ACCURACY] or off.")
  var location: String?

  @Flag(help: "Weather: read the position from gpsd (at GPSD_HOST, else localhost:2947).")
  var gpsd = false

  /// Flags that take a value (so the value is not taken for a command word).
  static let valued: Set<String> = ["--data-dir", "--catalog", "--location", "--config"]

  /// Splits `arguments` (after the app name) into leading flags and the command words.
  static func split(_ arguments: [String]) -> (flags: [String], command: [String]) {
    var flags: [String] = []
    var index = 0
    while index < arguments.count, arguments[index].hasPrefix("--") {
      let flag = arguments[index]
      flags.append(flag)
      index += 1
      if valued.contains(flag), index < arguments.count {
        flags.append(arguments[index])
        index += 1
      }
    }
    return (flags, Array(arguments[index...]))
  }
}
