import CEditLine
import Foundation
import Synchronization

/// A person at a terminal: a prompt (`todo> `), line editing and history (libedit's readline
/// interface), and Tab completion of the app's command words. A script (stdin or stdout not
/// a terminal) gets `LineReader` instead and sees none of it.
///
/// libedit's `readline` blocks, so it runs on a thread of its own; each line goes to the shell
/// on the main actor, and the next prompt is shown only once that line's command has settled
/// and printed, so prompt and output never interleave. History is kept in `historyFile` (at
/// most `historyLimit` lines, appended line by line; none under `--ephemeral`); a line the
/// grammar says not to keep (a secret by any spelling, the line after a bare secret command,
/// a line it cannot read) is kept neither there nor for the Up key. End
/// of input (Ctrl-D) ends the session as it does for a script.
@MainActor
final class PromptReader {
  /// The most lines a history file keeps.
  nonisolated static let historyLimit: Int32 = 1_000

  private let prompt: String
  private let history: HistoryFile?
  private let keeps: @Sendable (_ line: String, _ previous: String?) -> Bool
  private weak var shell: CLIShell?

  private let words: [String]
  /// Opened once the shell's start has printed, or once a whole line is typed before that
  /// (the terminal keeps it for readline): the first prompt waits for either, so a `people`
  /// typed while tweets' first poll stalls is answered at once (issue 51, item 7).
  private let firstPrompt = DispatchSemaphore(value: 0)
  private var shellHasStarted = false
  private var typedEarly: (any DispatchSourceRead)?

  /// A reader showing `app> `, completing `words`, keeping history in `historyFile`: the
  /// lines `keeps` allows, each given the line typed before it.
  init(
    app: String, words: [String], historyFile: String?,
    keeps: @escaping @Sendable (_ line: String, _ previous: String?) -> Bool
  ) {
    prompt = app + "> "
    history = historyFile.map { HistoryFile(path: $0, limit: Int(Self.historyLimit)) }
    self.keeps = keeps
    self.words = words.sorted()
    PromptCompletion.words.withLock { [sorted = self.words] in $0 = sorted }
  }

  /// What Tab offers after each command word now, asked of the app before each prompt.
  private func refreshCompletions() {
    guard let shell else { return }
    var arguments: [String: [String]] = [:]
    for word in words {
      let candidates = shell.completions(after: word)
      if !candidates.isEmpty { arguments[word] = candidates }
    }
    PromptCompletion.arguments.withLock { $0 = arguments }
  }

  /// Whether stdin and stdout are both a terminal: a person is typing.
  static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// The shell's start is done: the first prompt may show.
  func shellStarted() {
    shellHasStarted = true
    openFirstPrompt()
  }

  private func openFirstPrompt() {
    typedEarly?.cancel()
    typedEarly = nil
    refreshCompletions()  // what the start has shown (checkout's products) is offered
    firstPrompt.signal()
  }

  func start(shell: CLIShell) {
    self.shell = shell
    if !shellHasStarted {
      // A terminal in its usual (canonical) mode is readable once a line is complete.
      let typed = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
      typed.setEventHandler { [weak self] in self?.openFirstPrompt() }
      typedEarly = typed
      typed.resume()
    }
    refreshCompletions()
    stifle_history(Self.historyLimit)
    var history = history
    switch history?.load() {
    case .success(let lines)?: lines.forEach { _ = add_history($0) }
    case .failure(let problem)?:
      Self.warn("history is not kept: \(problem.message)")
      history = nil
    case nil: break
    }
    ceditline_complete_with(PromptCompletion.complete)
    let prompt = prompt
    let keeps = keeps
    let firstPrompt = firstPrompt
    let reader = Thread { [history] in
      firstPrompt.wait()
      var history = history
      var previous: String?
      let turn = DispatchSemaphore(value: 0)
      while true {
        guard let raw = readline(prompt) else {
          Task { @MainActor [weak self] in self?.end() }
          return
        }
        let line = String(cString: raw)
        free(raw)
        defer { previous = line }
        if !line.allSatisfy(\.isWhitespace), keeps(line, previous) {
          _ = add_history(line)
          if let problem = history?.append(line) {
            Self.warn("history is not kept: \(problem.message)")
            history = nil
          }
        }
        Task { @MainActor [weak self] in self?.run(line) { turn.signal() } }
        turn.wait()
      }
    }
    reader.start()
  }

  private nonisolated static func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(VisibleText.of(message))\n".utf8))
  }

  /// Runs `line`; `next` lets the reader show the next prompt (not after `quit`).
  private func run(_ line: String, next: @escaping @Sendable () -> Void) {
    guard let shell else { return }
    shell.run(line: line) { [weak self] quit in
      if quit { return self?.end() ?? () }
      self?.refreshCompletions()
      next()
    }
  }

  private func end() {
    guard let shell else { exit(0) }
    shell.finish { exit(shell.exitStatus) }
  }
}

/// The command words Tab completes, for libedit's C callbacks (which take no context).
enum PromptCompletion {
  /// Set on the main actor before the reader thread starts; read by libedit's callbacks on it.
  static let words = Mutex<[String]>([])
  /// The arguments Tab offers after each command word, set before each prompt.
  static let arguments = Mutex<[String: [String]]>([:])
  /// The candidates of the completion in progress.
  static let current = Mutex<[String]>([])

  /// libedit's completion hook: the command words at the start of the line, the command's
  /// arguments after it; never file names.
  static let complete:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >? = { text, start, _ in
      ceditline_no_fallback()
      guard let text else { return nil }
      if start == 0 {
        let commands = words.withLock { $0 }
        current.withLock { $0 = commands }
      } else {
        let line = ceditline_line().map { String(cString: $0) } ?? ""
        let command = line.split(separator: " ").first.map(String.init) ?? ""
        let candidates = arguments.withLock { $0[command] ?? [] }
        current.withLock { $0 = candidates }
      }
      return rl_completion_matches(text, PromptCompletion.generate)
    }

  /// Match number `state` (0 first) of the candidates starting with `text`, as a `malloc`ed
  /// string.
  static let generate:
    @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
      text, state in
      guard let text else { return nil }
      let prefix = String(cString: text)
      let matches = current.withLock { $0.filter { $0.hasPrefix(prefix) } }
      guard state >= 0, Int(state) < matches.count else { return nil }
      return strdup(matches[Int(state)])
    }
}
