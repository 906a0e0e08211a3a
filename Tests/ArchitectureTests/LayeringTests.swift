import Foundation
import Testing

@Suite("Layering")
struct LayeringTests {
  /// The package root, found from this file's location.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func featureModulesImportNoFrontEndAndNoOtherFeature() throws {
    #expect(
      FileManager.default.fileExists(
        atPath: Self.packageRoot.appendingPathComponent("Package.swift").path))
    let violations = try LayeringRule.violations(packageRoot: Self.packageRoot)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Issue 39, item 6: the reactive core stands on OpenCombine and combine-schedulers alone;
  /// the HTTP transport and the other infrastructure are AppInfrastructure's.
  @Test func theCoreImportsNoInfrastructure() throws {
    let allowed: Set<String> = [
      "Foundation", "Dispatch", "Glibc", "Synchronization", "Observation", "OpenCombineShim",
      "OpenCombine", "OpenCombineDispatch", "CombineSchedulers",
    ]
    let core = Self.packageRoot.appendingPathComponent("Sources/ViewModelKit")
    let files = try #require(FileManager.default.enumerator(atPath: core.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20)
    for file in files {
      let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
      let foreign = Set(ImportScanner.imports(in: text)).subtracting(allowed)
      #expect(foreign.isEmpty, "ViewModelKit/\(file) imports \(foreign.sorted())")
    }
    let manifest = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let target = try #require(manifest.range(of: "name: \"ViewModelKit\","))
    let declaration = manifest[target.upperBound...].prefix { $0 != ")" }
    #expect(!declaration.contains("CCurl") && !declaration.contains("CurlOnDemand"))
  }

  @Test func theRuleBitesOnAFixtureTree() throws {
    let root = try makeTree([
      "Sources/OrdersFeature/Models/Order.swift": "import Foundation\nimport ViewModelKit\n",
      "Sources/OrdersFeature/ViewModels/Screen.swift": "import TerminalUI\n",
      "Sources/OrdersFeature/Services/Other.swift":
        "@testable import BillingFeature\nimport OrdersFeature\n",
      "Sources/BillingFeature/Setup.swift":
        "public import AppEnvironment\nimport struct CLIApp.Line\n",
      "Sources/TUIApp/Screen.swift": "import OrdersFeature\nimport CNCurses\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let violations = try LayeringRule.violations(packageRoot: root)
      .sorted { ($0.file, $0.module) < ($1.file, $1.module) }
    #expect(
      violations == [
        LayeringViolation(file: "BillingFeature/Setup.swift", module: "AppEnvironment"),
        LayeringViolation(file: "BillingFeature/Setup.swift", module: "CLIApp"),
        LayeringViolation(file: "OrdersFeature/Services/Other.swift", module: "BillingFeature"),
        LayeringViolation(file: "OrdersFeature/ViewModels/Screen.swift", module: "TerminalUI"),
      ])
  }

  @Test func aCleanFixtureTreePasses() throws {
    let root = try makeTree([
      "Sources/OrdersFeature/A.swift":
        "import Foundation\n// import TerminalUI is only a comment\n",
      "Sources/ViewModelKit/B.swift": "import CNCurses\n",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try LayeringRule.violations(packageRoot: root).isEmpty)
  }

  @Test func theScannerReadsEveryImportForm() {
    let source = """
      import Foundation
        @testable import TodoFeature
      @_exported import ViewModelKit
      public import AppEnvironment
      import class TerminalUI.Canvas
      let text = "import Nothing"
      """
    #expect(
      ImportScanner.imports(in: source)
        == ["Foundation", "TodoFeature", "ViewModelKit", "AppEnvironment", "TerminalUI"])
  }

  private func makeTree(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("layering-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }
}
