import AppInfrastructure
import Foundation
import ViewModelKit

/// Everything both front ends decide before building an app: which services are live,
/// where the stores live, what "now" is, and how to draw.
public struct AppConfiguration: Sendable {
  /// Every network service uses its fixtures (`--offline`, or `HEADLESS_OFFLINE=1`).
  public var offline: Bool
  /// Every store is in memory and the data directory is never touched (`--ephemeral`).
  public var ephemeral: Bool
  /// Where the stores live.
  public var dataDirectory: DataDirectory
  /// The clock view models read "now" from.
  public var clock: AppClock
  /// Draw with ASCII only (`--ascii`, or a locale without UTF-8).
  public var asciiMode: Bool
  /// When to draw in colour (`--color`, `NO_COLOR`, the settings file's `color`).
  public var color: ColorChoice
  /// Whether `--color` was given (for `config`'s sources).
  public var colorFlag = false
  /// Draw without colour: `--color never`, or `NO_COLOR` set and not empty.
  public var noColor: Bool { color == .never }
  /// The TUI asks the terminal for clicks and wheel steps: not with `mouse = false` in the
  /// settings file (the TUI's `--no-mouse` also turns it off).
  public var mouse = true
  /// A todo store created now gets the five starter tasks, which teach the TUI's keys: only
  /// the TUI sets this. A store made by the CLI or the web page starts empty (issue 52).
  public var newStoresTeachTheTUI = false
  /// The process environment, for the per-service variables each app reads.
  public var environment: [String: String]
  /// The settings file's values (empty when there is none); an environment variable beats
  /// them, a flag beats both.
  public var configFile = ConfigFile(path: "")
  /// Whether `--ascii` was given (for `config`'s sources).
  public var asciiFlag = false
  /// Failures after start that belong to no screen; every copy of this configuration shares
  /// them, and the front end shows them.
  public let notices = AppNotices()
  /// Warnings for the front end to print on stderr at start, one line each, as the message
  /// only: the front end adds `warning: ` (text) or makes `{"warning": …}` (JSON).
  public var warnings: [String] = []
  /// Where the apps write their decisions for an end-to-end test (`HEADLESS_TRACE`); off
  /// without it.
  public var trace = Trace.off

  /// Resolves `options` against `environment`. Relative paths start at `currentDirectory`.
  public static func resolve(
    options: SharedOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(ConfigurationError) -> AppConfiguration {
    let file = try ConfigFile.locate(
      flag: options.configFile, environment: environment, currentDirectory: currentDirectory)
    var configuration = AppConfiguration(
      offline: options.offline || isSet(environment["HEADLESS_OFFLINE"]),
      ephemeral: options.ephemeral,
      dataDirectory: try DataDirectory.locate(
        flag: options.dataDirectory, environment: environment,
        currentDirectory: currentDirectory),
      clock: try AppClock.from(
        headlessNow: environment["HEADLESS_NOW"], timeScale: environment["HEADLESS_TIME_SCALE"]),
      asciiMode: options.ascii || file.values["ascii"] == "true" || !localeIsUTF8(environment),
      color: ColorChoice.resolve(
        flag: options.color, environment: environment, file: file.values["color"]),
      environment: environment)
    configuration.configFile = file
    configuration.asciiFlag = options.ascii
    configuration.colorFlag = options.color != nil
    configuration.mouse = file.values["mouse"] != "false"
    if let path = environment["HEADLESS_TRACE"], !path.isEmpty {
      do throws(PrivateFile.Problem) {
        configuration.trace = try .appendingFile(path)
      } catch {
        configuration.warnings.append("HEADLESS_TRACE is not written: \(error.message)")
      }
    }
    if !configuration.ephemeral, configuration.dataDirectory.isReadOnly {
      configuration.warnings.append(
        "\(configuration.dataDirectory.url.path) is read-only: stores are read, nothing is changed")
    }
    if let problem = RememberedChoices.problem(in: configuration) {
      configuration.warnings.append(problem)
    }
    if file.exposesSecrets {
      configuration.warnings.append(
        "\(file.path) is readable by others and holds a secret; chmod 600 it")
    }
    return configuration
  }

  /// Whether a switch variable is on: `1`, `true` or `yes` (any case).
  static func isSet(_ value: String?) -> Bool {
    guard let value else { return false }
    return ["1", "true", "yes"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// Whether the first non-empty of LC_ALL, LC_CTYPE and LANG names UTF-8.
  static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
      .lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale = locale?.lowercased() else { return false }
    return locale.contains("utf-8") || locale.contains("utf8")
  }

  /// The UI scheduler, its timers running at the clock's `timeScale`.
  public var userInterfaceScheduler: AnySchedulerOf<DispatchQueue> {
    .userInterface(timeScale: clock.timeScale)
  }

  /// A non-empty environment variable, else the settings file's value for the key that
  /// variable stands for, or nil.
  public func variable(_ name: String) -> String? {
    if let value = environment[name], !value.isEmpty { return value }
    guard name != "NO_COLOR", let key = ConfigFile.keys.first(where: { $0.variable == name })
    else { return nil }
    return configFile.values[key.name]
  }

  /// The service address in the variable `name`: nil when it is unset or empty; an error
  /// naming the variable unless it is an absolute http(s) URL with a host. Surrounding
  /// spaces are dropped. A `root` (a base that paths are appended to) also loses its
  /// trailing slashes, so `https://host/api/` and `https://host/api` are one root.
  public func webAddress(_ name: String, root: Bool = false) throws(ConfigurationError) -> URL? {
    guard let text = variable(name) else { return nil }
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    while root, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { throw .invalidValue("\(name) is not a valid URL") }
    return url
  }
}
