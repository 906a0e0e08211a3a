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
struct CounterState: Equatable {
  var count: Int
}

/// The counter's one scene.
enum CounterScene: Equatable {
  case counter
}

/// The feature: a session in the shape every app has (`AppSession`), with one screen model's
/// worth of state and one input.
final class CounterSession: AppSession {
  private let relay = BehaviorRelay(value: CounterState(count: 0))
  let state: Driver<CounterState>
  let scheduler: AnySchedulerOf<DispatchQueue>
  let coordinator = SceneCoordinator<CounterScene>()
  let stack: Driver<[SceneEntry<CounterScene>]>
  /// Nothing the counter does takes time.
  let isSettled: Driver<Bool>
  var isBusy: Bool { false }

  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    self.scheduler = scheduler
    state = relay.asDriver(scheduler: scheduler)
    stack = coordinator.stackDriver(scheduler: scheduler)
    isSettled = Driver.just(true, scheduler: scheduler)
    coordinator.transition(to: .counter, type: .root)
  }

  /// The count is kept between runs, under `counter.count`.
  var rememberedChoices: [RememberedChoice] {
    let relay = relay
    return [
      RememberedChoice(Self.countKey, values: relay.map { "\($0.count)" }) {
        if let count = Int($0), (0...3).contains(count) { relay.accept(CounterState(count: count)) }
      }
    ]
  }

  nonisolated static let countKey = RememberedChoice.Key("counter.count")
  nonisolated static var rememberedKeys: [RememberedChoice.Key] { [countKey] }

  func setActive(_ active: Bool) {}
  func shutdown() {}

  /// Adds one; refused past 3, to show a refusal through both shells.
  func increment() -> InputResult {
    guard relay.value.count < 3 else { return .rejected("The counter stops at 3") }
    relay.accept(CounterState(count: relay.value.count + 1))
    return .accepted
  }
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
        CLIOutput("count", initial: true, driver: session.state) { .text("\($0.count)") }
      ])
  }

  var isBusy: Bool { false }
  var messages: AnyPublisher<String, Never> { Empty().eraseToAnyPublisher() }
  nonisolated static var grammar: any AppGrammar.Type { CounterGrammar.self }
  /// `add`: one more, or the refusal at 3.
  func add() -> CommandOutcome { CommandOutcome(session.increment()) }
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
    subscription = session.state.drive { [weak self] in
      self?.state = $0
      redraw()
    }
  }

  var hasFocusedField: Bool { false }
  var hasOverlay: Bool { false }
  var hints: [Hint] { [Hint("+", "add")] }
  var helpLines: [(key: String, meaning: String)] { [("+", "add one")] }
  func draw(_ painter: Painter) {
    painter.text("Count: \(state.count)", row: 2, column: 1)
  }
  func handle(_ key: Key) -> KeyOutcome {
    guard key == .character("+") else { return .ignored }
    _ = session.increment()
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
