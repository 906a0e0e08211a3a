import AppEnvironment
import Foundation
import ViewModelKit

/// The CLI session every app shares: runs commands one at a time, waits for the app to
/// settle after each, prints what changed on the current screen, prints Signal messages at
/// once, and keeps the exit status.
@MainActor
public final class CLIShell {
  private let app: any CLIApplication
  private let printer: CLIPrinter
  private let waiter: any SettleWaiter
  private var printed: [String: CLIValue] = [:]
  /// What was last printed on screens that were left, to compare with on return.
  private var baselines: [ObjectIdentifier: [String: CLIValue]] = [:]
  /// The screen whose outputs were last printed or recorded; read from the app the first
  /// time it is needed (a one-shot command that answers on its own never needs it).
  private lazy var screen: CLIScreen = app.currentScreen
  /// False for a one-shot command that answers on its own: nothing reads the screen.
  private var readsScreen = true
  private var messageSubscription: AnyCancellable?
  private var failureSubscription: AnyCancellable?
  private var laterSubscription: AnyCancellable?
  private var noticeSubscription: AnyCancellable?

  /// Ends the start's wait and prints its initial set, while that wait lasts.
  private var startInProgress: (() -> Void)?
  /// The reader's line (or its end of input) that came while the start was waiting.
  private var heldUntilStarted: (() -> Void)?

  /// Whether the shell runs the command line's one command (else lines of a session).
  private var oneShot = false
  /// The one-shot command's own work, when it named it: the end waits for that, not for
  /// the app's other work (tweets' `people` does not wait for the timeline's polls).
  private var oneShotWork: (any SettlingWork)?

  /// The app's grammar, which parses each line.
  private var grammar: any AppGrammar.Type { type(of: app).grammar }

  /// `config`'s lines in a session: the settings in force (set by the process).
  public var settingsReport: (() -> [String])?

  /// Whether any command was rejected.
  public private(set) var hadRejection = false

  public init(
    app: any CLIApplication, json: Bool, streams: any CLIStreams, waiter: any SettleWaiter
  ) {
    self.app = app
    printer = CLIPrinter(json: json, streams: streams)
    self.waiter = waiter
    messageSubscription = app.appSession.messages.emit { [printer] in printer.message($0) }
    failureSubscription = app.appSession.failures.emit { [weak self] in self?.reject($0) }
  }

  /// Reports each of `failures` (failures outside the app's screens, such as a choice that
  /// could not be saved) as the app's own failures are: `error: …` and exit status 1.
  public func report(_ failures: AnyPublisher<String, Never>) {
    noticeSubscription = failures.sink { [weak self] in self?.reject($0) }
  }

  /// Exit status: 1 if any command was rejected or any work failed, else 0.
  public var exitStatus: Int32 { hadRejection ? 1 : 0 }

  /// Waits for start-up work, then prints the first screen's initial set (interactive
  /// sessions) or only records the values (one-shot). With `waitingForApp` false (a one-shot
  /// command that settles on its own work), the start-up work goes on while the command runs.
  /// With `readsScreen` false (a one-shot command that answers on its own), the screen is
  /// never read. A session's reader may start at once: `run(line:)` and `finish` wait for the
  /// start, except a line whose command settles on its own (tweets' `people`), which cuts the
  /// wait short (the initial set is printed as it stands) and runs at once (issue 51, item 7).
  public func start(
    printInitialSet: Bool, waitingForApp: Bool = true, readsScreen: Bool = true,
    then next: @escaping () -> Void
  ) {
    self.readsScreen = readsScreen
    // Read first, so that what the screen's state starts (the list's first read) is part of
    // the work waited for.
    if readsScreen { _ = screen }
    app.setActive(true)
    let work: any SettlingWork =
      waitingForApp ? app : deliveries
    var done = false
    let complete = { [self] in
      guard !done else { return }
      done = true
      startInProgress = nil
      if readsScreen { screen = app.currentScreen }
      if printInitialSet { printInitial() } else { recordBaseline() }
      printer.streams.flush()
      next()
      let held = heldUntilStarted
      heldUntilStarted = nil
      held?()
    }
    startInProgress = complete
    waiter.afterSettled(work, complete)
  }

  /// No work of the app's: settled once what is queued for the user interface is delivered.
  private var deliveries: CommandWork {
    CommandWork(isSettled: app.isSettled.map { _ in true }) { false }
  }

  /// Whether `line` may run before the start is done: its command settles on its own.
  private func runsBeforeStart(_ line: String) -> Bool {
    guard !app.wantsRawLines,
      case .success(.command(let command)) = SessionLine.parse(line, grammar: grammar)
    else { return false }
    return type(of: command).settlesOnItsOwn
  }

  /// Runs one line, then calls `next` once its work has settled and its output is printed.
  public func run(line: String, then after: @escaping (_ quit: Bool) -> Void) {
    if let completeStart = startInProgress {
      heldUntilStarted = { [self] in run(line: line, then: after) }
      // What the start has delivered so far is shown, then the line runs.
      if runsBeforeStart(line) { waiter.afterSettled(deliveries, completeStart) }
      return
    }
    // Whatever the line printed is out before the next prompt or line.
    let next = { [printer] (quit: Bool) in
      printer.streams.flush()
      after(quit)
    }
    if app.wantsRawLines { return perform(app.perform(rawLine: line), then: next) }
    switch SessionLine.parse(line, grammar: grammar) {
    case .failure(let refusal):
      reject(refusal.message)
      next(false)
    case .success(.blank): next(false)
    case .success(.help(nil)):
      printHelp()
      next(false)
    case .success(.help(let text?)):
      printer.helpText(text)
      next(false)
    case .success(.command(let command)): run(command: command, then: next)
    }
  }

  /// Opens the one-shot command's JSON document before the app starts, so that what the app
  /// says while it starts (a remembered place's sample-data note) is part of the one document
  /// (issue 51, item 7), not a document of its own.
  public func openOneShotDocument() { printer.startDocument() }

  /// Runs the command line's one command, parsed by the grammar; `next` follows its answer.
  public func run(oneShot command: any AppCommand, then next: @escaping (_ quit: Bool) -> Void) {
    oneShot = true
    printer.startDocument()
    run(command: command, then: next)
  }

  /// Runs a parsed command: the shell's own (`quit`, `active`, `config`), else the app's.
  private func run(command: any AppCommand, then next: @escaping (_ quit: Bool) -> Void) {
    switch (command as? any ShellCommand)?.action {
    case .quit?: return next(true)
    case .show?:
      return perform(
        CommandOutcome(show: app.currentScreen.outputs.map { ($0, true) }), then: next)
    case .active(let state)?: return setActive(state, then: next)
    case .config?:
      if let settingsReport {
        settingsReport().forEach { printer.reply("config", $0) }
      } else {
        reject("config: no settings in this session")
      }
      return next(false)
    case nil: break
    }
    guard let outcome = app.perform(command) else {
      reject("unknown command '\(type(of: command).names[0])'; type help")
      return next(false)
    }
    perform(outcome, then: next)
  }

  private func perform(_ outcome: CommandOutcome, then next: @escaping (_ quit: Bool) -> Void) {
    if let stream = outcome.stream { return print(stream, then: next) }
    var late: InputResult?
    laterSubscription = outcome.later?.sink { late = $0 }
    if oneShot { oneShotWork = outcome.settling }
    let work: any SettlingWork =
      !oneShot && !outcome.holdsSession
      ? deliveries
      : outcome.settling ?? app
    waiter.afterSettled(work) { [self] in
      laterSubscription = nil
      if let message = outcome.result.message { reject(message) }
      if let message = late?.message { reject(message) }
      if let reply = outcome.reply, outcome.result == .accepted {
        answer(reply())
        return next(false)
      }
      if oneShot, !hadRejection, let line = outcome.summary?() {
        answer(.success(line))
        return next(false)
      }
      guard readsScreen else { return next(false) }
      report(
        showing: outcome.showsCurrentScreen
          ? app.currentScreen.outputs.map { ($0, true) } : outcome.show)
      next(false)
    }
  }

  /// Prints each piece of a streamed answer as it comes (it is the one-shot's JSON document);
  /// a failure is the command's.
  private func print(
    _ stream: AnyPublisher<AnswerPiece, CommandReply>, then next: @escaping (_ quit: Bool) -> Void
  ) {
    printer.streamDocument()
    laterSubscription = stream.sink(
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        laterSubscription = nil
        printer.endStream()
        if case .failure(let problem) = completion { reject(problem.text) }
        printer.streams.flush()
        next(false)
      },
      receiveValue: { [printer] piece in printer.piece(piece) })
  }

  /// `active on|off`: makes the app's screen models seen or not, then reports as a command.
  private func setActive(_ state: OnOff, then next: @escaping (_ quit: Bool) -> Void) {
    app.setActive(state == .on)
    waiter.afterSettled(app) { [self] in
      report(showing: [])
      next(false)
    }
  }

  /// At the end of input: waits, lets the app finish (flush), waits again. After a one-shot
  /// command that named its own work, the waits are for that work alone.
  public func finish(then done: @escaping () -> Void) {
    guard startInProgress == nil else {
      heldUntilStarted = { [self] in finish(then: done) }
      return
    }
    let work = oneShotWork ?? app
    waiter.afterSettled(work) { [self] in
      app.finish()
      waiter.afterSettled(work) { [self] in
        if readsScreen { report(showing: []) }
        printer.endDocument()
        done()
      }
    }
  }

  /// What Tab offers after `word` (the app's own arguments).
  func completions(after word: String) -> [String] { app.completions(after: word) }

  // MARK: Printing

  /// A command's one-line answer instead of the screen's changes, which count as printed.
  private func answer(_ reply: Result<CommandReply, CommandReply>) {
    switch reply {
    case .success(let line): printer.reply(line.name, line.text, lines: line.lines, json: line.json)
    case .failure(let problem): reject(problem.text)
    }
    recordBaseline()
    printer.streams.flush()
  }

  private func reject(_ message: String) {
    hadRejection = true
    printer.error(message)
  }

  /// Prints, after a command: the new screen's initial set if the screen changed, else
  /// every output whose value changed; then what the command asked to show.
  private func report(showing requests: [(output: CLIOutput, full: Bool)]) {
    var shown = Set<String>()
    if app.currentScreen !== screen {
      let previous = screen
      baselines[ObjectIdentifier(previous)] = printed
      screen = app.currentScreen
      let entry = app.entry(into: screen, from: previous)
      if let (name, value) = entry.announcement { printer.announce(name, value) }
      if entry.printsInitialSet || baselines[ObjectIdentifier(screen)] == nil {
        let full = Set(requests.filter(\.full).map(\.output.name))
        shown = printInitial(full: full)
      } else {
        printed = baselines[ObjectIdentifier(screen)] ?? [:]
        shown = printChanges(requests)
      }
    } else {
      shown = printChanges(requests)
    }
    for request in requests where !shown.contains(request.output.name) {
      printer.print(request.output, full: request.full)
      if screen.outputs.contains(where: { $0 === request.output }) {
        printed[request.output.name] = request.output.value
      }
    }
    printer.streams.flush()
  }

  private func printChanges(_ requests: [(output: CLIOutput, full: Bool)]) -> Set<String> {
    var shown = Set<String>()
    for output in screen.outputs where printed[output.name] != output.value {
      let full = requests.contains { $0.output === output && $0.full }
      printer.print(output, full: full)
      printed[output.name] = output.value
      shown.insert(output.name)
    }
    return shown
  }

  @discardableResult
  private func printInitial(full: Set<String> = []) -> Set<String> {
    var shown = Set<String>()
    printed = [:]
    for output in screen.outputs {
      printed[output.name] = output.value
      guard output.isInitial else { continue }
      printer.print(output, full: full.contains(output.name))
      shown.insert(output.name)
    }
    return shown
  }

  private func recordBaseline() {
    guard readsScreen else { return }
    printed = Dictionary(
      screen.outputs.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
  }

  private func printHelp() { printer.commands(Self.commands(of: grammar)) }

  /// Every command of `grammar`, the app's and the shell's, with what each does.
  public static func commands(of grammar: any AppGrammar.Type) -> [(String, String)] {
    grammar.commandTypes.map { ($0.synopsis, $0.meaning) } + [
      ("help [<command>]", "list the commands, or explain one")
    ]
  }
}
