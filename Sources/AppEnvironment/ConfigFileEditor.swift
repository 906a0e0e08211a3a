import Foundation
import ViewModelKit
import WeatherFeature

/// Changes one key of the settings file (ST-04) and nothing else: every other line, comments
/// and blank lines included, stays as it was. The new file replaces the old one by an atomic
/// rename, with mode 0600, under a lock on its folder so two processes editing at once apply
/// both edits. A file that does not parse is left alone and the edit is refused.
public struct ConfigFileEditor {
  /// The settings file to edit (created, with its folder, when missing).
  public let path: String

  public init(path: String) { self.path = path }

  /// Sets `key` (one of `ConfigFile.keys`, a string key) to `value`.
  public func set(_ key: String, to value: String) throws(ConfigurationError) {
    guard ConfigFile.keys.contains(where: { $0.name == key }) else {
      throw .invalidValue("'\(key)' is not a settings key")
    }
    guard !value.isEmpty, value.utf8.count <= 2048,
      value.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) })
    else { throw .invalidValue("the value cannot be written as a setting") }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .invalidValue("\(folder.path) cannot be created")
    }
    var failure: ConfigurationError?
    CreationLock.whileHolding(lockFor: path) {
      do throws(ConfigurationError) {
        try rewrite(key, to: value, url: url)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private func rewrite(_ key: String, to value: String, url: URL) throws(ConfigurationError) {
    var text = ""
    if FileManager.default.fileExists(atPath: path) {
      text = try ConfigFile.contents(of: path)
      _ = try ConfigFile.parse(text, path: path)  // a broken file is not edited
    }
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    let line = "\(key) = \"\(escaped)\""
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let number = ConfigFile.lineNumber(of: key, in: text) {
      lines[number - 1] = line
    } else {
      if lines.last == "" { lines.removeLast() }
      lines.append(line)
      lines.append("")
    }
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".config.toml.\(getpid()).tmp")
    let data = Data(lines.joined(separator: "\n").utf8)
    guard
      FileManager.default.createFile(
        atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw .invalidValue("\(path) cannot be written") }
    guard rename(temporary.path, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw .invalidValue("\(path) cannot be written: \(reason)")
    }
  }
}

/// The weather key dialog's "save to config": writes `openweather_api_key` to the settings
/// file in force.
public struct ConfigFileKeySaver: ApiKeySaver {
  let editor: ConfigFileEditor

  public init(path: String) { editor = ConfigFileEditor(path: path) }

  public var place: String { editor.path }

  public func save(apiKey key: String) -> Result<Void, ApiKeySaveFailure> {
    do {
      try editor.set("openweather_api_key", to: key)
      return .success(())
    } catch {
      return .failure(ApiKeySaveFailure(error.message))
    }
  }
}
