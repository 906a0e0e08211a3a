import Foundation

/// The folder that holds one store per app (`checkout.sqlite`, `todo.sqlite`, ...).
public struct DataDirectory: Sendable, Equatable {
  /// The folder's location (it may not exist yet).
  public let url: URL
  /// Whether the user named it (`--data-dir`, `HEADLESS_DATA_DIR`): a folder the user named is
  /// made only where its parent exists, so a typo makes no tree of folders (issue 51, item 5).
  /// The default place is made with its parents, as the XDG folders it lies in may be new.
  public let isNamed: Bool

  public init(url: URL, isNamed: Bool = false) {
    self.url = url
    self.isNamed = isNamed
  }

  /// Where the data directory is: `--data-dir`, else `HEADLESS_DATA_DIR`, else
  /// `$XDG_DATA_HOME/headless-mvvm`, else `~/.local/share/headless-mvvm`.
  static func locate(
    flag: String?, environment: [String: String], currentDirectory: String
  ) throws(ConfigurationError) -> DataDirectory {
    if let flag {
      guard !flag.isEmpty else { throw .invalidValue("--data-dir needs a directory path") }
      return DataDirectory(url: absolute(flag, from: currentDirectory), isNamed: true)
    }
    if let value = environment["HEADLESS_DATA_DIR"], !value.isEmpty {
      return DataDirectory(url: absolute(value, from: currentDirectory), isNamed: true)
    }
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return DataDirectory(url: URL(fileURLWithPath: xdg).appendingPathComponent("headless-mvvm"))
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return DataDirectory(
      url: URL(fileURLWithPath: home).appendingPathComponent(".local/share/headless-mvvm"))
  }

  static func absolute(_ path: String, from base: String) -> URL {
    let expanded = (path as NSString).expandingTildeInPath
    if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardizedFileURL }
    return URL(fileURLWithPath: base).appendingPathComponent(expanded).standardizedFileURL
  }

  /// Makes sure the folder exists and can be written, creating it with owner-only permissions
  /// (0700) when missing (and its parents too, for the default place; a named folder whose
  /// parent is missing is refused). Stores call this before their first write.
  @discardableResult
  public func prepare() throws(ConfigurationError) -> URL {
    let path = url.path
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw unusable("it is a file, not a directory") }
    } else {
      // The missing folders, outermost first, made one at a time: when one cannot be made, the
      // ones made before it are removed again, so a failed start leaves no half-made path.
      var missing: [URL] = []
      var folder = url
      while !files.fileExists(atPath: folder.path), folder.path != "/" {
        missing.insert(folder, at: 0)
        folder = folder.deletingLastPathComponent()
      }
      if isNamed, missing.count > 1 {
        throw unusable(
          "its parent folder \(url.deletingLastPathComponent().path) does not exist (make it first)"
        )
      }
      var made: [URL] = []
      for folder in missing {
        do {
          try files.createDirectory(
            at: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
          made.append(folder)
        } catch {
          // Another process starting at the same moment made it first: that is no failure.
          var isFolder: ObjCBool = false
          if files.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue {
            continue
          }
          for created in made.reversed() { rmdir(created.path) }
          throw unusable(Self.reason(for: error))
        }
      }
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw unusable(String(cString: strerror(errno)).lowercased())
    }
    return url
  }

  /// Whether the folder exists but this user cannot write in it (another user's, a backup):
  /// its stores can be read, not changed (issue 51, item 5).
  public var isReadOnly: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      && isFolder.boolValue && access(url.path, R_OK | X_OK) == 0
      && access(url.path, W_OK) != 0
  }

  /// The location of one store file in the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  private func unusable(_ reason: String) -> ConfigurationError {
    .unusableDataDirectory(path: url.path, reason: reason)
  }

  private static func reason(for error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code))).lowercased()
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code))).lowercased()
    }
    switch nsError.code {
    case NSFileWriteNoPermissionError: return "permission denied"
    case NSFileWriteOutOfSpaceError: return "no space left on device"
    default: return "it cannot be created (\(nsError.localizedDescription))"
    }
  }
}
