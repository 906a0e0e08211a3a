import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// The Docs/Architecture.md example: a live username check (the books' sign-up pattern) as a
/// screen model, tested against a scripted cold service with the exhaustive state recorder.
@Suite("Doc example: a live username check")
struct UsernameScreenExampleTests {
  /// The screen: type a name, see whether it is free. The first name is checked at once,
  /// later ones after 0.5 s of quiet; the newest name wins; a check gets 3 s.
  final class UsernameScreen {
    struct State: Equatable {
      var username = ""
      var availability = ""
    }

    struct Unavailable: Error {}

    let state: Driver<State>
    private let names = PublishRelay<String>()

    init(
      isFree: @escaping (String) -> AnyPublisher<Bool, Never>,
      scheduler: AnySchedulerOf<DispatchQueue>
    ) {
      let verdicts = names.delayedAfterFirst(by: .milliseconds(500), scheduler: scheduler)
        .map { name in
          name.flatMap { name in
            isFree(name)
              .setFailureType(to: Unavailable.self)
              .timeout(.seconds(3), scheduler: scheduler, customError: { Unavailable() })
              .map { $0 ? "\(name) is available" : "\(name) is taken" }
              .catch { _ in Just("Could not check \(name)") }
              .prepend("Checking \(name)…")
          }
        }
        .switchToLatest()
      state = names.map { State(username: $0, availability: "") }
        .merge(with: RelayStream(verdicts.map { State(username: "", availability: $0) }))
        .scan(State()) { current, change in
          var next = current
          if !change.username.isEmpty {
            next.username = change.username
            next.availability = ""
          }
          if !change.availability.isEmpty { next.availability = change.availability }
          return next
        }
        .prepend(State())
        .asDriver(scheduler: scheduler)
    }

    /// The text field changed.
    func setUsername(_ name: String) { names.accept(name) }
  }

  @Test("the first name is checked at once, the newest wins, and every change is asserted")
  func liveCheck() {
    let scheduler = DispatchQueue.test
    // The service answers 1 s after each request: "ada" is taken, any other name is free.
    let taken = TestPublisher<Bool, Never>.cold([.value(1, false)], on: scheduler)
    let free = TestPublisher<Bool, Never>.cold([.value(1, true)], on: scheduler)
    let screen = UsernameScreen(
      isFree: { $0 == "ada" ? taken.eraseToAnyPublisher() : free.eraseToAnyPublisher() },
      scheduler: scheduler.eraseToAnyScheduler())
    let state = StateRecorder(screen.state, on: scheduler, exhaustive: true)

    screen.setUsername("ada")
    scheduler.advance()
    state.expect { $0.username = "ada" }
    state.expect { $0.availability = "Checking ada…" }
    scheduler.advance(by: .seconds(1))
    state.expect { $0.availability = "ada is taken" }

    // Two quick edits: only the last is checked, after the quiet interval.
    screen.setUsername("ad")
    scheduler.advance(by: .milliseconds(100))
    screen.setUsername("adb")
    scheduler.advance(by: .milliseconds(500))
    state.expect {
      $0.username = "ad"; $0.availability = ""
    }
    state.expect { $0.username = "adb" }
    state.expect { $0.availability = "Checking adb…" }
    scheduler.advance(by: .seconds(1))
    state.expect { $0.availability = "adb is available" }
    state.finish()

    #expect(taken.subscriptions.count == 1)
    #expect(free.subscriptions.count == 1)
  }
}
