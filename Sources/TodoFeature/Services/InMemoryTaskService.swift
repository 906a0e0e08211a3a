import Foundation
import ViewModelKit

/// Tasks in memory, changed synchronously: for tests, and (filled from a fixture) for
/// `--ephemeral`.
public final class InMemoryTaskService: TaskService {
  private let snapshot: TaskSnapshot
  private let clock: @Sendable () -> Date
  private var highestUID: Int64
  private var journal = TaskJournal()
  private let depth = BehaviorRelay(value: 0)

  public init(tasks: [TaskItem], clock: @escaping @Sendable () -> Date) {
    snapshot = TaskSnapshot(tasks)
    self.clock = clock
    highestUID = tasks.map(\.uid).max() ?? 0
  }

  public var tasks: AnyPublisher<[TaskItem], TaskServiceError> { snapshot.tasks }
  public var listing: AnyPublisher<TaskListing, TaskServiceError> { snapshot.listing }
  public var statistics: AnyPublisher<TaskStatistics, TaskServiceError> { snapshot.statistics }
  public var undoDepth: AnyPublisher<Int, TaskServiceError> {
    depth.removeDuplicates().setFailureType(to: TaskServiceError.self).eraseToAnyPublisher()
  }

  private func record(_ step: TaskUndoStep) {
    journal.record(step)
    depth.accept(journal.steps.count)
  }

  public func createTask(title: String, details: TaskUpdate) -> AnyPublisher<
    TaskItem, TaskServiceError
  > {
    mutation { [self] in
      let now = clock()
      let bare = TaskItem(uid: highestUID + 1, title: title, added: now)
      guard case .success(let task) = details.withoutTitle.applied(to: bare, now: now) else {
        return .failure(.invalidChange(.tooManyTags))
      }
      highestUID += 1
      record(TaskUndoStep(kind: .added, uid: task.uid, before: nil))
      snapshot.put(task)
      return .success(task)
    }
  }

  public func modify(_ task: TaskItem, _ change: TaskUpdate) -> AnyPublisher<
    TaskItem, TaskServiceError
  > {
    mutation { [self] in
      guard let stored = snapshot.task(task.uid) else {
        return .failure(change.isTitleOnly ? .updateFailed(task) : .modifyFailed(task))
      }
      switch change.applied(to: stored, now: clock()) {
      case .failure(let error): return .failure(.invalidChange(error))
      case .success(let changed):
        if changed != stored { record(TaskUndoStep(kind: .changed, uid: task.uid, before: stored)) }
        snapshot.put(changed)
        return .success(changed)
      }
    }
  }

  public func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard var stored = snapshot.task(task.uid) else { return .failure(.toggleFailed(task)) }
      let before = stored
      stored.checked = stored.isDone ? nil : clock().wholeMilliseconds
      record(TaskUndoStep(kind: .changed, uid: task.uid, before: before))
      snapshot.put(stored)
      return .success(stored)
    }
  }

  public func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard let stored = snapshot.task(task.uid) else { return .failure(.deletionFailed(task)) }
      record(TaskUndoStep(kind: .deleted, uid: task.uid, before: stored))
      snapshot.remove(task.uid)
      return .success(stored)
    }
  }

  public func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard snapshot.task(task.uid) == nil else { return .failure(.restoreFailed(task)) }
      highestUID = max(highestUID, task.uid)
      record(TaskUndoStep(kind: .added, uid: task.uid, before: nil))
      snapshot.put(task)
      return .success(task)
    }
  }

  public func discard(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard let stored = snapshot.task(task.uid) else { return .failure(.deletionFailed(task)) }
      journal.forgetCreation(of: task.uid)
      depth.accept(journal.steps.count)
      snapshot.remove(task.uid)
      return .success(stored)
    }
  }

  public func undo() -> AnyPublisher<TaskUndone, TaskServiceError> {
    Deferred { [self] () -> Result<TaskUndone, TaskServiceError>.Publisher in
      // The depth is published before the rows, as every change publishes it.
      while let step = journal.takeNewest() {
        let stored = snapshot.task(step.uid)
        switch (step.kind, stored, step.before) {
        case (.added, let stored?, _):
          depth.accept(journal.steps.count)
          snapshot.remove(step.uid)
          return .init(TaskUndone(kind: .added, task: stored))
        case (.changed, _?, let before?), (.deleted, nil, let before?):
          depth.accept(journal.steps.count)
          snapshot.put(before)
          return .init(TaskUndone(kind: step.kind, task: before))
        default: continue  // its task is gone (or back): passed over
        }
      }
      depth.accept(journal.steps.count)
      return .init(.failure(.nothingToUndo))
    }
    .eraseToAnyPublisher()
  }

  private func mutation(
    _ work: @escaping () -> Result<TaskItem, TaskServiceError>
  ) -> AnyPublisher<TaskItem, TaskServiceError> {
    Deferred { work().publisher }.eraseToAnyPublisher()
  }
}
