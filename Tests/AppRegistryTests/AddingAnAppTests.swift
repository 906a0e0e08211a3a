import AppEnvironment
import CLIApp
import CombineSchedulers
import Foundation
import TUIApp
import TerminalUI
import Testing
import ViewModelKit

/// Issue 27, item 1: an app added with its folders and one registry entry runs in both
/// front ends' shells, and the package's own apps come from the same registry.
@Suite("Adding an app: one registry entry, both front ends")
@MainActor
struct AddingAnAppTests {
  let registry = AppRegistry(AppRegistry.standard.apps + [.counter])

  func configuration() throws -> AppConfiguration {
    try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline", "--ephemeral"]),
      environment: ["HOME": "/nonexistent", "HEADLESS_NOW": "2025-01-15T14:03:00Z"])
  }

  @Test("the counter runs in the CLI shell: its initial set, a command, a refusal, exit 1")
  func cli() throws {
    let scheduler = DispatchQueue.test
    let entry = try #require(registry.app(named: "counter"))
    let application = try CLIMain.makeApplication(
      entry, configuration: try configuration(), options: AppFlagValues(),
      scheduler: scheduler.eraseToAnyScheduler())
    let streams = MemoryStreams()
    let shell = CLIShell(
      app: application, json: false, streams: streams,
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
    shell.start(printInitialSet: true) {}
    for line in ["add", "add", "add", "add"] { shell.run(line: line) { _ in } }
    shell.finish {}
    #expect(streams.stdout == ["count: 0", "count: 1", "count: 2", "count: 3"])
    #expect(streams.stderr == ["error: The counter stops at 3"])
    #expect(shell.exitStatus == 1)
  }

  @Test("the counter is tab 5 of the TUI: 5 shows it, + counts")
  func tui() throws {
    let scheduler = DispatchQueue.test
    let tabs = TUIMain.makeTabs(
      registry, configuration: try configuration(), options: AppFlagValues(),
      scheduler: scheduler.eraseToAnyScheduler())
    #expect(tabs.map(\.number) == [1, 2, 3, 4, 5])
    let root = TUIRoot(tabs: tabs, initial: 5)
    let canvas = MemoryCanvas(width: 80, height: 24)
    func screen() -> String {
      scheduler.advance()
      canvas.clear()
      root.draw(Painter(canvas: canvas, ascii: false, color: true))
      return canvas.snapshot()
    }
    #expect(screen().contains("Count: 0"))
    #expect(screen().contains("5 Counter"))
    _ = root.handle(.character("+"))
    #expect(screen().contains("Count: 1"))
  }

  @Test("the package's apps: names, tabs and help all come from the one registry")
  func standard() {
    #expect(AppRegistry.standard.names == ["weather", "tweets", "todo", "checkout"])
    #expect(AppRegistry.standard.apps.map(\.tab) == [1, 2, 3, 4])
    #expect(HelpText.apps.map(\.name) == AppRegistry.standard.names)
    #expect(AppRegistry.standard.app(named: "Weather")?.title == "Weather")
    #expect(AppRegistry.standard.app(named: "nope") == nil)
  }

  @Test("every app's session has the one shape: its first scene at the root, settled, choices")
  func sessionShape() throws {
    let scheduler = DispatchQueue.test
    for entry in registry.apps {
      let session = try entry.makeSession(
        try configuration(), AppFlagValues(), scheduler.eraseToAnyScheduler())
      let (now, driven) = stacks(of: session, scheduler: scheduler)
      #expect(now == [.root], "\(entry.name): one scene, at the root")
      #expect(driven == [.root], "\(entry.name): the stack Driver replays the root")
      session.setActive(true)
      scheduler.advance(by: .seconds(60))
      #expect(!session.isBusy, "\(entry.name) settles")
      let keys = session.rememberedChoices.map(\.key)
      #expect(keys.allSatisfy { $0.hasPrefix("\(entry.name).") }, "\(entry.name): \(keys)")
      session.shutdown()
    }
  }

  @Test("a remembered choice of a registered app is put back by its next session")
  func rememberedThroughTheRegistry() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline"]),
      environment: ["HEADLESS_DATA_DIR": folder.path, "XDG_CONFIG_HOME": "/nonexistent"])
    let scheduler = DispatchQueue.test
    let entry = try #require(registry.app(named: "counter"))
    let first = try #require(
      try entry.makeSession(configuration, AppFlagValues(), scheduler.eraseToAnyScheduler())
        as? CounterSession)
    #expect(
      first.counter.send(.increment) == .accepted && first.counter.send(.increment) == .accepted)
    let second = try #require(
      try entry.makeSession(configuration, AppFlagValues(), scheduler.eraseToAnyScheduler())
        as? CounterSession)
    var counts: [Int] = []
    let watch = second.counter.state.drive { counts.append($0.count) }
    scheduler.advance()
    watch.cancel()
    #expect(counts == [2])
  }

  /// The coordinator's stack now and the first one its Driver delivers, as transitions.
  private func stacks<Session: AppSession>(
    of session: Session, scheduler: TestSchedulerOf<DispatchQueue>
  ) -> (now: [SceneTransition], driven: [SceneTransition]?) {
    var driven: [SceneTransition]?
    let watch = session.stack.drive { stack in driven = driven ?? stack.map(\.transition) }
    scheduler.advance()
    watch.cancel()
    return (session.coordinator.stack.map(\.transition), driven)
  }

  @Test("issue 39, item 5: the registry refuses two apps of one name or one tab, at start")
  func duplicates() {
    #expect(AppRegistry.standard.problem == nil)
    #expect(registry.problem == nil)
    let twice = AppRegistry(AppRegistry.standard.apps + [.counter, .counter])
    #expect(twice.problem == "two apps are called 'counter'")
    let notes = RegisteredApp(name: "notes", title: "Notes", tab: 5, meaning: "notes") {
      _, _, scheduler throws(ConfigurationError) in CounterSession(scheduler: scheduler)
    }
    let sameTab = AppRegistry(AppRegistry.standard.apps + [notes, .counter])
    #expect(sameTab.problem == "the notes and counter apps both have tab 5")
  }
}

/// Issue 53, item 6: a head run over a registry of another package's apps names only those.
@Suite("The heads as a framework: help for the registry given")
struct RegistryOfYourOwnTests {
  @Test("the environment a registry's help lists: only its apps' variables, and the shared ones")
  func environmentOfTheAppsGiven() {
    let counterOnly = HelpText.environment(for: AppRegistry([.counter])).map(\.name)
    #expect(counterOnly.contains("HEADLESS_DATA_DIR") && counterOnly.contains("NO_COLOR"))
    #expect(!counterOnly.contains("WEATHER_PROVIDER") && !counterOnly.contains("RATES_URL"))
    let checkoutAndCounter = HelpText.environment(
      for: AppRegistry(AppRegistry.standard.apps.filter { $0.name == "checkout" } + [.counter]))
    #expect(checkoutAndCounter.map(\.name).contains("RATES_URL"))
    #expect(HelpText.environment(for: .standard).count == HelpText.environment.count)
  }
}
