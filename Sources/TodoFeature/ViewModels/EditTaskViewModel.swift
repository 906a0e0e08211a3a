import Foundation
import ViewModelKit

/// The modal editor for one task: its title, due date, priority and tags. It knows nothing
/// about the service: `save` writes what changed, and `cancelWork` (if any) undoes what
/// opening the editor did.
///
/// A `ScreenModel`: `state` is the `EditTaskState` the editor shows; its one event is how it
/// closed. `title`, `okEnabled` and `validationMessage` are `ScreenModel`'s projections of it.
@MainActor
public final class EditTaskViewModel: ScreenModel {
  /// Everything the editor shows, in one value.
  public let state: Driver<EditTaskState>
  /// How the editor closed (the same as `closed`).
  public var events: Signal<EditOutcome> { closed }
  /// "New Task" or "Edit Task".
  public let heading: String
  /// How the editor closed; fires once, after the pop has completed.
  public let closed: Signal<EditOutcome>
  /// Saves what changed (the cleaned title, the details), then closes.
  public let okAction: Action<Void, TaskItem>
  /// Runs the cancel work, then closes whatever it did.
  public let cancelAction: Action<Void, Void>

  private let text: BehaviorRelay<String>
  private let details: BehaviorRelay<EditTaskDetails>
  private let open = BehaviorRelay(value: true)
  private let save: Action<TaskUpdate, TaskItem>
  private let calendar: TaskCalendar
  /// The detail fields as the editor opened.
  private let initial: EditTaskDetails
  private let outcomeRelay = PublishRelay<EditOutcome>()
  private let recorded = Replayed<EditOutcome, Never>()
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()

  public init(
    heading: String, task: TaskItem, save: Action<TaskUpdate, TaskItem>,
    cancelWork: Action<Void, Void>?, coordinator: SceneCoordinator<TodoScene>,
    scheduler: AnySchedulerOf<DispatchQueue>, calendar: TaskCalendar = .system
  ) {
    self.heading = heading
    self.save = save
    self.calendar = calendar
    text = BehaviorRelay(value: task.title)
    let uid = task.uid
    let initial = EditTaskDetails(task)
    self.initial = initial
    details = BehaviorRelay(value: initial)
    let details = details
    let validity = text.combineLatest(details) { text, details in
      details.change(title: text, from: initial, today: calendar.today)
    }
    let saving = BehaviorRelay(value: false)
    let open = open
    let text = text
    let outcomeRelay = outcomeRelay
    let recorded = recorded
    func close(_ outcome: EditOutcome) -> AnyPublisher<Void, Never> {
      open.accept(false)
      return coordinator.pop()
        .catch { _ in Just(()) }
        .handleEvents(receiveOutput: { _ in
          outcomeRelay.accept(outcome)
          recorded.send(outcome)
          recorded.send(completion: .finished)
        })
        .eraseToAnyPublisher()
    }
    okAction = Action(
      enabledIf: validity.map { (try? $0.get()) != nil }.combineLatest(open, saving) {
        $0 && $1 && !$2
      },
      scheduler: scheduler
    ) { _ in
      let change =
        (try? details.value.change(title: text.value, from: initial, today: calendar.today).get())
        ?? TaskUpdate()
      saving.accept(true)
      return save.execute(change)
        .handleEvents(
          receiveCompletion: { _ in saving.accept(false) }, receiveCancel: { saving.accept(false) }
        )
        .flatMap { task in close(.saved(task)).setFailureType(to: ActionError.self).map { task } }
    }
    cancelAction = Action(enabledIf: open, scheduler: scheduler) { _ -> AnyPublisher<Void, Never> in
      let work: AnyPublisher<Void, Never> =
        cancelWork.map {
          $0.execute(()).map { _ in () }.catch { _ in Just(()) }.last().eraseToAnyPublisher()
        }
        ?? Just(()).eraseToAnyPublisher()
      return work.flatMap { _ in close(.cancelled) }.eraseToAnyPublisher()
    }
    // From the same relays as OK's enabling, in one step, so one keystroke is one state.
    state = text.combineLatest(details, open, saving) { text, details, open, saving in
      let validity = details.change(title: text, from: initial, today: calendar.today)
      var message = ""
      if case .failure(let error) = validity { message = error.message }
      return EditTaskState(
        uid: uid, heading: heading, title: text, validationMessage: message,
        okEnabled: (try? validity.get()) != nil && open && !saving, due: details.due,
        dueDay: details.dueDay(today: calendar.today), priority: details.priority,
        tags: details.tags)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    closed = outcomeRelay.asSignal(scheduler: scheduler)
  }

  /// The outcome, replayed to a late subscriber, once the editor has closed.
  public var outcome: AnyPublisher<EditOutcome, Never> { recorded.eraseToAnyPublisher() }

  /// The current raw text.
  public var currentTitle: String { text.value }
  /// The due, priority and tags fields as they stand now (raw).
  public var currentDetails: (due: String, priority: String, tags: String) {
    let details = details.value
    return (details.due, details.priority, details.tags)
  }

  /// Does what `input` says: `ok` is refused (with the reason) while the editor is closed,
  /// saving, or the title is invalid; `cancel` while the editor is closed.
  @discardableResult
  public func send(_ input: EditTaskInput) -> InputResult {
    switch input {
    case .setTitle(let newTitle):
      text.accept(newTitle)
      return .accepted
    case .setDue(let due):
      details.accept(details.value.with(\.due, due))
      return .accepted
    case .setPriority(let priority):
      details.accept(details.value.with(\.priority, priority))
      return .accepted
    case .setTags(let tags):
      details.accept(details.value.with(\.tags, tags))
      return .accepted
    case .ok:
      let refusal: String? =
        if !open.value {
          TodoRefusal.editorClosed
        } else if save.isExecuting || okAction.isExecuting {
          TodoRefusal.busy
        } else if case .failure(let error) = details.value.change(
          title: text.value, from: initial, today: calendar.today)
        {
          error.message
        } else {
          nil
        }
      okAction.execute(())
      return refusal.map(InputResult.rejected) ?? .accepted
    case .cancel:
      let wasOpen = open.value
      cancelAction.execute(())
      return wasOpen ? .accepted : .rejected(TodoRefusal.editorClosed)
    }
  }

  /// `send(.setTitle(text:))`.
  public func setTitle(_ newTitle: String) { send(.setTitle(text: newTitle)) }
  /// `send(.ok)`.
  @discardableResult public func ok() -> InputResult { send(.ok) }
  /// `send(.cancel)`.
  @discardableResult public func cancel() -> InputResult { send(.cancel) }
}

/// What the user can do in the task editor.
public enum EditTaskInput: Codable, Equatable, Sendable {
  /// The text field now holds this text (raw).
  case setTitle(text: String)
  /// The due field now holds this text (`2026-12-01`, `fri`, `3d`…; empty: no due date).
  case setDue(text: String)
  /// The priority field now holds this text (`H`, `M`, `L`; empty: none).
  case setPriority(text: String)
  /// The tags field now holds this text: tags separated by spaces (`home work`).
  case setTags(text: String)
  /// Saves the cleaned title and closes, or says why not.
  case ok
  /// Closes without saving (running the cancel work first).
  case cancel
}
