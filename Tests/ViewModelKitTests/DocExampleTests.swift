// The worked example of Docs/Architecture.md, compiled and run so that the page stays true.
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Saves a nickname somewhere slow.
protocol NicknameService {
  func save(_ nickname: String) -> AnyPublisher<String, NicknameError>
}

struct NicknameError: Error {}

/// Everything the nickname screen shows.
struct NicknameState: Equatable, Codable {
  /// "Hello, Ana!" for the trimmed text, settled 0.3 s after the last keystroke.
  var preview: String
  /// Whether Save would do anything now.
  var saveEnabled: Bool
  /// True while a save is running.
  var isSaving: Bool
}

/// Edits a nickname: validates it as the user types, previews it, and saves it.
final class NicknameViewModel: ScreenModel {
  // Outputs
  let state: Driver<NicknameState>
  let events: Signal<ScreenEvent>

  // State
  private let text = BehaviorRelay(value: "")
  private let save: Action<String, String>
  /// Whether the screen is seen; `setActive` and `isActive` come with `ScreenModel`.
  let activation = Activation()

  init(service: any NicknameService, scheduler: AnySchedulerOf<DispatchQueue>) {
    let trimmed = text.map { $0.trimmingCharacters(in: .whitespaces) }
    let valid = trimmed.map { (2...20).contains($0.count) }
    save = Action(enabledIf: valid, scheduler: scheduler) { service.save($0) }
    let preview =
      trimmed
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .map { $0.isEmpty ? "" : "Hello, \($0)!" }
      .prepend("")
      .removeDuplicates()
    // Each source once, undelivered; the state hops to the UI scheduler once.
    state = preview.combineLatest(valid.removeDuplicates(), save.executingValues) {
      preview, valid, saving in
      NicknameState(preview: preview, saveEnabled: valid && !saving, isSaving: saving)
    }
    .removeDuplicates()
    .asDriver(scheduler: scheduler)
    events = save.elements.map { "Saved \($0)" }
      .merge(with: save.errors.filter { !$0.isNotEnabled }.map { _ in "Could not save" })
      .map(ScreenEvent.message)
      .asSignal(scheduler: scheduler)
  }

  /// What the user can do: the one way in, as values a head can decode.
  enum Input: Codable, Equatable, Sendable {
    /// Replaces the text being edited.
    case setText(String)
    /// Saves the trimmed text, or says why not (the answer; a refusal is no event).
    case submit
  }

  @discardableResult
  func send(_ input: Input) -> InputResult {
    switch input {
    case .setText(let value): text.accept(value)
    case .submit:
      guard save.isEnabled else {
        return .rejected(save.isExecuting ? "Already saving" : "Use 2 to 20 characters")
      }
      save.execute(text.value.trimmingCharacters(in: .whitespaces))
    }
    return .accepted
  }
}

/// A fake that answers after a virtual second.
final class SlowNicknameService: NicknameService {
  let scheduler: AnySchedulerOf<DispatchQueue>
  var saved: [String] = []
  init(scheduler: AnySchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
  func save(_ nickname: String) -> AnyPublisher<String, NicknameError> {
    saved.append(nickname)
    return Just(nickname).setFailureType(to: NicknameError.self)
      .delay(for: .seconds(1), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}

@Suite("Docs/Architecture.md example")
@MainActor
struct DocExampleTests {
  @Test func previewSettlesAfterTypingAndSaveRunsOnce() throws {
    let scheduler = DispatchQueue.test
    let service = SlowNicknameService(scheduler: scheduler.asAny)
    let viewModel = NicknameViewModel(service: service, scheduler: scheduler.asAny)
    let state = StateRecorder(viewModel.state, on: scheduler, exhaustive: true)
    let events = viewModel.events.record(on: scheduler)
    #expect(state.current == NicknameState(preview: "", saveEnabled: false, isSaving: false))

    viewModel.send(.setText("A"))
    scheduler.advance(seconds: 0.1)
    viewModel.send(.setText("Ana "))
    #expect(viewModel.send(.submit) == .accepted)
    #expect(viewModel.send(.submit) == .rejected("Already saving"))
    scheduler.advance(seconds: 1)

    state.expect { $0.saveEnabled = true }  // "Ana " is valid
    state.expect {
      $0.saveEnabled = false  // saving
      $0.isSaving = true
    }
    state.expect { $0.preview = "Hello, Ana!" }  // 0.3 s after the last keystroke
    state.expect {
      $0.saveEnabled = true  // saved
      $0.isSaving = false
    }
    state.finish()
    #expect(events.values == [.message("Saved Ana")])
    #expect(service.saved == ["Ana"])
  }

  @Test func previewAsAProjectionAndTheEvents() {
    let scheduler = DispatchQueue.test
    let service = SlowNicknameService(scheduler: scheduler.asAny)  // answers after 1 s
    let viewModel = NicknameViewModel(service: service, scheduler: scheduler.asAny)
    let preview = viewModel.preview.record(on: scheduler)  // state.preview's projection
    let events = viewModel.events.record(on: scheduler)

    viewModel.send(.setText("A"))
    scheduler.advance(seconds: 0.1)
    viewModel.send(.setText("Ana "))
    #expect(viewModel.send(.submit) == .accepted)
    #expect(viewModel.send(.submit) == .rejected("Already saving"))
    scheduler.advance(seconds: 1)

    #expect(preview.values == ["", "Hello, Ana!"])
    #expect(preview.times == [0, 0.4])
    #expect(events.values == [.message("Saved Ana")])
    #expect(service.saved == ["Ana"])
  }
}
