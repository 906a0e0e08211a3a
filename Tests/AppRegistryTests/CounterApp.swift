import AppEnvironment
import ArgumentParser
import CLIApp
import Foundation
import TUIApp
import TerminalUI
import ViewModelKit

// A tiny app, built only here, to prove the walkthrough in Docs/Architecture.md ("Adding an
// app"): a session, a CLI command set, a TUI screen, and one registry entry.

/// The counter's whole state.
struct CounterState: Equatable, Codable {
  var count: Int
}

/// What the user can do on the counter screen.
enum CounterInput: Codable, Equatable, Sendable {
  /// Adds one; refused past 3.
  case increment
}

/// The counter's one scene.
enum CounterScene: Equatable {
  case counter
}

/// The feature's one screen model, in the shape every screen has (`ScreenModel`): one state,
/// one Signal of events, one input type taken by `send(_:)`.
@MainActor
final class CounterViewModel: ScreenModel {
  private let relay = BehaviorRelay(value: CounterState(count: 0))
  let state: Driver<CounterState>
  /// Nothing happens once on the counter; its Signal never fires.
  let events: Signal<ScreenEvent>
  let activation = Activation()

  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    state = relay.asDriver(scheduler: scheduler)
    events = Empty<ScreenEvent, Never>().asSignal(scheduler: scheduler)
  }

  /// Adds one; refused past 3, to show a refusal through both shells.
  @discardableResult
  func send(_ input: CounterInput) -> InputResult {
    switch input {
    case .increment:
      guard relay.value.count < 3 else { return .rejected("The counter stops at 3") }
      relay.accept(CounterState(count: relay.value.count + 1))
      return .accepted
    }
  }

  /// The count now and after each change, as text: the choice kept between runs (read from
  /// the source, not the Driver, so a change is kept before the UI scheduler's next turn).
  var countChoice: AnyPublisher<String, Never> {
    relay.map { "\($0.count)" }.eraseToAnyPublisher()
  }

  /// Puts back a count kept from the last run (0 to 3).
  func restore(_ count: Int) {
    if (0...3).contains(count) { relay.accept(CounterState(count: count)) }
  }
}

/// What a head can ask of the counter app: `{"counter": {"increment": {}}}`.
enum CounterSessionInput: Codable, Equatable, Sendable {
  case counter(CounterInput)

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .counter(let input):
      try ScreenAddressedCoding.encode(input, screen: "counter", to: encoder)
    }
  }

  init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    guard name == "counter" else { throw ScreenAddressedCoding.unknown(name, in: decoder) }
    self = .counter(
      try container.decode(CounterInput.self, forKey: ScreenAddressedCoding.Key(stringValue: name)))
  }
}

/// The feature: a session in the shape every app has (`AppSession`) over its one screen model.
final class CounterSession: AppSession {
  let counter: CounterViewModel
  let coordinator = SceneCoordinator<CounterScene>()
  let stack: Driver<[SceneEntry<CounterScene>]>
  /// Nothing the counter does takes time.
  let isSettled: Driver<Bool>
  var isBusy: Bool { false }
  let messages: Signal<ScreenEvent>
  /// Nothing the counter does can fail.
  let failures: Signal<String>

  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    counter = CounterViewModel(scheduler: scheduler)
    stack = coordinator.stackDriver(scheduler: scheduler)
    isSettled = Driver.just(true, scheduler: scheduler)
    messages = counter.events
    failures = Empty<String, Never>().asSignal(scheduler: scheduler)
    coordinator.transition(to: .counter, type: .root)
  }

  @discardableResult
  func send(_ input: CounterSessionInput) -> PendingResult {
    switch input {
    case .counter(let input): counter.send(input).pending
    }
  }

  /// The count is kept between runs, under `counter.count`.
  var rememberedChoices: [RememberedChoice] {
    let counter = counter
    return [
      RememberedChoice(Self.countKey, values: counter.countChoice) {
        if let count = Int($0) { counter.restore(count) }
      }
    ]
  }

  nonisolated static let countKey = RememberedChoice.Key("counter.count")
  nonisolated static var rememberedKeys: [RememberedChoice.Key] { [countKey] }

  func setActive(_ active: Bool) { counter.setActive(active) }
  let lifetime = SessionLifetime()
  func shutdown() { lifetime.end() }
}

/// The CLI folder: a command set over the session.
@MainActor
final class CounterCLI: CLIApplication {
  private let session: CounterSession
  let currentScreen: CLIScreen
  let isSettled: Driver<Bool>

  init(session: CounterSession) {
    self.session = session
    isSettled = session.isSettled
    currentScreen = CLIScreen(
      name: "counter",
      outputs: [
        CLIOutput("count", initial: true, driver: session.counter.state) { .text("\($0.count)") }
      ])
  }

  var isBusy: Bool { false }
  var appSession: any AppSession { session }
  nonisolated static var grammar: any AppGrammar.Type { CounterGrammar.self }
  /// `add`: one more, or the refusal at 3.
  func add() -> CommandOutcome { session.counter.sending([.increment]) }
  func finish() {}
  func setActive(_ active: Bool) {}
}

/// The counter's grammar: `cli counter add`, and a line `add` of a session.
struct CounterGrammar: AppGrammar {
  static let configuration = grammar("counter", commands: [Add.self])
  @OptionGroup var options: CLIOptions

  /// What `add` asks of the command set: run by `CLIApplication.perform`'s default, with no
  /// `switch` of the command set's own, as every app's commands are.
  struct Add: CommandOf {
    static let configuration = CommandConfiguration(abstract: "add one")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in counter: CounterCLI) -> CommandOutcome { counter.add() }
  }
}

extension CounterSession: CLIPresentable {
  nonisolated static var commandSet: any CLIApplication.Type { CounterCLI.self }
  func makeCommandSet() -> any CLIApplication { CounterCLI(session: self) }
}

/// The TUI folder: a screen that draws the state and maps `+` to the input.
@MainActor
final class CounterScreen: AppScreen {
  private let session: CounterSession
  private var state = CounterState(count: 0)
  private var subscription: AnyCancellable?

  init(session: CounterSession, redraw: @escaping () -> Void) {
    self.session = session
    subscription = session.counter.state.drive { [weak self] in
      self?.state = $0
      redraw()
    }
  }

  /// The screen's one mode and its keys, each declared once: what it sends, its hint, its help.
  enum Mode: Hashable { case counting }
  private let keys = KeyTable<Mode, CounterInput>([
    KeyBinding([.character("+")], "+", hint: "add", help: "add one", .increment)
  ])

  var hasFocusedField: Bool { false }
  var hasOverlay: Bool { false }
  var hints: [Hint] { keys.hints(in: .counting) }
  var helpLines: [(key: String, meaning: String)] { keys.helpLines }
  func draw(_ painter: Painter) {
    painter.text("Count: \(state.count)", row: 2, column: 1)
  }
  func handle(_ key: Key) -> KeyOutcome {
    guard let input = keys.action(for: key, in: .counting) else { return .ignored }
    session.counter.send(input)
    return .handled
  }
  func willQuit() {}
  func setActive(_ active: Bool) {}
}

extension CounterSession: TUIPresentable {
  func makeScreen(scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void)
    -> any AppScreen
  {
    CounterScreen(session: self, redraw: redraw)
  }
}

/// The one registry entry.
extension RegisteredApp {
  static let counter = RegisteredApp(
    name: "counter", title: "Counter", tab: 5, meaning: "counts to three"
  ) { _, _, scheduler throws(ConfigurationError) in
    CounterSession(scheduler: scheduler)
  }
}
