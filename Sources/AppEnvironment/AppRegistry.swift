import Foundation
import ViewModelKit

/// One app as both front ends, their help and their completions know it: its name (the CLI's
/// first argument, the TUI's app argument), its tab, what it is, and how its session (an
/// `AppSession`, the one shape of a running app) is made.
/// A front end shows a session through its own protocol, which each app's front-end folder
/// conforms the session to (`CLIPresentable`, `TUIPresentable`); no front end picks an app by
/// a `default:`.
public struct RegisteredApp: Sendable {
  /// The name the first argument takes: `weather`.
  public let name: String
  /// The tab's label: `Weather`.
  public let title: String
  /// The tab's number (1–9).
  public let tab: Int
  /// One line for `--help`.
  public let meaning: String
  /// The session's type, for what a front end needs before any session exists (the CLI's
  /// command list in `cli <app> --help`).
  public let sessionType: any AppSession.Type
  /// The app's own start-up flags (`NoFlags` when it has none): every head takes them off its
  /// command line and lists them in its help.
  public let flags: any AppFlags.Type
  /// Makes the app's session on the configuration's services and clock, from the flags given
  /// (the app reads its own), with its remembered choices put back (else the settings
  /// file's) and each later change kept.
  public let makeSession:
    @MainActor @Sendable (AppConfiguration, AppFlagValues, AnySchedulerOf<DispatchQueue>)
      throws(ConfigurationError) -> any AppSession

  /// An app without flags of its own.
  public init<Session: AppSession>(
    name: String, title: String, tab: Int, meaning: String,
    makeSession:
      @escaping @MainActor @Sendable (
        AppConfiguration, NoFlags, AnySchedulerOf<DispatchQueue>
      ) throws(ConfigurationError) -> Session
  ) {
    self.init(
      name: name, title: title, tab: tab, meaning: meaning, flags: NoFlags.self,
      makeSession: makeSession)
  }

  /// An app that takes the start-up flags `flags` declares.
  public init<Session: AppSession, Flags: AppFlags>(
    name: String, title: String, tab: Int, meaning: String, flags: Flags.Type,
    makeSession:
      @escaping @MainActor @Sendable (
        AppConfiguration, Flags, AnySchedulerOf<DispatchQueue>
      ) throws(ConfigurationError) -> Session
  ) {
    self.name = name
    self.title = title
    self.tab = tab
    self.meaning = meaning
    self.flags = flags
    sessionType = Session.self
    // Every app's remembered choices are put back and kept the same way, here.
    self.makeSession = { configuration, given, scheduler throws(ConfigurationError) in
      let session = try makeSession(configuration, given.of(Flags.self), scheduler)
      let choices = session.rememberedChoices
      // An app with no choices (todo) does not open the choices store at all.
      // Its store closes when the session ends (a web tab that closes leaves nothing open).
      if !choices.isEmpty {
        let kept = RememberedChoices(configuration)
        kept.keep(choices, settings: configuration.configFile.values)
        session.lifetime.onEnd { kept.close() }
      }
      return session
    }
  }
}

/// The apps, in tab order: the one list `tui`, `cli`, their help and their completions read.
/// Adding an app here is its feature folder, its head folders and one entry; a package of its
/// own makes a registry of its own apps instead (Docs/Examples/Downstream).
public struct AppRegistry: Sendable {
  /// The apps, in tab order.
  public let apps: [RegisteredApp]

  public init(_ apps: [RegisteredApp]) { self.apps = apps }

  /// What is wrong with the list, if anything: two apps of one name or one tab, a tab outside
  /// 1–9, a name that is not one lower-case word. The front ends refuse to start on it.
  public var problem: String? {
    for (index, app) in apps.enumerated() {
      guard !app.name.isEmpty, app.name.allSatisfy({ $0.isLowercase && $0.isLetter }) else {
        return "the app name '\(app.name)' is not one lower-case word"
      }
      guard (1...9).contains(app.tab) else {
        return "the \(app.name) app's tab \(app.tab) is not 1 to 9"
      }
      if let other = apps[..<index].first(where: { $0.name == app.name }) {
        return "two apps are called '\(other.name)'"
      }
      if let other = apps[..<index].first(where: { $0.tab == app.tab }) {
        return "the \(other.name) and \(app.name) apps both have tab \(app.tab)"
      }
      do {
        if app.flags != NoFlags.self { _ = try app.flags.parse([]) }
      } catch {
        return "the \(app.name) app's flags need a value when none is given: "
          + app.flags.message(for: error)
      }
    }
    return nil
  }

  /// The app called `name` (case ignored), or nil.
  public func app(named name: String) -> RegisteredApp? {
    apps.first { $0.name == name.lowercased() }
  }

  /// The apps' names, in tab order.
  public var names: [String] { apps.map(\.name) }

  /// Every app's remembered choices' keys, in tab order.
  public var rememberedKeys: [RememberedChoice.Key] {
    apps.flatMap { $0.sessionType.rememberedKeys }
  }

  /// The apps the running head shows: the registry its `run` was given (`AppRegistry.use`),
  /// else this package's four. What argument-parser reads before any value exists (the CLI's
  /// subcommands, the TUI's app completion) and the shared help read it here.
  public static var running: AppRegistry { inUse.withLock { $0 } }

  /// Makes `registry` the apps of this process: a head's `run` calls it first, before it
  /// parses a flag, so help, completions and settings name these apps and no others.
  public static func use(_ registry: AppRegistry) { inUse.withLock { $0 = registry } }

  private static let inUse = Locked(AppRegistry.standard)

  /// The four apps of this package.
  public static let standard = AppRegistry([
    RegisteredApp(
      name: "weather", title: "Weather", tab: 1,
      meaning: "the weather for a city or your position, a map and a 5-day forecast",
      flags: WeatherComposition.Options.self
    ) { configuration, options, scheduler throws(ConfigurationError) in
      try WeatherComposition.session(configuration, options: options, scheduler: scheduler)
    },
    RegisteredApp(
      name: "tweets", title: "Tweets", tab: 2,
      meaning: "a Twitter list's timeline, its members and their timelines"
    ) { configuration, _, scheduler throws(ConfigurationError) in
      try TweetsComposition.session(configuration, scheduler: scheduler)
    },
    RegisteredApp(name: "todo", title: "Todo", tab: 3, meaning: "a task list kept in SQLite") {
      configuration, _, scheduler throws(ConfigurationError) in
      try TodoComposition.session(configuration, scheduler: scheduler)
    },
    RegisteredApp(
      name: "checkout", title: "Checkout", tab: 4,
      meaning: "a shop: catalog, cart, currencies, orders and an account",
      flags: CheckoutComposition.Options.self
    ) { configuration, options, scheduler throws(ConfigurationError) in
      try CheckoutComposition.session(configuration, options: options, scheduler: scheduler)
    },
  ])
}
