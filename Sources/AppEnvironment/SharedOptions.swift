import ArgumentParser

/// The command-line flags every front end accepts, whatever the app.
public struct SharedOptions: ParsableArguments, Sendable {
  /// Use the offline fixtures for every network service.
  @Flag(help: "Use offline fixtures for every network service.")
  public var offline = false

  /// Keep every store in memory and leave the data directory alone.
  @Flag(help: "Keep every store in memory; read and write nothing on disk.")
  public var ephemeral = false

  /// Where the apps keep their stores.
  @Option(
    name: .customLong("data-dir"),
    help: "Where the stores live (default: $HEADLESS_DATA_DIR, else the XDG data directory).")
  public var dataDirectory: String?

  /// The settings file to read instead of the usual one.
  @Option(
    name: .customLong("config"),
    help: "The settings file (default: $XDG_CONFIG_HOME/headless-mvvm/config.toml).")
  public var configFile: String?

  /// Draw with ASCII characters only.
  @Flag(help: "Draw with ASCII characters only.")
  public var ascii = false

  /// When to draw in colour.
  @Option(
    name: .customLong("color"),
    help: "Colour: never, auto (at a terminal only; the default) or always. NO_COLOR means never.")
  public var color: ColorChoice?

  public init() {}
}

extension ColorChoice: ExpressibleByArgument {}
