import Foundation
import TOMLKit
import WeatherFeature

/// The settings file, `config.toml` (ST-01): read once at start, checked key by key, and never
/// written by reading. Every key is optional; a missing file is no settings at all.
public struct ConfigFile: Equatable, Sendable {
  /// One key the file may hold: its name, the environment variable that beats it (if any),
  /// what it means, and whether it is a secret (masked when shown, warned about when the file
  /// is readable by others).
  public struct Key: Sendable {
    public let name: String
    public let variable: String?
    public let meaning: String
    public let secret: Bool
    let kind: Kind

    enum Kind: Sendable { case text, bool, units, currency, address, listID, weatherProvider }
  }

  /// Every key, in the order `config` shows them.
  public static let keys: [Key] = [
    Key(
      name: "units", variable: nil,
      meaning: "weather's units at start: \"celsius\" or \"fahrenheit\"",
      secret: false, kind: .units),
    Key(
      name: "currency", variable: nil,
      meaning: "checkout's currency at start, a code such as \"AUD\"",
      secret: false, kind: .currency),
    Key(
      name: "openweather_api_key", variable: "OPENWEATHER_API_KEY",
      meaning: "the OpenWeatherMap key (weather goes live)", secret: true, kind: .text),
    Key(
      name: "weather_provider", variable: "WEATHER_PROVIDER",
      meaning: "where live weather comes from: \"open-meteo\" (keyless) or \"openweathermap\"",
      secret: false, kind: .weatherProvider),
    Key(
      name: "twitter_bearer_token", variable: "TWITTER_BEARER_TOKEN",
      meaning: "the Twitter API token", secret: true, kind: .text),
    Key(
      name: "twitter_list_id", variable: "TWITTER_LIST_ID",
      meaning: "the list tweets shows (tweets goes live)", secret: false, kind: .listID),
    Key(
      name: "bluesky_list", variable: "BLUESKY_LIST",
      meaning: "the Bluesky list tweets shows, an at:// URI or a bsky.app address (keyless)",
      secret: false, kind: .text),
    Key(
      name: "rates_url", variable: "RATES_URL", meaning: "where checkout fetches its rates",
      secret: false, kind: .address),
    Key(
      name: "ascii", variable: nil, meaning: "draw with ASCII only (true or false)", secret: false,
      kind: .bool),
    Key(
      name: "color", variable: "NO_COLOR", meaning: "draw in colour (true or false)",
      secret: false, kind: .bool),
    Key(
      name: "mouse", variable: nil, meaning: "the TUI answers clicks and the wheel (true or false)",
      secret: false, kind: .bool),
  ]

  /// Files larger than this are refused unread: a settings file is a few lines.
  public static let sizeLimit = 64 * 1024

  /// The file's path, as shown in messages.
  public let path: String
  /// The values read, by key name, as text ("true"/"false" for the flags; codes upper-cased).
  public let values: [String: String]

  /// No file: no values.
  public init(path: String, values: [String: String] = [:]) {
    self.path = path
    self.values = values
  }

  /// Reads the file at `path`. A missing file is fine unless `required` (named by `--config`).
  /// Anything wrong is one `ConfigurationError` whose message is `<file>:<line>: <message>`.
  public static func read(path: String, required: Bool) throws(ConfigurationError) -> ConfigFile {
    guard FileManager.default.fileExists(atPath: path) else {
      if required { throw .invalidValue("\(path): cannot read the file") }
      return ConfigFile(path: path)
    }
    return try parse(try contents(of: path), path: path)
  }

  /// The file's text: UTF-8, at most `sizeLimit` bytes (a larger file is refused unread).
  static func contents(of path: String) throws(ConfigurationError) -> String {
    let tooLarge = ConfigurationError.invalidValue("\(path):1: the file is larger than 64 KiB")
    let status = FileStatus(followingLinksAt: path)
    if let status, !status.isRegularFile {
      throw .invalidValue("\(path): not a regular file")
    }
    guard (status?.size ?? 0) <= sizeLimit else { throw tooLarge }
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
      throw .invalidValue("\(path): cannot read the file")
    }
    guard data.count <= sizeLimit else { throw tooLarge }  // it grew after the size was read
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalidValue("\(path):1: the file is not UTF-8 text")
    }
    return text
  }

  /// What to say of line `line` (1-based) of `text` when it sets a known key to a bare word
  /// (`units = fahrenheit`): the key, what it takes, and the line as it should be written.
  static func unquotedValue(in text: String, line: Int) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return nil }
    let parts = lines[line - 1].split(separator: "=", maxSplits: 1).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard parts.count == 2, let key = keys.first(where: { $0.name == parts[0] }),
      key.kind != .bool, !parts[1].isEmpty, !parts[1].hasPrefix("\""), !parts[1].hasPrefix("'")
    else { return nil }
    let word = parts[1].split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) }
    return "'\(key.name)' takes \(key.meaning); write the text in quotes: "
      + "\(key.name) = \"\(word ?? parts[1])\""
  }

  /// Parses `text`, the contents of the file at `path`.
  public static func parse(_ text: String, path: String) throws(ConfigurationError) -> ConfigFile {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      let line = error.source.begin.line
      throw .invalidValue(
        "\(path):\(line): " + (unquotedValue(in: text, line: line) ?? error.description))
    } catch {
      throw .invalidValue("\(path):1: not a TOML file")
    }
    var values: [String: String] = [:]
    for name in table.keys {
      let line = lineOf(name, in: text)
      guard let key = keys.first(where: { $0.name == name }) else {
        throw .invalidValue("\(path):\(line): unknown key '\(name)'")
      }
      guard let value = table[name] else { continue }
      values[name] = try checked(value, for: key, at: "\(path):\(line)")
    }
    return ConfigFile(path: path, values: values)
  }

  /// The value as text, or an error saying what the key takes.
  private static func checked(_ value: any TOMLValueConvertible, for key: Key, at place: String)
    throws(ConfigurationError) -> String
  {
    switch key.kind {
    case .bool:
      guard let flag = value.bool else {
        throw .invalidValue("\(place): '\(key.name)' takes true or false")
      }
      return flag ? "true" : "false"
    case .units:
      guard let text = value.string, TemperatureUnit(rawValue: text) != nil else {
        let units = TemperatureUnit.allCases.map { "\"\($0.rawValue)\"" }
        throw .invalidValue("\(place): 'units' takes \(units.joined(separator: " or "))")
      }
      return text
    case .currency:
      let code = value.string?.uppercased() ?? ""
      guard Locale.commonISOCurrencyCodes.contains(code) else {
        throw .invalidValue(
          "\(place): unknown currency '\(value.string ?? value.debugDescription)'")
      }
      return code
    case .weatherProvider:
      guard let text = value.string?.lowercased(),
        WeatherComposition.Provider(rawValue: text) != nil
      else {
        throw .invalidValue(
          "\(place): 'weather_provider' takes \"open-meteo\" or \"openweathermap\"")
      }
      return text
    case .listID:
      guard let text = value.string ?? value.int.map(String.init), !text.isEmpty,
        text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber })
      else { throw .invalidValue("\(place): 'twitter_list_id' takes a list id of digits") }
      return text
    case .address, .text:
      guard let text = value.string, text.utf8.count <= 2048 else {
        throw .invalidValue("\(place): '\(key.name)' takes a string")
      }
      return text
    }
  }

  /// The 1-based line on which `key` is set or opens a table (1 when it cannot be found).
  static func lineOf(_ key: String, in text: String) -> Int {
    lineNumber(of: key, in: text) ?? 1
  }

  /// The 1-based line on which `key` is set or opens a table, or nil. Lines end at LF or CRLF.
  static func lineNumber(of key: String, in text: String) -> Int? {
    ConfigLines(text).index(of: key).map { $0 + 1 }
  }

  /// Whether the file is readable by group or others while it holds a secret: ssh's rule.
  public var exposesSecrets: Bool {
    guard Self.keys.contains(where: { $0.secret && values[$0.name] != nil }),
      let status = FileStatus(followingLinksAt: path)
    else { return false }
    return status.mode & 0o044 != 0
  }
}
