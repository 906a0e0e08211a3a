import Testing
import ViewModelKit
import ViewModelKitTesting

/// The screen-model contract (issue 10, item 1), on a small screen written to it.
@Suite("ScreenModel")
@MainActor
struct ScreenModelTests {
  /// A counter screen: one state, one event signal, inputs as values, activation.
  final class CounterScreen: ScreenModel {
    struct State: Equatable, Codable {
      var count = "0 taps"
      var resetEnabled = false
    }
    enum Event: Equatable, Codable { case reachedTen }
    enum Input: Codable, Equatable, Sendable { case tap }

    let state: Driver<State>
    let events: Signal<Event>
    let activation = Activation()
    private let taps = BehaviorRelay(value: 0)
    private let eventRelay = PublishRelay<Event>()

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
      state = taps.map { State(count: "\($0) taps", resetEnabled: $0 > 0) }
        .asDriver(scheduler: scheduler)
      events = eventRelay.asSignal(scheduler: scheduler)
    }

    func setActive(_ active: Bool) { activation.set(active) }

    @discardableResult
    func send(_ input: Input) -> InputResult {
      guard activation.isActive else { return .rejected("Not shown") }
      taps.accept(taps.value + 1)
      if taps.value == 10 { eventRelay.accept(.reachedTen) }
      return .accepted
    }

    @discardableResult
    func tap() -> InputResult { send(.tap) }
  }

  let scheduler = DispatchQueue.test

  @Test("the state is one value; a projection follows it; the event fires once")
  func oneState() {
    let screen = CounterScreen(scheduler: scheduler.asAny)
    let state = StateRecorder(screen.state, on: scheduler)
    let count = screen.state.map(\.count).distinctUntilChanged().record(on: scheduler)
    let events = screen.events.record(on: scheduler)
    #expect(screen.tap() == .rejected("Not shown"))
    screen.setActive(true)
    for _ in 0..<10 { screen.tap() }
    scheduler.settle()
    state.expect {
      $0.count = "1 taps"
      $0.resetEnabled = true
    }
    for taps in 2...10 { state.expect { $0.count = "\(taps) taps" } }
    state.finish()
    #expect(count.values.count == 11 && count.last == "10 taps")
    #expect(events.values == [.reachedTen])
  }

  @Test("activation: inactive at first; repeats do nothing; becameActive once per return")
  func activation() {
    let activation = Activation()
    let returns = activation.becameActive.record(on: scheduler)
    let changes = activation.changes.record(on: scheduler)
    #expect(!activation.isActive)
    activation.set(true)
    activation.set(true)
    activation.set(false)
    activation.set(false)
    activation.set(true)
    #expect(changes.values == [false, true, false, true])
    #expect(returns.values.count == 2)
  }
}

/// The one navigator's stack as a Driver (issue 10, item 1).
@Suite("SceneCoordinator as state")
@MainActor
struct SceneStackDriverTests {
  @Test("the stack Driver replays the current stack and follows push, modal and pop")
  func stackDriver() {
    let scheduler = DispatchQueue.test
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "list", type: .root)
    let stack = coordinator.stackDriver(scheduler: scheduler.asAny)
      .map { $0.map { "\($0.scene):\($0.transition)" } }
      .record(on: scheduler)
    scheduler.settle()
    coordinator.transition(to: "detail", type: .push)
    coordinator.transition(to: "editor", type: .modal)
    coordinator.pop()
    scheduler.settle()
    #expect(
      stack.values == [
        ["list:root"], ["list:root", "detail:push"], ["list:root", "detail:push", "editor:modal"],
        ["list:root", "detail:push"],
      ])
  }
}
