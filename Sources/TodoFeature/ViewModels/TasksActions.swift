import Foundation
import ViewModelKit

/// The task list's six actions, built before the list's pipelines that use them. Each reaches
/// only what it needs (the service, the activity, the relays it reads); opening an editor
/// needs the list, which it reaches through `owner` (nothing while the list is gone).
@MainActor
struct TasksActions {
  let create: Action<Void, EditOutcome>
  let edit: Action<TaskItem, EditOutcome>
  let toggle: Action<TaskItem, TaskItem>
  let delete: Action<TaskItem, TaskItem>
  let undo: Action<Void, TaskItem>
  let quickAdd: Action<String, TaskItem>

  init(
    service: any TaskService, activity: ActivityTracker, filter: BehaviorRelay<String>,
    undoSlot: BehaviorRelay<TaskItem?>, editorOpen: AnyPublisher<Bool, Never>,
    owner: WeakOwner<TasksViewModel>, scheduler: AnySchedulerOf<DispatchQueue>
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
    edit = Action(enabledIf: notEditing, scheduler: scheduler) { task in
      editor("Edit Task", task, false)
    }
    toggle = Action(scheduler: scheduler) { task in activity.track(service.toggle(task)) }
    delete = Action(scheduler: scheduler) { task in activity.track(service.delete(task)) }
    undo = Action(enabledIf: undoSlot.map { $0 != nil }, scheduler: scheduler) { _ in
      // Enabled only with a task to restore; an empty slot restores nothing.
      guard let task = undoSlot.value else {
        return Empty<TaskItem, TaskServiceError>().eraseToAnyPublisher()
      }
      return activity.track(service.restore(task))
    }
    quickAdd = Action(scheduler: scheduler) { title -> AnyPublisher<TaskItem, any Error> in
      switch TaskTitle.validate(title) {
      case .failure(let error): return Fail(error: error).eraseToAnyPublisher()
      case .success(let cleaned):
        return activity.track(service.createTask(title: cleaned)).mapError { $0 as any Error }
          .eraseToAnyPublisher()
      }
    }
  }
}
