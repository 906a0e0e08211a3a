import AppInfrastructure
import Foundation
import ViewModelKit
import WeatherFeature

/// Changes one key of the settings file (ST-04) and nothing else: every other line, comments,
/// blank lines and each line's ending (LF or CRLF) included, stays as it was. A settings file
/// reached through a symbolic link is edited where the link points, and the link stays. The new
/// file replaces the old one by an atomic rename, with mode 0600, under a lock on it so two
/// processes editing at once apply both edits. The edit is checked before it is written: the
/// new text must parse, hold the new value, and hold every other key's value unchanged; a file
/// that does not parse, or that one changed line cannot edit safely (the key inside a
/// multi-line string, say), is left alone and the edit is refused.
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
    let target = try Self.finalTarget(of: path)
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .invalidValue("\(folder.path) cannot be created")
    }
    var failure: ConfigurationError?
    CreationLock.whileHolding(lockFor: target) {
      do throws(ConfigurationError) {
        try rewrite(key, to: value, at: target)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The new text of the file, or an error when one changed line cannot set the key safely
  /// (what `set` writes; public for the fuzz target).
  public static func edited(_ text: String, setting key: String, to value: String, path: String)
    throws(ConfigurationError) -> String
  {
    let before = try ConfigFile.parse(text, path: path)  // a broken file is not edited
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    let line = "\(key) = \"\(escaped)\""
    var lines = ConfigLines(text)
    if let index = lines.index(of: key) {
      lines.replace(at: index, with: line)
    } else {
      lines.append(line)
    }
    let result = lines.text
    var expected = before.values
    expected[key] = value
    let unsafe = ConfigurationError.invalidValue(
      "\(path): '\(key)' cannot be changed safely here (is it in a multi-line string?); "
        + "the file is unchanged, edit it by hand")
    guard let after = try? ConfigFile.parse(result, path: path), after.values == expected else {
      throw unsafe
    }
    return result
  }

  /// The file `path` finally names, following symbolic links (at most 32), so that an edit
  /// replaces the linked file and keeps the link. A path that is no link is itself.
  static func finalTarget(of path: String) throws(ConfigurationError) -> String {
    var current = path
    for _ in 0..<32 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? destination
        : URL(fileURLWithPath: current).deletingLastPathComponent()
          .appendingPathComponent(destination).path
    }
    throw .invalidValue("\(path): too many symbolic links")
  }

  private func rewrite(_ key: String, to value: String, at target: String)
    throws(ConfigurationError)
  {
    var text = ""
    var byteOrderMark = Data()
    if FileStatus(followingLinksAt: target) != nil {
      text = try ConfigFile.contents(of: target)
      // Reading drops a leading UTF-8 byte-order mark; the file keeps the one it had.
      let mark = Data([0xEF, 0xBB, 0xBF])
      if FileHandle(forReadingAtPath: target)?.readData(ofLength: 3) == mark,
        text.unicodeScalars.first != "\u{FEFF}"
      {
        byteOrderMark = mark
      }
    }
    let data = byteOrderMark + Data(try Self.edited(text, setting: key, to: value, path: path).utf8)
    do throws(PrivateFile.Problem) {
      try PrivateFile.write(data, to: URL(fileURLWithPath: target))
    } catch {
      throw .invalidValue("\(path) cannot be written: \(error.message)")
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
