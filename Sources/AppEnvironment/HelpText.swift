import Foundation
import ViewModelKit
import WeatherFeature

/// The version both front ends print for `--version`: the library's (`ViewModelKitVersion`),
/// written in one place.
public enum HeadlessVersion {
  public static let current = ViewModelKitVersion.current
}

/// The parts of `--help` both front ends share: the apps, the environment variables and the
/// settings file. Each front end adds its usage line and flags (from its argument definitions)
/// and, for `cli <app>`, that app's commands.
public enum HelpText {
  /// The apps, as the first argument takes them (the registry's).
  public static var apps: [(name: String, meaning: String)] {
    AppRegistry.running.apps.map { ($0.name, $0.meaning) }
  }

  /// The variables the apps read; a flag beats a variable, a variable beats the settings file.
  public static let environment: [(name: String, meaning: String)] = [
    ("HEADLESS_DATA_DIR", "where the stores live (else $XDG_DATA_HOME/headless-mvvm)"),
    ("XDG_CONFIG_HOME", "where the settings file is looked for"),
    ("NO_COLOR", "draw without colour"),
    ("HEADLESS_OFFLINE", "1: the bundled samples from the start, as --offline"),
    ("WEATHER_PROVIDER", "weather: open-meteo (keyless, the default) or openweathermap"),
    ("OPENMETEO_BASE_URL", "weather: another Open-Meteo forecast address"),
    ("OPENMETEO_GEOCODING_URL", "weather: another Open-Meteo geocoding address"),
    ("OPENWEATHER_API_KEY", "weather: the OpenWeatherMap key (uses OpenWeatherMap)"),
    ("OPENWEATHER_BASE_URL", "weather: another OpenWeatherMap address"),
    ("WEATHER_LOCATION", "weather: the device position, LAT,LON[,ACCURACY] or off"),
    ("GPSD_HOST", "weather: read the position from gpsd at host[:port] (port 2947 by default)"),
    ("BLUESKY_LIST", "tweets: a Bluesky list to show, keyless (at:// or bsky.app address)"),
    ("BLUESKY_APPVIEW_URL", "tweets: another Bluesky AppView address"),
    ("TWITTER_LIST_ID", "tweets: a Twitter list to show, with a token"),
    ("TWITTER_LIST_NAME", "tweets: the list's owner/slug"),
    ("TWITTER_BEARER_TOKEN", "tweets: the API token"),
    ("TWITTER_BASE_URL", "tweets: another API address"),
    ("RATES_URL", "checkout: where rates come from (else the ECB's, from Frankfurter)"),
    ("RATES_API_KEY", "checkout: sent as access_key"),
    ("CATALOG_URL", "checkout: a catalog to load"),
    ("ACCOUNTS_URL", "checkout: the accounts service"),
    ("HEADLESS_NOW", "tests: pins the clock to an ISO 8601 instant"),
    ("HEADLESS_TIME_SCALE", "tests, with HEADLESS_NOW: timers run this many times faster"),
  ]

  /// Two columns, the first padded to its widest entry, each line indented.
  public static func columns(_ rows: [(String, String)], indent: String = "  ") -> [String] {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map {
      indent + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1
    }
  }

  /// `APP OPTIONS:`, every running app's own flags (from its flags type), and a blank line;
  /// nothing when no app has flags. For a head that runs every app (`tui`, `web`).
  public static func appOptions(columns: Int?) -> String {
    let entries = AppRegistry.running.apps.flatMap {
      AppFlagSplit.helpEntries(of: $0.flags, columns: columns)
    }
    return entries.isEmpty ? "" : (["APP OPTIONS:"] + entries + ["", ""]).joined(separator: "\n")
  }

  /// The sections after the flags: apps, environment, settings file.
  public static var shared: String {
    (["APPS:"] + columns(apps) + [""]).joined(separator: "\n") + "\n" + setUp
  }

  /// The variables the apps of `registry` read: those meant for one of this package's apps
  /// (`weather: …`) only when `registry` has that app.
  public static func environment(for registry: AppRegistry) -> [(name: String, meaning: String)] {
    let running = Set(registry.names)
    let ours = AppRegistry.standard.names
    return environment.filter { variable in
      let owner = ours.first { variable.meaning.hasPrefix("\($0): ") }
      return owner.map(running.contains) ?? true
    }
  }

  /// The environment and the settings file (and weather's samples, when weather runs here).
  public static var setUp: String {
    let samples =
      AppRegistry.running.app(named: "weather") == nil
      ? []
      : [
        "",
        "OFFLINE SAMPLES:",
        "  With --offline, or with no network, weather shows bundled samples of",
      ] + listed(FixtureWeatherService.sampleCities) + [
        "  A place elsewhere shows the nearest sample, and the screen names it and its distance."
      ]
    return
      (["ENVIRONMENT:"] + columns(environment(for: .running)) + [
        "",
        "SETTINGS FILE:",
        "  $XDG_CONFIG_HOME/headless-mvvm/config.toml (else ~/.config/headless-mvvm/config.toml;",
        "  --config FILE names another). Keys:",
        "  " + ConfigFile.keys.map(\.name).joined(separator: ", ") + ".",
        "  `cli <app> config` shows the settings in force and where each came from.",
      ] + samples).joined(separator: "\n")
  }

  /// `items` as a comma-separated list ending in a full stop, in lines of at most 90 columns
  /// indented two, never breaking an item.
  static func listed(_ items: [String]) -> [String] {
    var lines: [String] = []
    var line = ""
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "." : ",")
      if !line.isEmpty && line.count + 1 + piece.count > 88 {
        lines.append("  " + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + piece
    }
    if !line.isEmpty { lines.append("  " + line) }
    return lines
  }
}
