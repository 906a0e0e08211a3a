import Foundation
import ViewModelKit

/// The task list: two sections, the counts, the filter, undo, and the editor scenes.
///
/// A `ScreenModel`: everything it shows is one `TasksState` value, its one-off happenings are
/// `ScreenEvent`s, and its editors are routes on the app's `SceneCoordinator`. Each field of the
/// state is a Driver of its own too (`tasks.sections`: `ScreenModel`'s projection).
@MainActor
public final class TasksViewModel: ScreenModel {
  // MARK: Outputs

  /// Everything the list shows, in one value.
  public let state: Driver<TasksState>
  /// The list's one-off happenings.
  public let events: Signal<ScreenEvent>

  /// False while a service operation or a filter debounce is pending.
  public let isSettled: Driver<Bool>

  /// The counts alone, read without the rows (on a large store, `stats` and a status line
  /// need not wait for every task): what `state`'s `statistics`, `tabTitle` and `counts` say.
  public let counts: Driver<TaskCountsState>

  // MARK: Actions

  /// Adds an empty task and opens the editor on it (enabled while no editor is open).
  public let createAction: Action<Void, EditOutcome>
  /// Opens the editor on a task (enabled while no editor is open).
  public let editAction: Action<Int64, EditOutcome>
  /// Checks the task with a uid off or brings it back.
  public let toggleAction: Action<Int64, TaskItem>
  /// Deletes the task with a uid, keeping it for `undo`.
  public let deleteAction: Action<Int64, TaskItem>
  /// Gives the task with a uid a new title, without the editor.
  public let renameAction: Action<TaskRename, TaskItem>
  /// Takes back the store's newest kept change (enabled while there is one).
  public let undoAction: Action<Void, TaskUndone>
  /// Adds a task with a title, and a due date, priority and tags if given, without the editor.
  public let quickAddAction: Action<TaskDraft, TaskItem>
  /// Changes a task's details (due date, priority, tags, title, done), by uid.
  public let modifyAction: Action<TaskModification, TaskItem>

  // MARK: State

  let service: any TaskService
  // Weak: the coordinator's stack holds this view model as its root scene.
  private weak var coordinator: SceneCoordinator<TodoScene>?
  let scheduler: AnySchedulerOf<DispatchQueue>
  /// Where "today" comes from: due dates are said relative to it and words like `fri` read
  /// from it.
  let calendar: TaskCalendar
  private let activity: ActivityTracker
  private let snapshot = BehaviorRelay<TaskListing?>(value: nil)
  private let rawFilter = BehaviorRelay(value: "")
  /// How many changes the store can take back now (issue 42: an undo that lasts).
  private let undoDepth: DerivedValue<Int>
  private let toasts = PublishRelay<ScreenEvent>()
  private var subscriptions = Set<AnyCancellable>()
  /// Whether the list is seen (`setActive`, `isActive`). Becoming seen looks at the store at
  /// once, so another terminal's change shows without waiting for the 2 s check (AV-09).
  public let activation = Activation()
  /// Answers to inputs still being worked out; each is dropped once known.
  private let work = InFlightWork()

  /// How many subscriptions the view model keeps: fixed after `init`, whatever the inputs
  /// (checked by the lifetime tests).
  var keptSubscriptionCount: Int { subscriptions.count + work.count }

  public init(
    service: any TaskService, coordinator: SceneCoordinator<TodoScene>,
    scheduler: AnySchedulerOf<DispatchQueue>, calendar: TaskCalendar = .system
  ) {
    self.service = service
    self.coordinator = coordinator
    self.scheduler = scheduler
    self.calendar = calendar
    activity = ActivityTracker(scheduler: scheduler)
    isSettled = activity.isIdle
    // One count of a table of at most 100 rows; a store that cannot count it has nothing to
    // take back.
    undoDepth = DerivedValue(service.undoDepth.replaceError(with: 0), initial: 0)
    // The actions first: the pipelines below use them, and they reach `self` (for the
    // editor) only through `owner`, filled in at the end.
    let owner = WeakOwner<TasksViewModel>()
    let actions = TasksActions(
      service: service, activity: activity, filter: rawFilter, undoDepth: undoDepth,
      editorOpen: Self.editorOpen(coordinator), owner: owner, scheduler: scheduler,
      calendar: calendar)
    createAction = actions.create
    editAction = actions.edit
    toggleAction = actions.toggle
    deleteAction = actions.delete
    renameAction = actions.rename
    undoAction = actions.undo
    quickAddAction = actions.quickAdd
    modifyAction = actions.modify
    let matcher = TitleMatcher()
    // The summary counts the rows the sections already hold instead of matching every title
    // a second time. The filter applies 150 ms after the last change (the wait counts as activity); a blank
    // one applies at once. A newer text cancels the wait for an older one.
    let appliedFilter = rawFilter.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .flatMapLatest { [activity] text -> AnyPublisher<String, Never> in
        guard !text.isEmpty else { return Just("").eraseToAnyPublisher() }
        return activity.track(Just(text).delay(for: .milliseconds(150), scheduler: scheduler))
      }
    // The store's rows are read the first time anything looks at the list (`state`), not
    // when the view model is made: a one-shot change never reads them (issue 41).
    let loading = LoadOnFirstLook()
    // The first read counts as activity: a front end that waits for `isSettled` sees the rows.
    let startLoading = { [snapshot, toasts, activity] in
      loading.start {
        let firstRead = activity.begin()
        return Self.loadSteps(from: service, scheduler: scheduler).sink { step in
          if let listing = step.load?.listing { snapshot.accept(listing) }
          if step.toast { toasts.accept(.failure(TaskServiceError.loadFailed.message)) }
          firstRead.end()
        }
      }
    }
    let shown = Deferred { [snapshot] () -> BehaviorRelay<TaskListing?> in
      startLoading()
      return snapshot
    }
    .combineLatest(appliedFilter.removeDuplicates(), Self.days(calendar, scheduler)) {
      [undoDepth] listing, filter, today in
      // Until the first read is in, the list says it is reading (a large store's first frame).
      guard let listing else { return Shown.reading(filter: filter) }
      // Whether a change can be taken back is read with the rows: every kept change changes
      // a row, and the store counts its changes before it publishes the rows, so a change is
      // one state (TasksStateTests).
      let shown = Self.sections(listing, filter: filter, matcher: matcher, today: today)
      return Shown(
        sections: shown.sections, total: listing.count, filter: filter,
        counts: TaskStatistics(total: listing.count, due: listing.due.count),
        canUndo: undoDepth.value > 0, problem: shown.problem)
    }
    .share(replay: 1)
    // Unchanged sections keep their array, so comparing states is cheap for them; changed
    // ones differ early. With a filter, a change to a hidden task leaves equal sections, and
    // the state then differs only in the summary (TD-06 holds for the projection).
    // The counts come from the same snapshot as the rows (the service counts its statistics
    // from it too), so a change is one state, not a state for the rows and one for the counts.
    state = shown.combineLatest(rawFilter) { shown, rawFilter in
      TasksState(
        sections: shown.sections,
        statistics: shown.isReading ? Self.readingText : Self.statisticsText(shown.counts),
        tabTitle: Self.tabTitleText(shown.counts), filterText: rawFilter,
        filterSummary: shown.summary, canUndo: shown.canUndo, counts: shown.counts,
        isReading: shown.isReading)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    events = toasts.asSignal(scheduler: scheduler)
    counts = Self.countsStates(from: service).asDriver(scheduler: scheduler)
    // AV-09: becoming seen looks at the store at once (another process's change shows now).
    activation.becameActive
      .sink { [service] in service.checkForChanges() }
      .store(in: &subscriptions)
    reportActions()
    subscriptions.insert(AnyCancellable { loading.cancel() })
    owner.value = self
  }

  // MARK: Inputs

  /// Does what `input` says. `create` and `edit` answer at once (refused while an editor is
  /// open); the others are refused at once while the previous change of their kind is saving,
  /// else answered when the service has done it (`.rejected` with the failure's message, which
  /// is also a toast: a failure is not a refusal).
  @discardableResult
  public func send(_ input: TasksInput) -> PendingResult {
    switch input {
    case .create:
      let open = isEditorOpen
      createAction.execute(())
      return Replayed.answered(open ? .rejected(TodoRefusal.editorOpen) : .accepted)
    case .edit(let uid):
      let open = isEditorOpen
      editAction.execute(uid)  // while an editor is open, it reports `notEnabled` (TD-24)
      if open { return Replayed.answered(.rejected(TodoRefusal.editorOpen)) }
      // Answered once the task is read (the editor opens then), not when the editor closes:
      // a uid with no task is refused with `no task #<uid>`.
      let read = TasksActions.stored(uid, in: service).map { _ in () }
        .mapError { ActionError.underlying($0) }.eraseToAnyPublisher()
      return answer(read, refusal: nil)
    case .toggle(let uid):
      let busy = toggleAction.isExecuting
      return answer(toggleAction.execute(uid), refusal: busy ? TodoRefusal.busy : nil)
    case .delete(let uid):
      let busy = deleteAction.isExecuting
      return answer(deleteAction.execute(uid), refusal: busy ? TodoRefusal.busy : nil)
    case .rename(let uid, let title):
      let cleaned: String
      switch TaskTitle.validate(title) {
      case .failure(let error): return Replayed.answered(.rejected(error.message))
      case .success(let valid): cleaned = valid
      }
      let busy = renameAction.isExecuting
      return answer(
        renameAction.execute(TaskRename(uid: uid, title: cleaned)),
        refusal: busy ? TodoRefusal.busy : nil)
    case .undo:
      let refusal: String? =
        undoDepth.value == 0
        ? TodoRefusal.nothingToUndo : (undoAction.isExecuting ? TodoRefusal.busy : nil)
      return answer(undoAction.execute(()), refusal: refusal)
    case .quickAdd, .addWords, .modifyWords:
      switch input.plainMeaning {
      case .failure(let error): return Replayed.answered(.rejected(error.message))
      case .success(let plain): return send(plain)
      }
    case .add(let title, let fields):
      var withTitle = fields
      withTitle.title = title
      switch withTitle.resolved(today: calendar.today) {
      case .failure(let error): return Replayed.answered(.rejected(error.message))
      case .success(let update):
        let busy = quickAddAction.isExecuting
        return answer(
          quickAddAction.execute(TaskDraft(title: update.title ?? title, details: update)),
          refusal: busy ? TodoRefusal.busy : nil)
      }
    case .modify(let uid, let fields):
      guard !fields.isEmpty else {
        return Replayed.answered(.rejected(TodoRefusal.nothingToChange))
      }
      switch fields.resolved(today: calendar.today) {
      case .failure(let error): return Replayed.answered(.rejected(error.message))
      case .success(let update):
        let busy = modifyAction.isExecuting
        return answer(
          modifyAction.execute(TaskModification(uid: uid, change: update)),
          refusal: busy ? TodoRefusal.busy : nil)
      }
    case .setFilter(let text):
      rawFilter.accept(text)
      return Replayed.answered(.accepted)
    }
  }

  /// An input's answer: the refusal at once, or how the service work of `execution` ended
  /// (`.rejected` with the failure's message when the service failed).
  private func answer<T>(_ execution: AnyPublisher<T, ActionError>, refusal: String?)
    -> PendingResult
  {
    // A refused execution does no work (the action says `notEnabled`); the refusal answers.
    if let refusal { return Replayed.answered(.rejected(refusal)) }
    return work.answer(execution) { [weak self] error in
      guard case .underlying(let failure as TaskServiceError) = error else { return .accepted }
      return .rejected(self?.message(for: failure) ?? failure.message)
    }
  }

  /// The day it is now: what due dates are said relative to.
  public var today: TaskDay { calendar.today }

  /// The task with `uid` in the latest unfiltered snapshot.
  public func task(uid: Int64) -> TaskItem? { snapshot.value?.task(uid: uid) }

  /// Whether an editor is open now, and after each change: derived from the coordinator's
  /// stack, the one place it is kept.
  private var isEditorOpen: Bool { coordinator?.stack.contains { $0.scene.editor != nil } ?? false }

  private static func editorOpen(_ coordinator: SceneCoordinator<TodoScene>)
    -> AnyPublisher<Bool, Never>
  {
    coordinator.changes.map { $0.contains { $0.scene.editor != nil } }.removeDuplicates()
      .eraseToAnyPublisher()
  }

  /// Whether anything `isSettled` counts is pending now.
  public var isBusy: Bool { activity.isBusy }

  // MARK: Internals

  private func clearFilter() { rawFilter.accept("") }

  private func report(_ error: ActionError) {
    // No such task is the input's refusal, answered to it; the list has no toast for it.
    if case .underlying(let underlying) = error, let failure = underlying as? TaskServiceError,
      !failure.isRefusal
    {
      toasts.accept(.failure(message(for: failure)))
    }
  }

  /// `publisher`, with its failure shown as a toast on the way.
  private func reportingFailure<T>(_ publisher: AnyPublisher<T, TaskServiceError>)
    -> AnyPublisher<T, TaskServiceError>
  {
    publisher.handleEvents(receiveCompletion: { [weak self] completion in
      if case .failure(let failure) = completion {
        guard let self else { return }
        toasts.accept(.failure(message(for: failure)))
      }
    })
    .eraseToAnyPublisher()
  }

  private func tracked<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> AnyPublisher<
    T, TaskServiceError
  > {
    activity.track(publisher)
  }

  /// The actions' failures as toasts, and what a delete, an undo and a quick add leave behind.
  private func reportActions() {
    for errors in [
      createAction.errors, editAction.errors.map { $0 }, toggleAction.errors, deleteAction.errors,
      undoAction.errors, quickAddAction.errors, renameAction.errors, modifyAction.errors,
    ] {
      errors.emit { [weak self] in self?.report($0) }.store(in: &subscriptions)
    }
    deleteAction.elements.emit { [weak self] task in
      self?.toasts.accept(.success(TaskAnswer.deletedMessage(task)))
    }
    .store(in: &subscriptions)
    undoAction.elements.emit { [weak self] undone in
      self?.toasts.accept(.success(undone.message))
    }
    .store(in: &subscriptions)
    quickAddAction.elements.emit { [weak self] _ in self?.clearFilter() }.store(in: &subscriptions)
  }

  /// Pushes an editor for `task` and finishes with its outcome once it has closed.
  func openEditor(heading: String, task: TaskItem, cancelDeletes: Bool) -> AnyPublisher<
    EditOutcome, Never
  > {
    guard let coordinator else { return Just(.cancelled).eraseToAnyPublisher() }
    // The editor's actions live as long as the editor: their failures are reported on the
    // way, not through a subscription that would outlive it.
    let save = Action<TaskUpdate, TaskItem>(scheduler: scheduler) { [unowned self] change in
      reportingFailure(tracked(service.modify(task, change)))
    }
    var cancelWork: Action<Void, Void>?
    if cancelDeletes {
      cancelWork = Action<Void, Void>(scheduler: scheduler) { [unowned self] _ in
        // A new task cancelled in the editor was never added: nothing is kept to undo.
        reportingFailure(tracked(service.discard(task))).map { _ in () }.eraseToAnyPublisher()
      }
    }
    let editor = EditTaskViewModel(
      heading: heading, task: task, save: save, cancelWork: cancelWork,
      coordinator: coordinator, scheduler: scheduler, calendar: calendar)
    editor.setActive(isActive)  // opened from a seen list, it is seen (AV-01)
    coordinator.transition(to: .editTask(editor), type: .modal)
    return editor.outcome
  }
}
