// The worked example of Docs/Architecture.md, compiled and run so that the page stays true.
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Saves a nickname somewhere slow.
protocol NicknameService {
  func save(_ nickname: String) -> AnyPublisher<String, NicknameError>
}

struct NicknameError: Error {}

/// Edits a nickname: validates it as the user types, previews it, and saves it.
final class NicknameViewModel {
  // Outputs
  /// "Hello, Ana!" for the trimmed text, settled 0.3 s after the last keystroke.
  let preview: Driver<String>
  /// Whether Save would do anything now.
  let saveEnabled: Driver<Bool>
  /// True while a save is running.
  let isSaving: Driver<Bool>
  /// One-off news for the toast line.
  let message: Signal<String>

  // State
  private let text = BehaviorRelay(value: "")
  private let save: Action<String, String>
  private let messages = PublishRelay<String>()

  init(service: any NicknameService, scheduler: AnySchedulerOf<DispatchQueue>) {
    let trimmed = text.map { $0.trimmingCharacters(in: .whitespaces) }
    let valid = trimmed.map { (2...20).contains($0.count) }
    save = Action(enabledIf: valid, scheduler: scheduler) { service.save($0) }
    preview =
      trimmed
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .map { $0.isEmpty ? "" : "Hello, \($0)!" }
      .removeDuplicates()
      .asDriver(scheduler: scheduler)
    saveEnabled = save.enabled
    isSaving = save.executing
    message = save.elements.map { "Saved \($0)" }
      .merge(with: save.errors.filter { !$0.isNotEnabled }.map { _ in "Could not save" })
      .merge(with: messages)
      .asSignal(scheduler: scheduler)
  }

  // Inputs
  /// Replaces the text being edited.
  func setText(_ value: String) { text.accept(value) }

  /// Saves the trimmed text, or says why not.
  @discardableResult
  func submit() -> InputResult {
    guard save.isEnabled else {
      let reason = save.isExecuting ? "Already saving" : "Use 2 to 20 characters"
      messages.accept(reason)
      return .rejected(reason)
    }
    save.execute(text.value.trimmingCharacters(in: .whitespaces))
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
struct DocExampleTests {
  @Test func previewSettlesAfterTypingAndSaveRunsOnce() {
    let scheduler = DispatchQueue.test
    let service = SlowNicknameService(scheduler: scheduler.asAny)
    let viewModel = NicknameViewModel(service: service, scheduler: scheduler.asAny)
    let preview = viewModel.preview.record(on: scheduler)
    let saving = viewModel.isSaving.record(on: scheduler)
    let message = viewModel.message.record(on: scheduler)

    viewModel.setText("A")
    scheduler.advance(seconds: 0.1)
    viewModel.setText("Ana ")
    #expect(viewModel.submit() == .accepted)
    #expect(viewModel.submit() == .rejected("Already saving"))
    scheduler.advance(seconds: 1)

    #expect(preview.values == ["Hello, Ana!"])
    #expect(preview.times == [0.4])
    #expect(saving.values == [false, true, false])
    #expect(message.values == ["Already saving", "Saved Ana"])
    #expect(service.saved == ["Ana"])
  }
}
