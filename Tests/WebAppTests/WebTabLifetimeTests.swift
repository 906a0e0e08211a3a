import AppEnvironment
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import WebApp

/// Nothing a tab holds outlives it (issue 51, item 2): every app's sessions, made and shut
/// down as a web tab's are, leave no descriptor open in their data folder.
@Suite("Web: nothing a tab holds outlives it (issue 51, item 2)")
@MainActor
struct WebTabLifetimeTests {
  /// The descriptors this process holds open on files under `folder` (other tests run in
  /// parallel: only this test's own folder is counted).
  func descriptors(under folder: String) -> Int {
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return open.filter {
      ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) ?? "")
        .hasPrefix(folder)
    }.count
  }

  @Test(
    "3 sessions of each app made, shown and shut down leave no descriptor open",
    arguments: AppRegistry.standard.apps.map(\.name))
  func noDescriptorLeft(app name: String) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tab-lifetime-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline", "--data-dir", folder]),
      environment: ["HOME": "/nonexistent", "HEADLESS_NOW": "2025-01-15T14:03:00Z"])
    let app = try #require(AppRegistry.standard.app(named: name))
    let scheduler = DispatchQueue.test
    var opened = 0
    for _ in 0..<3 {
      let session = try app.makeSession(configuration, AppFlagValues(), scheduler.asAny)
      session.setActive(true)
      await scheduler.advance(by: .seconds(1))
      opened = max(opened, descriptors(under: folder))
      session.setActive(false)
      session.shutdown()
      await scheduler.advance(by: .seconds(5))
    }
    // Each session did open its stores (the test would pass without them otherwise).
    #expect(opened > 0)
    // A store's last background write may still be ending on its own queue: waited for, up to
    // the hang limit, not assumed.
    #expect(await eventually { descriptors(under: folder) == 0 })
  }
}
