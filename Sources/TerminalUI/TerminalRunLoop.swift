import CNCurses
import Foundation

/// What a key did to the app.
public enum KeyOutcome: Equatable {
  case handled
  case ignored
  case quit
}

/// The app a terminal run loop drives.
@MainActor
public protocol TerminalHost: AnyObject {
  /// Draws the whole screen.
  func draw(_ painter: Painter)
  /// Handles one key.
  func handle(_ key: Key) -> KeyOutcome
  /// Set by the run loop: call it whenever an output changed.
  var requestRedraw: () -> Void { get set }
  /// Called once before the process exits normally (flush pending saves).
  func willQuit()
  /// Whether a text field has focus, so that characters read together may arrive as one
  /// `.text` key.
  var acceptsText: Bool { get }
  /// Whether the terminal is seen: false on focus-out and while suspended, true on focus-in
  /// and on resuming. Repeats may come; the host ignores them.
  func setSeen(_ seen: Bool)
  /// The terminal's size: at start, on every SIGWINCH and on resuming, before the `.resize`
  /// key and the redraw. Sizes reach the host here, so that drawing changes nothing.
  func resize(columns: Int, rows: Int)
}

extension TerminalHost {
  public var acceptsText: Bool { false }
  public func setSeen(_ seen: Bool) {}
  public func resize(columns: Int, rows: Int) {}
}

/// Runs a terminal app: `dispatchMain()`, stdin through a read source on the main queue,
/// SIGWINCH, SIGINT, SIGTERM, SIGHUP and SIGQUIT through signal sources, and at most one
/// redraw per main-queue turn. The terminal is restored on every way out. Focus reports tell
/// the host whether it is seen; Ctrl-Z suspends to the shell and `fg` comes back.
@MainActor
public final class TerminalRunLoop {
  private let host: any TerminalHost
  private let canvas: CursesCanvas
  private let ascii: Bool
  private let color: Bool
  private let exitAfterFirstFrame: Bool
  private var decoder = KeyDecoder()
  /// Reads so far, so that a wait for the rest of a sequence knows whether more came.
  private var reads = 0
  private var sources: [any DispatchSourceProtocol] = []
  private var redrawPending = false
  /// Keys read and not yet handled, one per main-queue turn.
  private lazy var keys = KeyPump(
    yield: { work in DispatchQueue.main.async { work() } },
    acceptsText: { [unowned self] in host.acceptsText },
    deliver: { [unowned self] in deliver($0) })

  /// With `mouse`, the terminal is asked for click and wheel reports, which reach the host as
  /// `Key.mouse`.
  public init(
    host: any TerminalHost, ascii: Bool, color: Bool, mouse: Bool = true,
    exitAfterFirstFrame: Bool = false
  ) {
    self.host = host
    self.ascii = ascii
    self.color = color
    self.exitAfterFirstFrame = exitAfterFirstFrame
    canvas = CursesCanvas(color: color, mouse: mouse)
  }

  public func run() -> Never {
    installRestoreHooks()
    // Ctrl-Z arrives as a key (raw mode) and `suspend()` stops the process itself; ignoring
    // SIGTSTP before curses starts keeps ncurses from installing a handler of its own.
    signal(SIGTSTP, SIG_IGN)
    canvas.start()
    host.requestRedraw = { [weak self] in self?.setNeedsDisplay() }
    host.resize(columns: canvas.width, rows: canvas.height)
    redraw()
    if exitAfterFirstFrame {
      canvas.restore()
      exit(0)
    }
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [weak self] in self?.readInput() }
    sources.append(input)
    // SIGHUP (the terminal closed, ssh dropped) and SIGQUIT (Ctrl-\) take the quit path too:
    // open editors are cancelled, pending saves flushed, the terminal restored. Handling
    // SIGQUIT here also keeps the Swift runtime's backtracer from taking over the screen.
    for (number, action) in [
      (SIGWINCH, { [weak self] in self?.resized() }), (SIGINT, { [weak self] in self?.quit() }),
      (SIGTERM, { [weak self] in self?.quit() }), (SIGHUP, { [weak self] in self?.quit() }),
      (SIGQUIT, { [weak self] in self?.quit() }),
    ] as [(Int32, () -> Void)] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler(handler: action)
      sources.append(source)
    }
    sources.forEach { $0.resume() }
    dispatchMain()
  }

  private func setNeedsDisplay() {
    guard !redrawPending else { return }
    redrawPending = true
    DispatchQueue.main.async { [weak self] in
      self?.redrawPending = false
      self?.redraw()
    }
  }

  private func redraw() {
    canvas.clear()
    canvas.hideCursor()
    host.draw(Painter(canvas: canvas, ascii: ascii, color: color))
    canvas.present()
  }

  private func readInput() {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &bytes, bytes.count)
    guard count > 0 else {
      if count == 0 { quit() }
      return
    }
    keys.enqueue(decoder.decode(Array(bytes[0..<count])))
    reads &+= 1
    guard let wait = decoder.waitLimit else { return }
    // The rest of a sequence (or a paste) comes at once or not at all: without more input
    // within the wait, the bytes are what they are (an ESC alone is the Esc key; a paste
    // without its end marker ends there).
    let read = reads
    DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [weak self] in
      guard let self, self.reads == read else { return }
      self.keys.enqueue(self.decoder.flush())
    }
  }

  /// Hands one key to the host; false when the app quits.
  private func deliver(_ key: Key) -> Bool {
    switch key {
    case .focusIn, .focusOut:
      host.setSeen(key == .focusIn)
      return true
    case .suspend:
      suspend()
      return true
    default: break
    }
    if host.handle(key) == .quit || key == .controlC {
      quit()
      return false
    }
    setNeedsDisplay()
    return true
  }

  /// `keys` with each run of two or more characters joined into one `.text` key, when `text`
  /// (a field has focus); unchanged otherwise.
  public static func coalesced(_ keys: [Key], text: Bool) -> [Key] {
    guard text, keys.count > 1 else { return keys }
    var result: [Key] = []
    var run = ""
    var runLength = 0
    func endRun() {
      if runLength == 1 { result.append(.character(run.first!)) }
      if runLength > 1 { result.append(.text(run)) }
      run = ""
      runLength = 0
    }
    for key in keys {
      if case .character(let character) = key {
        run.append(character)
        runLength += 1
      } else {
        endRun()
        result.append(key)
      }
    }
    endRun()
    return result
  }

  /// Ctrl-Z: the host is told it is not seen, the terminal is given back, and the process
  /// group stops as a shell expects (SIGTSTP's default). `fg` sends SIGCONT and the stop
  /// returns here: curses again, a full redraw, seen again. In a process group no shell
  /// watches (orphaned), the kernel discards the stop and the screen simply comes back.
  private func suspend() {
    host.setSeen(false)
    canvas.restore()
    // The rest of the process group (a pipeline the TUI is part of) stops as a shell expects;
    // this process ignores that one, still ignoring SIGTSTP.
    kill(0, SIGTSTP)
    // This process stops on a signal sent to this thread, with SIGTSTP unblocked here (dispatch
    // threads block signals): it stops before `pthread_kill` returns, not on some other thread
    // later, after the terminal was taken back.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    signal(SIGTSTP, SIG_DFL)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    pthread_kill(pthread_self(), SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    signal(SIGTSTP, SIG_IGN)
    canvas.resume()
    decoder = KeyDecoder()
    host.setSeen(true)
    host.resize(columns: canvas.width, rows: canvas.height)
    _ = host.handle(.resize)
    redraw()
  }

  private func resized() {
    canvas.refreshSize()
    host.resize(columns: canvas.width, rows: canvas.height)
    _ = host.handle(.resize)
    redraw()
  }

  private func quit() {
    host.willQuit()
    canvas.restore()
    exit(0)
  }

  /// Restores the terminal at `exit` and on fatal signals, whatever ends the process.
  private func installRestoreHooks() {
    atexit {
      CursesCanvas.reportFocus(false)
      CursesCanvas.reportMouse(false)
      _ = endwin()
    }
    for fatal in [SIGABRT, SIGILL, SIGSEGV, SIGBUS, SIGTRAP, SIGFPE] {
      signal(fatal) { number in
        CursesCanvas.reportFocus(false)
        CursesCanvas.reportMouse(false)
        _ = endwin()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }
}
