import Foundation

/// Finds the modules a Swift source file imports.
enum ImportScanner {
  /// Nil only if the pattern below stopped compiling; then no import is found and the
  /// fixture-tree tests fail.
  private static let pattern = try? NSRegularExpression(
    pattern:
      #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
    options: [.anchorsMatchLines])

  /// The imported module names, one per import line, in file order.
  static func imports(in source: String) -> [String] {
    guard let pattern else { return [] }
    let range = NSRange(source.startIndex..., in: source)
    return pattern.matches(in: source, range: range).compactMap { match in
      Range(match.range(at: 1), in: source).map { String(source[$0]) }
    }
  }
}

/// One import that breaks the layering rule.
struct LayeringViolation: Equatable, CustomStringConvertible {
  let file: String
  let module: String
  var description: String { "\(file) imports \(module)" }
}

/// The rule: a feature module imports neither a front-end module, the composition root, nor
/// another feature.
enum LayeringRule {
  static let forbidden: Set<String> = [
    "CNCurses", "TerminalUI", "TUIApp", "CLIApp", "AppEnvironment",
  ]

  /// Checks every `.swift` file under `<root>/Sources/*Feature`.
  static func violations(packageRoot root: URL) throws -> [LayeringViolation] {
    let sources = root.appendingPathComponent("Sources")
    let files = FileManager.default
    let features = try files.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix("Feature") }
      .sorted()
    var found: [LayeringViolation] = []
    for feature in features {
      let folder = sources.appendingPathComponent(feature)
      guard let walker = files.enumerator(atPath: folder.path) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        for module in imports(in: text) where isForbidden(module, in: feature) {
          found.append(LayeringViolation(file: "\(feature)/\(relative)", module: module))
        }
      }
    }
    return found
  }

  static func isForbidden(_ module: String, in feature: String) -> Bool {
    forbidden.contains(module) || (module.hasSuffix("Feature") && module != feature)
  }

  private static func imports(in text: String) -> [String] { ImportScanner.imports(in: text) }
}
