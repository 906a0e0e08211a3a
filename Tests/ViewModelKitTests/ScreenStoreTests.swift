import Observation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 31, item 4: a screen model observed through Observation, as SwiftUI would.
@Suite("ScreenStore: Observation over a screen model")
@MainActor
struct ScreenStoreTests {
  let scheduler = DispatchQueue.test
  let model: NicknameViewModel
  let store: ScreenStore<NicknameViewModel>

  init() {
    model = NicknameViewModel(
      service: SlowNicknameService(scheduler: scheduler.asAny), scheduler: scheduler.asAny)
    store = ScreenStore(
      model, initial: NicknameState(preview: "?", saveEnabled: false, isSaving: false))
  }

  /// Tracks `store.state` once; answers how often the tracking has fired so far.
  func track() -> Locked<Int> {
    let fired = Locked(0)
    withObservationTracking {
      _ = store.state
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    return fired
  }

  @Test("the Driver's first value replaces the initial one; a change fires the tracking once")
  func change() {
    #expect(store.state.preview == "?")
    scheduler.settle()
    #expect(store.state == NicknameState(preview: "", saveEnabled: false, isSaving: false))
    let fired = track()
    store.send(.setText("Ana"))
    scheduler.advance(seconds: 1)
    #expect(fired.withLock { $0 } == 1)
    #expect(
      store.state == NicknameState(preview: "Hello, Ana!", saveEnabled: true, isSaving: false))
  }

  @Test("an input that leaves the state as it was fires nothing")
  func unchanged() {
    scheduler.settle()
    let fired = track()
    store.send(.setText("  "))
    scheduler.advance(seconds: 1)
    #expect(fired.withLock { $0 } == 0)
  }

  @Test("the store keeps no model alive past its own life")
  func lifetime() {
    weak var held: ScreenStore<NicknameViewModel>?
    do {
      let local = ScreenStore(
        model, initial: NicknameState(preview: "", saveEnabled: false, isSaving: false))
      held = local
      scheduler.settle()
    }
    #expect(held == nil)
  }

  @Test("a Driver that delivers an equal state again fires nothing; a different one fires")
  func repeatedValue() {
    let echo = EchoModel()
    let store = ScreenStore(echo, initial: 0)
    let fired = Locked(0)
    withObservationTracking {
      _ = store.state
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    echo.relay.accept(0)
    echo.relay.accept(0)
    #expect(fired.withLock { $0 } == 0)
    echo.relay.accept(1)
    #expect(fired.withLock { $0 } == 1 && store.state == 1)
  }
}

/// A screen whose Driver passes every value on, repeats included.
final class EchoModel: ScreenModel {
  let relay = BehaviorRelay(value: 0)
  let state: Driver<Int>
  let events: Signal<ScreenEvent>
  let activation = Activation()

  init() {
    state = relay.asDriver(scheduler: .immediate)
    events = PublishRelay<ScreenEvent>().asSignal(scheduler: .immediate)
  }

  /// Its one input: the number to show.
  enum Input: Codable, Equatable, Sendable { case set(Int) }

  @discardableResult
  func send(_ input: Input) -> InputResult {
    if case .set(let value) = input { relay.accept(value) }
    return .accepted
  }
}
