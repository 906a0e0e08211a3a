import ViewModelKit

/// One output of a CLI screen: its name, whether it belongs to the screen's initial set,
/// and its latest value, kept current by a subscription to the screen's state Driver (the
/// field is rendered from each new state; the shell prints it when the rendering changed).
@MainActor
public final class CLIOutput {
  public let name: String
  /// Printed when the screen is entered.
  public let isInitial: Bool
  /// At most this many list rows in text (the rest summarised), unless printed in full.
  public let textCap: Int?
  public private(set) var value: CLIValue
  private var subscription: AnyCancellable?

  public init<T>(
    _ name: String, initial: Bool, textCap: Int? = nil, driver: Driver<T>,
    render: @escaping (T) -> CLIValue
  ) {
    self.name = name
    isInitial = initial
    self.textCap = textCap
    value = .text("")
    subscription = driver.drive { [weak self] in self?.value = render($0) }
  }
}

extension CLIOutput {
  /// A text field of a screen's state, printed as it is.
  public static func text<State>(
    _ name: String, initial: Bool, _ state: Driver<State>, _ field: KeyPath<State, String>
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { .text($0[keyPath: field]) }
  }

  /// A true/false field of a screen's state.
  public static func flag<State>(
    _ name: String, initial: Bool, _ state: Driver<State>, _ field: KeyPath<State, Bool>
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { .flag($0[keyPath: field]) }
  }
}

/// A screen of the CLI session: which outputs it prints, in order.
@MainActor
public final class CLIScreen {
  public let name: String
  public let outputs: [CLIOutput]

  public init(name: String, outputs: [CLIOutput]) {
    self.name = name
    self.outputs = outputs
  }
}

/// What a command asks of the shell.
@MainActor
public struct CommandOutcome {
  /// The answer known at once (a refusal prints `error:` after the command settles).
  public var result: InputResult
  /// An answer that arrives once the command's work has settled.
  public var later: AnyPublisher<InputResult, Never>?
  /// Outputs to print whatever their value (`full`: every list row, uncapped).
  public var show: [(output: CLIOutput, full: Bool)]
  /// Print every output of the screen shown once the command has settled, in full: for a
  /// command that opens a screen, whichever the navigation's Driver says is on top by then.
  public var showsCurrentScreen: Bool
  /// The command's answer in one line, asked for once its work has settled, printed instead of
  /// what changed on the screen (`cli weather now`); an error when it fails.
  public var reply: (() -> Result<CommandReply, CommandReply>)?
  /// What the command did, in one line, asked for once its work has settled: a one-shot
  /// command prints it instead of what changed (`Added #107 Buy milk`); a session prints what
  /// changed, as for any command. Nil, or an answer of nil: the changes.
  public var summary: (() -> CommandReply?)?
  /// The work the shell waits for before printing, when it is the command's own and not all
  /// of the app's (tweets' `people` waits for the members, not for the timeline's polls);
  /// nil: the app's.
  public var settling: (any SettlingWork)?
  /// False for a command that only starts background work (tweets' `refresh`): in a session
  /// the next line is read at once instead of after that work, so a stalled poll holds no
  /// other command (issue 51, item 7); a command that shows what the work brings waits for
  /// the app as usual. Run once from the command line, it waits as every command does.
  public var holdsSession = true

  /// An answer too long to hold, printed piece by piece as it comes instead of anything else
  /// (`cli todo list` on a million tasks); its failure is the command's.
  public var stream: AnyPublisher<AnswerPiece, CommandReply>?

  public init(
    _ result: InputResult = .accepted, later: AnyPublisher<InputResult, Never>? = nil,
    show: [(output: CLIOutput, full: Bool)] = [], showsCurrentScreen: Bool = false
  ) {
    self.result = result
    self.later = later
    self.show = show
    self.showsCurrentScreen = showsCurrentScreen
  }
}

/// A piece of a streamed answer: its text lines, and the same piece of the answer's one JSON
/// document (the pieces are written one after another on one line, as any one-shot's
/// document is).
/// Each is made only when printed, in the one form printed.
public struct AnswerPiece {
  /// The lines printed as text, each with what it means.
  public let lines: () -> [CLILine]
  /// The piece of the JSON document printed under `--json`.
  public let json: () -> String

  public init(lines: @escaping () -> [CLILine], json: @escaping () -> String) {
    self.lines = lines
    self.json = json
  }

  /// A piece whose two forms are known already, its lines plain.
  public init(lines: [String], json: String) {
    self.init(lines: { lines.map { CLILine($0) } }, json: { json })
  }
}

/// A one-line answer: its name (the JSON key under `--json`), its text, and the data `--json`
/// writes instead of the text when there is any.
public struct CommandReply: Error {
  /// The key under `--json`: `answer`, `now`.
  public var name: String
  /// The line: `Added #107 Buy milk`.
  public var text: String
  /// The answer's lines when it has several (`cli weather forecast`: a line a day); nil: `text`.
  public var lines: [String]?
  /// The same answer as data (`{"added":{"uid":107,…}}`); nil: the text is the data.
  public var json: JSONValue?

  public init(_ name: String, _ text: String, json: JSONValue? = nil) {
    self.name = name
    self.text = text
    self.json = json
  }
}

/// An app as the CLI shell drives it.
/// Work the shell waits for before it prints a command's answer: an app's, all of it, or a
/// command's own (`CommandOutcome.settling`).
@MainActor
public protocol SettlingWork: AnyObject {
  /// Whether any of the work is in flight now.
  var isBusy: Bool { get }
  /// False while any of it is in flight.
  var isSettled: Driver<Bool> { get }
}

/// A command's own work, when it is not all of the app's: what it is busy with, and when it
/// settles.
@MainActor
public final class CommandWork: SettlingWork {
  private let busy: () -> Bool
  public let isSettled: Driver<Bool>
  public var isBusy: Bool { busy() }

  public init(isSettled: Driver<Bool>, isBusy: @escaping () -> Bool) {
    self.isSettled = isSettled
    busy = isBusy
  }
}

@MainActor
public protocol CLIApplication: SettlingWork {
  /// The screen whose outputs print now.
  var currentScreen: CLIScreen { get }
  /// The session the commands drive: its `messages` print at once as `! <message>`, and each
  /// of its `failures` prints as `error: <message>` and makes the exit status 1.
  var appSession: any AppSession { get }
  /// The app's grammar: its commands, as the command line and each line of a session parse
  /// them.
  nonisolated static var grammar: any AppGrammar.Type { get }
  /// Runs one of the app's commands; nil when `command` is not one of this app's.
  func perform(_ command: any AppCommand) -> CommandOutcome?
  /// Runs a line taken whole while `wantsRawLines` (an editor's next title).
  func perform(rawLine: String) -> CommandOutcome
  /// Called once at the end of input, before the last wait (flush what is pending).
  func finish()
  /// Ctrl-C: flush what is pending, as `finish`, and stop whatever only waits (the tweets
  /// app's `wait`), so the exit comes as soon as the saves are written.
  func interrupt()
  /// Whether the next line goes to the app whole, as `rest`, with no command word (an
  /// editor waiting for a title).
  var wantsRawLines: Bool { get }
  /// What the shell prints when `screen` replaces `previous`.
  func entry(into screen: CLIScreen, from previous: CLIScreen) -> ScreenEntry
  /// Whether the app is seen: the session's screen models are active while it runs, and
  /// `active off` / `active on` switch them (for scripts and tests).
  func setActive(_ active: Bool)
  /// Takes `--format` for the app's one-line answers; false when it has none.
  func useAnswerFormat(_ format: String) -> Bool
  /// What Tab offers after `word` at the prompt (task numbers, product names), from what the
  /// app shows now; none by default.
  func completions(after word: String) -> [String]
}

extension CLIApplication {
  public func interrupt() { finish() }

  /// Takes `--format` for the app's one-line answers; false: the app has none to format.
  public func useAnswerFormat(_ format: String) -> Bool { false }

  /// No argument completions.
  public func completions(after word: String) -> [String] { [] }
}

/// How a screen is announced when it is entered.
public struct ScreenEntry {
  /// An output-like line printed first, e.g. `editor: New Task`.
  public var announcement: (name: String, value: String)?
  /// Print the screen's initial set (else: only what changed since it was last shown).
  public var printsInitialSet: Bool

  public init(announcement: (name: String, value: String)? = nil, printsInitialSet: Bool = true) {
    self.announcement = announcement
    self.printsInitialSet = printsInitialSet
  }
}

extension CLIApplication {
  public var wantsRawLines: Bool { false }
  public func perform(rawLine: String) -> CommandOutcome {
    CommandOutcome(.rejected("this screen takes commands, not raw lines"))
  }
  public func entry(into screen: CLIScreen, from previous: CLIScreen) -> ScreenEntry {
    ScreenEntry()
  }
}
