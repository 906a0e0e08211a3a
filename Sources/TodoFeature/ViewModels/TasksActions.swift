import Foundation
import ViewModelKit

/// The task list's seven actions, built before the list's pipelines that use them. Each reaches
/// only what it needs (the service, the activity, the relays it reads); opening an editor
/// needs the list, which it reaches through `owner` (nothing while the list is gone).
@MainActor
struct TasksActions {
  let create: Action<Void, EditOutcome>
  let edit: Action<Int64, EditOutcome>
  let toggle: Action<Int64, TaskItem>
  let delete: Action<Int64, TaskItem>
  let rename: Action<TaskRename, TaskItem>
  let undo: Action<Void, TaskUndone>
  let quickAdd: Action<TaskDraft, TaskItem>
  let modify: Action<TaskModification, TaskItem>

  init(
    service: any TaskService, activity: ActivityTracker, filter: BehaviorRelay<String>,
    undoDepth: DerivedValue<Int>, editorOpen: AnyPublisher<Bool, Never>,
    owner: WeakOwner<TasksViewModel>, scheduler: AnySchedulerOf<DispatchQueue>,
    calendar: TaskCalendar
  ) {
    let notEditing = editorOpen.map { !$0 }
    let editor = { (heading: String, task: TaskItem, cancelDeletes: Bool) in
      owner.value?.openEditor(heading: heading, task: task, cancelDeletes: cancelDeletes)
        ?? Just(.cancelled).eraseToAnyPublisher()
    }
    create = Action(enabledIf: notEditing, scheduler: scheduler) { _ in
      filter.accept("")
      return activity.track(service.createTask(title: ""))
        .mapError { $0 as any Error }
        .flatMap { task in
          editor("New Task", task, true).setFailureType(to: (any Error).self)
        }
    }
    // The task is read by its uid, as the store holds it now (issue 53: an input carries an
    // id, not a copy of what a head was shown).
    edit = Action(enabledIf: notEditing, scheduler: scheduler) { uid in
      // The store may answer on its own queue; the editor opens on the list's scheduler.
      Self.stored(uid, in: service).receive(on: scheduler).mapError { $0 as any Error }
        .flatMap { task in editor("Edit Task", task, false).setFailureType(to: (any Error).self) }
    }
    // Each reads its one row by uid first: the list need not be loaded (a one-shot command).
    toggle = Action(scheduler: scheduler) { uid in
      activity.track(Self.stored(uid, in: service).flatMap(service.toggle))
    }
    delete = Action(scheduler: scheduler) { uid in
      activity.track(Self.stored(uid, in: service).flatMap(service.delete))
    }
    rename = Action(scheduler: scheduler) { rename in
      activity.track(
        Self.stored(rename.uid, in: service).flatMap { service.update($0, title: rename.title) })
    }
    // The store's newest kept change, whichever process made it (issue 42).
    undo = Action(enabledIf: undoDepth.stream.map { $0 > 0 }, scheduler: scheduler) { _ in
      activity.track(service.undo())
    }
    quickAdd = Action(scheduler: scheduler) { draft -> AnyPublisher<TaskItem, any Error> in
      switch TaskTitle.validate(draft.title) {
      case .failure(let error): return Fail(error: error).eraseToAnyPublisher()
      case .success(let cleaned):
        return activity.track(service.createTask(title: cleaned, details: draft.details))
          .mapError { $0 as any Error }.eraseToAnyPublisher()
      }
    }
    // `done` on a task already done is refused, as taskwarrior refuses it.
    modify = Action(scheduler: scheduler) { modification in
      activity.track(
        Self.stored(modification.uid, in: service).flatMap { task in
          if modification.change.done == true, task.isDone {
            return Fail<TaskItem, TaskServiceError>(error: .invalidChange(.alreadyDone(task.uid)))
              .eraseToAnyPublisher()
          }
          return service.modify(task, modification.change)
        })
    }
  }

  /// The stored task with `uid`, or the failure that there is none.
  static func stored(_ uid: Int64, in service: any TaskService) -> AnyPublisher<
    TaskItem, TaskServiceError
  > {
    service.task(uid: uid).flatMap { task -> AnyPublisher<TaskItem, TaskServiceError> in
      guard let task else { return Fail(error: .notFound(uid: uid)).eraseToAnyPublisher() }
      return Just(task).setFailureType(to: TaskServiceError.self).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }
}

/// A task to add (`TasksInput.add`, `quickAdd`): its title and what else it sets, checked.
public struct TaskDraft: Sendable {
  /// The title, as given (checked again when added).
  public let title: String
  /// Its due date, priority and tags.
  public let details: TaskUpdate
}

/// A checked change to the task with `uid` (`TasksInput.modify`).
public struct TaskModification: Sendable {
  /// The task's uid.
  public let uid: Int64
  /// What to change.
  public let change: TaskUpdate
}

/// A new title for the task with `uid` (`TasksInput.rename`), already validated.
public struct TaskRename: Sendable {
  /// The task's uid.
  public let uid: Int64
  /// The title, trimmed and checked.
  public let title: String
}
