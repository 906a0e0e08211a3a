import AppEnvironment
import AppInfrastructure
import ArgumentParser
import CheckoutFeature
import Foundation
import TerminalUI
import ViewModelKit

/// The flags `tui` accepts.
struct TUIOptions: ParsableArguments {
  @Argument(
    help: "The app to open (one of the apps listed below; the first when none is named).",
    completion: .list(AppRegistry.running.names))
  var app: String?
  @OptionGroup var shared: SharedOptions
  @Flag(
    name: .customLong("no-mouse"),
    help: "Do not ask the terminal for clicks and the wheel (as mouse = false in the settings).")
  var noMouse = false
  @Flag(
    name: .customLong("exit-after-first-frame"),
    help: "Draw one frame, restore the terminal and exit.")
  var exitAfterFirstFrame = false
}

/// The `tui` process: parses flags, builds the tabs, and runs the terminal loop.
@MainActor
public enum TUIMain {
  /// The apps `tui` shows, one tab each: those `run` was given.
  static var registry: AppRegistry { .running }

  /// Runs `tui` on `arguments` (the command line without the program's name), showing the
  /// apps of `registry`, one tab each: this package's `tui` passes `AppRegistry.standard`, a
  /// package of its own apps passes its own (Docs/Examples/Downstream).
  public static func run(arguments: [String], registry: AppRegistry) -> Never {
    if arguments.first == "--generate-completion-script"
      || arguments.first == "--experimental-dump-help"
    {
      AppRegistry.use(registry)
      TUIToolDescription.main(arguments)  // prints the script or the tool description, exits
      exit(0)
    }
    var start = HeadStart<TUIOptions>(
      "tui", arguments: arguments, registry: registry, shared: \.shared
    ) { helpText + "\n" }
    let options = start.options
    // An app name that names none is a bad argument.
    if let app = options.app, registry.app(named: app) == nil {
      badFlags(
        "unknown app '\(app)'; apps: \(registry.apps.map(\.name).joined(separator: ", "))")
    }
    start.configuration.newStoresTeachTheTUI = true
    let configuration = start.configuration
    if let problem = TerminalCheck.problem() { fail(problem) }
    let tabs = makeTabs(
      registry, configuration: configuration, options: start.appFlags,
      scheduler: configuration.userInterfaceScheduler)
    let requested = options.app.map { registry.app(named: $0)?.tab }
    if let app = options.app, requested == nil || !tabs.contains(where: { $0.number == requested! })
    {
      fail(
        "unknown app '\(app)'; apps: \(tabs.map { $0.label.lowercased() }.joined(separator: ", "))")
    }
    let root = TUIRoot(tabs: tabs, initial: requested.flatMap { $0 } ?? tabs[0].number)
    root.showNotices(
      configuration.notices.failures.eraseToAnyPublisher(),
      scheduler: configuration.userInterfaceScheduler)
    TerminalRunLoop(
      host: root, ascii: configuration.asciiMode, color: !configuration.noColor,
      mouse: configuration.mouse && !options.noMouse,
      exitAfterFirstFrame: options.exitAfterFirstFrame
    ).run()
  }

  /// One tab per app of `registry`, each made when first shown.
  public static func makeTabs(
    _ registry: AppRegistry, configuration: AppConfiguration, options: AppFlagValues,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) -> [TUIRoot.Tab] {
    registry.apps.map { entry in
      tab(entry.tab, entry.title) { redraw throws(ConfigurationError) in
        let session = try entry.makeSession(configuration, options, scheduler)
        guard let presentable = session as? any TUIPresentable else {
          throw .appCannotStart("the \(entry.name) app has no screen")
        }
        return presentable.makeScreen(scheduler: scheduler, redraw: redraw)
      }
    }
  }

  /// A tab whose app, when it cannot start, shows why on its own tab.
  private static func tab(
    _ number: Int, _ label: String,
    _ make: @escaping @MainActor (@escaping () -> Void) throws -> any AppScreen
  ) -> TUIRoot.Tab {
    TUIRoot.Tab(number: number, label: label) { redraw in
      do {
        return try make(redraw)
      } catch {
        return FailedAppScreen(message: (error as? ConfigurationError)?.message ?? "\(error)")
      }
    }
  }

  /// `tui --help`: usage and flags from the argument definitions, then the shared sections.
  static var helpText: String {
    let width = HelpWidth.columns
    let apps = AppRegistry.running.apps
    let switching = apps.count > 1 ? "1-\(apps.last?.tab ?? 1) or Tab switch apps; " : ""
    return HelpWidth.wrap(
      """
      tui \(HeadlessVersion.current): the apps in one terminal (\(switching)? lists the keys)

      \(TUIOptions.helpMessage(columns: width))
      \(HelpText.appOptions(columns: width))\(HelpText.shared)
      """, width: width)
  }

  /// A bad flag: the error, and where to read about the flags.
  static func badFlags(_ message: String) -> Never {
    HeadStart<TUIOptions>.badFlags(message, head: "tui")
  }

  static func fail(_ message: String) -> Never { HeadStart<TUIOptions>.fail(message) }
}

/// `tui` described as one command, for what swift-argument-parser generates from the argument
/// definitions: `tui --generate-completion-script bash|zsh|fish` and the manual page
/// (`swift package generate-manual` asks `tui --experimental-dump-help`).
struct TUIToolDescription: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tui", abstract: "The registered apps, one tab each, in one terminal.",
    discussion: HelpText.shared, version: HeadlessVersion.current)
  @OptionGroup var options: TUIOptions
}
