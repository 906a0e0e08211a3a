/// Hands keys to the app one at a time, each in a main-queue turn of its own, so that what one
/// key changed (a field's focus, a view model's state, delivered on that queue) has arrived
/// before the next key is handled. Keys that came in one read (a paste, fast typing over ssh,
/// `tmux send-keys`) therefore end where the same keys typed one by one end: before this, a
/// burst's later keys met the state of its earlier ones on the way and lost text (issue 29).
/// While a text field has focus, a run of characters waiting together is still one `.text`
/// key, one edit.
@MainActor
public final class KeyPump {
  /// Runs the work in a later turn of the main queue (a test scheduler's, in tests).
  public typealias Yield = (@escaping @MainActor () -> Void) -> Void

  private var pending: [Key] = []
  private var scheduled = false
  private let yield: Yield
  private let acceptsText: () -> Bool
  private let deliver: (Key) -> Bool

  /// A pump that hands each key to `deliver` (false: stop, dropping the rest: the app quits),
  /// one per turn given by `yield`; `acceptsText` says whether a field has focus now.
  public init(
    yield: @escaping Yield, acceptsText: @escaping () -> Bool,
    deliver: @escaping (Key) -> Bool
  ) {
    self.yield = yield
    self.acceptsText = acceptsText
    self.deliver = deliver
  }

  /// Keys just read, in order, after those still waiting.
  public func enqueue(_ keys: [Key]) {
    pending.append(contentsOf: keys)
    schedule()
  }

  /// Whether keys are waiting.
  public var isEmpty: Bool { pending.isEmpty }

  private func schedule() {
    guard !scheduled, !pending.isEmpty else { return }
    scheduled = true
    yield { [weak self] in self?.step() }
  }

  private func step() {
    scheduled = false
    guard let key = take() else { return }
    if deliver(key) {
      schedule()
    } else {
      pending.removeAll()
    }
  }

  /// The next key; with a field focused, the characters waiting at the front as one key.
  private func take() -> Key? {
    guard let first = pending.first else { return nil }
    guard acceptsText(), case .character = first else {
      pending.removeFirst()
      return first
    }
    let run = pending.prefix { if case .character = $0 { true } else { false } }
    pending.removeFirst(run.count)
    return TerminalRunLoop.coalesced(Array(run), text: true).first
  }
}
