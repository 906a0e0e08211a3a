import Foundation

/// Why a fixture could not be read. Every case names the file, relative to the fixtures root.
public enum FixtureError: Error, Equatable, CustomStringConvertible {
  /// No file at that path.
  case missing(file: String)
  /// The file exists but could not be read.
  case unreadable(file: String, reason: String)
  /// The file was read but is not in the expected format.
  case malformed(file: String, reason: String)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .missing(let file), .unreadable(let file, _), .malformed(let file, _): file
    }
  }

  public var description: String {
    switch self {
    case .missing(let file): "fixture \(file) is missing"
    case .unreadable(let file, let reason): "fixture \(file) could not be read: \(reason)"
    case .malformed(let file, let reason): "fixture \(file) is malformed: \(reason)"
    }
  }
}

/// Reads offline data files by their path below a fixtures root.
public struct FixtureLoader: Sendable {
  /// The folder that relative paths start from.
  public let root: URL

  /// Reads fixtures below `root`.
  public init(root: URL) { self.root = root }

  /// The fixtures bundled with the package (the top-level `Fixtures/` folder).
  public static let bundled = FixtureLoader(
    root: Bundle.module.resourceURL ?? Bundle.module.bundleURL)

  /// The location of `file`, whether or not it exists.
  public func url(for file: String) -> URL { root.appendingPathComponent(file) }

  /// The raw bytes of `file`.
  public func data(_ file: String) throws(FixtureError) -> Data {
    let url = url(for: file)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .missing(file: file)
    }
    if isDirectory.boolValue { throw .unreadable(file: file, reason: "it is a directory") }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(file: file, reason: Self.reason(for: error))
    }
  }

  /// `file` decoded from JSON as a `T`.
  public func decode<T: Decodable>(_ type: T.Type, from file: String) throws(FixtureError) -> T {
    let bytes = try data(file)
    do {
      return try JSONDecoder().decode(type, from: bytes)
    } catch {
      throw .malformed(file: file, reason: Self.reason(for: error))
    }
  }

  private static func reason(for error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "no value for \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      context.debugDescription
    default:
      (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
  }
}
