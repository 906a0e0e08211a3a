import CheckoutFeature
import Foundation
import ViewModelKit
import WeatherFeature

extension AppConfiguration {
  /// Where a setting in force came from.
  public enum SettingSource: String, Sendable {
    case file, environment, flag, remembered, `default`
  }

  /// One setting in force: its key, its value as shown (secrets masked), and its source.
  public struct Setting: Equatable, Sendable {
    public let key: String
    public let shown: String
    public let source: SettingSource
  }

  /// Every key of the settings file with the value in force and where it came from (ST-05),
  /// then each remembered choice that stands for no key: a choice the user made in an app
  /// (`remembered`, read from the data directory without changing it) beats the file, as it
  /// does when the app starts.
  public func settings(
    remembering keys: [RememberedChoice.Key] = AppRegistry.running.rememberedKeys
  )
    -> [Setting]
  {
    let stored = RememberedChoices.stored(in: self)
    let fileKeys = ConfigFile.keys.map { key in
      var (value, source) = setting(key)
      let choice = keys.first { $0.settingsKey == key.name }
      if let choice, let kept = stored[choice.name], source == .file || source == .default {
        (value, source) = (kept, .remembered)
      }
      let shown = key.secret ? value.map(Self.masked) ?? "(none)" : (value ?? "(none)")
      return Setting(key: key.name, shown: shown, source: source)
    }
    let others = keys.filter { $0.settingsKey == nil }.map { key in
      stored[key.name].map { Setting(key: key.name, shown: $0, source: .remembered) }
        ?? Setting(key: key.name, shown: "(none)", source: .default)
    }
    return fileKeys + others
  }

  private func setting(_ key: ConfigFile.Key) -> (String?, SettingSource) {
    let fromFile = configFile.values[key.name]
    switch key.name {
    case "ascii":
      if asciiFlag { return ("true", .flag) }
      if let fromFile { return (fromFile, .file) }
      return asciiMode ? ("true", .environment) : ("false", .default)
    case "color":
      if colorFlag { return (color == .never ? "false" : "true", .flag) }
      if let value = environment["NO_COLOR"], !value.isEmpty { return ("false", .environment) }
      return fromFile.map { ($0, .file) } ?? ("true", .default)
    case "mouse": return fromFile.map { ($0, .file) } ?? ("true", .default)
    case "units":
      return fromFile.map { ($0, .file) } ?? (TemperatureUnit.celsius.rawValue, .default)
    case "currency": return fromFile.map { ($0, .file) } ?? (Currency.gbp.code, .default)
    case "weather_provider":
      if let value = environment["WEATHER_PROVIDER"], !value.isEmpty {
        return (value, .environment)
      }
      if let fromFile { return (fromFile, .file) }
      // The provider a key chooses, else the keyless one.
      return ((try? WeatherComposition.provider(self))?.rawValue, .default)
    default:
      if let name = key.variable, let value = environment[name], !value.isEmpty {
        return (value, .environment)
      }
      return fromFile.map { ($0, .file) } ?? (nil, .default)
    }
  }

  /// `****` and the last four characters (all stars when the secret is that short).
  static func masked(_ secret: String) -> String {
    secret.count > 4 ? "****" + secret.suffix(4) : "****"
  }

  /// The lines `cli <app> config` prints: the file, then one line per setting.
  public var settingsReport: [String] {
    let file =
      configFile.values.isEmpty && !FileManager.default.fileExists(atPath: configFile.path)
      ? "file: \(configFile.path) (none)" : "file: \(configFile.path)"
    return [file] + settings().map { "\($0.key) = \($0.shown) (\($0.source.rawValue))" }
  }
}
