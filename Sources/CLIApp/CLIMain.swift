import AppEnvironment
import AppInfrastructure
import ArgumentParser
import CheckoutFeature
import Foundation
import ViewModelKit

/// The `cli` process: parses flags, builds the app, and runs the shell on the main queue.
@MainActor
public enum CLIMain {
  /// The apps `cli` runs: those `run` was given.
  static var registry: AppRegistry { .running }
  static var apps: [String] { registry.names }
  static var keepAlive: [AnyObject] = []
  /// Whether `--json` is among the arguments: then even a start-up error is a JSON object.
  static var jsonErrors = false
  /// Whether start-up errors and warnings on standard error are drawn in colour (known once
  /// the settings are read; a flag error before then is plain).
  static var colorsErrors = false

  /// `line` in `meaning`'s colour when standard error is coloured.
  static func paint(_ line: String, _ meaning: LineMeaning) -> String {
    colorsErrors ? meaning.painted(line) : line
  }

  /// `config` under `--json`: one document with the file and each setting in force.
  static func settingsJSON(_ configuration: AppConfiguration) -> String {
    let settings = configuration.settings().map { setting in
      JSONValue.object([
        ("key", .string(setting.key)), ("value", .string(setting.shown)),
        ("source", .string(setting.source.rawValue)),
      ])
    }
    return JSONValue.object([
      ("file", .string(configuration.configFile.path)), ("settings", .array(settings)),
    ]).text
  }

  /// The command set of a new session of `entry`; kept alive for the process.
  public static func makeApplication(
    _ entry: RegisteredApp, configuration: AppConfiguration, options: AppFlagValues,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> any CLIApplication {
    let session = try entry.makeSession(configuration, options, scheduler)
    guard let presentable = session as? any CLIPresentable else {
      throw .appCannotStart("the \(entry.name) app has no command set")
    }
    keepAlive.append(session)
    return presentable.makeCommandSet()
  }

  /// Runs `cli` on `arguments` (the command line without the program's name) over the apps
  /// of `registry`: this package's `cli` passes `AppRegistry.standard`, a package of its own
  /// apps passes its own (Docs/Examples/Downstream).
  public static func run(arguments commandLine: [String], registry: AppRegistry) -> Never {
    AppRegistry.use(registry)
    StandardDescriptors.ensureOpen()
    PrivateFile.restrictProcess()  // every file the app makes is the user's alone
    jsonErrors = commandLine.prefix { $0 != "--" }.contains("--json")
    if let problem = registry.problem { fail("the app registry is wrong: \(problem)") }
    // The apps' own flags (`--location`, `--catalog`) first, each parsed by its app's type.
    let appFlags: AppFlagSplit
    do {
      appFlags = try AppFlagSplit(commandLine, apps: registry.apps)
    } catch {
      refuse(commandLine, error.message)
    }
    let arguments = appFlags.rest
    let flags = arguments.prefix { $0 != "--" }
    if let first = arguments.first,
      first.hasPrefix("--generate-completion-script")
        || first == "--experimental-dump-help" || first == "---completion"
    {
      CLIRoot.main(arguments)  // prints the script, the description or the candidates, exits
      exit(0)
    }
    // `cli todo help [command]`, as a session's `help [command]` (argument-parser's own `help`
    // is `cli help todo [command]`, which works too).
    if let (app, _) = CLIRoot.app(in: Array(flags)), flags.dropFirst(app + 1).first == "help" {
      succeed(CLIRoot.help(for: arguments))
    }
    // The command line's own flags, wherever they stand: one missing its value is an error
    // naming it, not the text of a command (`cli todo add Buy milk --data-dir`).
    if let problem = CommandLineText.flagProblem(arguments) { refuse(arguments, problem) }
    let parsed: any ParsableCommand
    do {
      // `cli todo …` (the app first, as usual) is parsed by the app's grammar alone: the same
      // definitions, without building every other app's (half a millisecond of every start).
      // Flags before the app take the whole tree.
      if let first = arguments.first, let grammar = registry.app(named: first)?.commandSet?.grammar
      {
        parsed = try grammar.parseCommandLine(
          CommandLineText.arranged(Array(arguments.dropFirst()), grammar: grammar))
      } else if let (index, grammar) = CLIRoot.app(in: Array(flags)) {
        let after = CommandLineText.arranged(Array(arguments[(index + 1)...]), grammar: grammar)
        parsed = try CLIRoot.parseAsRoot(Array(arguments[...index]) + after)
      } else {
        parsed = try CLIRoot.parseAsRoot(arguments)
      }
    } catch {
      if CLIRoot.exitCode(for: error) == .success {
        let message = CLIRoot.fullMessage(for: error)
        succeed(message.hasPrefix("OVERVIEW") ? CLIRoot.help(for: arguments) : message)
      }
      refuse(arguments, CLIRoot.message(for: error))
    }
    let options: CLIOptions
    let grammar: any AppGrammar.Type
    var command: (any AppCommand)?
    switch parsed {
    case let app as any AppGrammar:
      (options, grammar) = (app.options, type(of: app))
    case let one as any AppCommand:
      (options, grammar, command) = (one.options, type(of: one).grammar, one)
    default:
      succeed(CLIRoot.help(for: arguments))  // `cli`, `cli --json`, `cli help [app [command]]`
    }
    guard let entry = registry.app(named: grammar.appName) else {
      badFlags("unknown app '\(grammar.appName)'; apps: \(apps.joined(separator: ", "))")
    }
    let application: any CLIApplication
    var notices: AppNotices?
    var historyFile: String?
    var settingsReport: [String] = []
    var color = ColorChoice.never
    do {
      let configuration = try AppConfiguration.resolve(options: options.shared)
      notices = configuration.notices
      // Colour only for text: `--json` is for programs.
      color = options.json ? .never : configuration.color
      colorsErrors = color.colors(isTerminal: isatty(STDERR_FILENO) == 1)
      for warning in configuration.warnings {
        let line =
          options.json
          ? JSONValue.object([("warning", .string(warning))]).text
          : Self.paint("warning: " + VisibleText.of(warning), .warning)
        FileHandle.standardError.write(Data("\(line)\n".utf8))
      }
      settingsReport = configuration.settingsReport
      // `config` reports; it makes nothing, not even the data folder.
      if case .config? = (command as? any ShellCommand)?.action {
        print(
          options.json
            ? Self.settingsJSON(configuration)
            : configuration.settingsReport.joined(separator: "\n"))
        exit(0)
      }
      // A person's history of lines, per app, in the data directory: only for a person at
      // the prompt, none under --ephemeral.
      if command == nil, !options.json, PromptReader.isInteractive, !configuration.ephemeral,
        (try? configuration.dataDirectory.prepare()) != nil
      {
        historyFile = configuration.dataDirectory.file("history-\(entry.name)").path
      }
      // Another app's flag is refused, naming its app, before this one starts.
      if let foreign = appFlags.given.first(where: { !$0.apps.contains(entry.name) }) {
        failing(
          "\(foreign.flag) is for the \(foreign.apps.joined(separator: " and ")) app",
          hint: "see 'cli \(entry.name) --help'")
      }
      application = try makeApplication(
        entry, configuration: configuration, options: appFlags.values,
        scheduler: configuration.userInterfaceScheduler)
      if let format = options.format, !application.useAnswerFormat(format) {
        fail("--format is for an app with a one-line answer; the \(entry.name) app has none")
      }
    } catch {
      fail(error.message)
    }
    let shell = CLIShell(
      app: application, json: options.json,
      streams: options.quiet
        ? QuietStreams(StandardStreams(color: color)) : StandardStreams(color: color),
      waiter: MainQueueSettleWaiter())
    shell.settingsReport = { settingsReport }
    if let notices { shell.report(notices.failures.eraseToAnyPublisher()) }
    keepAlive.append(application)
    keepAlive.append(shell)
    keepAlive.append(onInterrupt(application))
    DispatchQueue.main.async {
      if let command {
        shell.openOneShotDocument()
        shell.start(
          printInitialSet: false, waitingForApp: !type(of: command).settlesOnItsOwn,
          readsScreen: !command.answersOnItsOwn
        ) {
          shell.run(oneShot: command) { _ in
            shell.finish { exit(shell.exitStatus) }
          }
        }
      } else if !options.json, PromptReader.isInteractive {
        let words = grammar.commandTypes.flatMap { $0.names } + ["help"]
        let reader = PromptReader(
          app: entry.name, words: words, historyFile: historyFile,
          keeps: { grammar.keepsInHistory($0, after: $1) })
        keepAlive.append(reader)
        // The prompt waits for the start, unless a line is typed first (PromptReader).
        shell.start(printInitialSet: true) { reader.shellStarted() }
        reader.start(shell: shell)
      } else {
        // Lines are read at once; the shell holds each until the start is done, unless it
        // settles on its own (issue 51, item 7).
        let reader = LineReader()
        keepAlive.append(reader)
        shell.start(printInitialSet: true) {}
        reader.start(shell: shell)
      }
    }
    dispatchMain()
  }

  /// Ctrl-C (SIGINT): pending saves are written, then exit status 130, as a shell reports a
  /// program ended by Ctrl-C. A second Ctrl-C exits at once.
  static func onInterrupt(_ application: any CLIApplication) -> AnyObject {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    var interrupted = false
    source.setEventHandler {
      if interrupted { exit(130) }
      interrupted = true
      application.interrupt()
      let waiter = MainQueueSettleWaiter(limit: 10)
      keepAlive.append(waiter)
      waiter.afterSettled(application) { exit(130) }
    }
    source.resume()
    return source as AnyObject
  }

  /// Prints `text` on stdout and exits 0 (help, version).
  static func succeed(_ text: String) -> Never {
    print(text)
    exit(0)
  }

  /// A command line argument-parser refused: its first line, and the help of the app named
  /// (else `cli --help`). A word where the app goes that names none is an unknown app.
  static func refuse(_ arguments: [String], _ message: String) -> Never {
    let line = message.split(separator: "\n").first.map(String.init) ?? "bad arguments"
    if let (_, grammar) = CLIRoot.app(in: arguments) {
      failing(line, hint: "see 'cli \(grammar.appName) --help'")
    }
    if let word = arguments.first(where: { !$0.hasPrefix("-") }),
      line.contains("nexpected argument")
    {
      badFlags("unknown app '\(word)'; apps: \(apps.joined(separator: ", "))")
    }
    badFlags(line)
  }

  /// A bad flag or app name: the error, and where to read about them.
  static func badFlags(_ message: String) -> Never {
    failing(message, hint: "see 'cli --help'")
  }

  static func fail(_ message: String) -> Never { failing(message, hint: nil) }

  /// `error: <message>` (and the hint on a line of its own) on stderr, or under `--json`
  /// `{"error":"<message>"}` (with `"hint"`), then exit status 1.
  private static func failing(_ message: String, hint: String?) -> Never {
    let text: String
    if jsonErrors {
      var fields: [(String, JSONValue)] = [("error", .string(message))]
      if let hint { fields.append(("hint", .string(hint))) }
      text = JSONValue.object(fields).text + "\n"
    } else {
      text = paint("error: \(message)", .error) + "\n" + (hint.map { $0 + "\n" } ?? "")
    }
    FileHandle.standardError.write(Data(text.utf8))
    exit(1)
  }
}

/// Reads standard input on the main queue through a read source, one line at a time,
/// handing the next line to the shell only after the previous one has settled.
@MainActor
final class LineReader {
  private var source: (any DispatchSourceRead)?
  private var buffer = Data()
  private var lines: [String] = []
  private var ended = false
  private var busy = false
  private weak var shell: CLIShell?

  func start(shell: CLIShell) {
    self.shell = shell
    let descriptor = FileHandle.standardInput.fileDescriptor
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    // What is there now is read at once: a closed stdin, /dev/null or a regular file (which
    // epoll cannot watch, so a read source would never fire) reach their end here.
    readAvailable()
    guard !ended else { return }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler { [weak self] in self?.readAvailable() }
    self.source = source
    source.resume()
  }

  /// Reads everything available now, up to end of input: the source may not fire again
  /// for an end that arrived together with data.
  private func readAvailable() {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(FileHandle.standardInput.fileDescriptor, &chunk, chunk.count)
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        continue
      }
      if count < 0 && (errno == EAGAIN || errno == EINTR) { break }
      ended = true
      source?.cancel()
      source = nil
      break
    }
    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      var line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
      buffer.removeSubrange(buffer.startIndex...newline)
      if line.hasSuffix("\r") { line.removeLast() }
      lines.append(line)
    }
    if ended, !buffer.isEmpty {
      lines.append(String(decoding: buffer, as: UTF8.self))
      buffer.removeAll()
    }
    pump()
  }

  private func pump() {
    guard !busy, let shell else { return }
    if !lines.isEmpty {
      busy = true
      let line = lines.removeFirst()
      shell.run(line: line) { [weak self] quit in
        guard let self else { return }
        busy = false
        if quit {
          lines.removeAll()
          ended = true
          source?.cancel()
          source = nil
        }
        pump()
      }
    } else if ended {
      busy = true
      shell.finish { exit(shell.exitStatus) }
    }
  }
}
