import Foundation
import ViewModelKit

/// Tasks in memory, changed synchronously: for tests, and (filled from a fixture) for
/// `--ephemeral`.
public final class InMemoryTaskService: TaskService {
  private let snapshot: TaskSnapshot
  private let clock: @Sendable () -> Date
  private var highestUID: Int64

  public init(tasks: [TaskItem], clock: @escaping @Sendable () -> Date) {
    snapshot = TaskSnapshot(tasks)
    self.clock = clock
    highestUID = tasks.map(\.uid).max() ?? 0
  }

  public var tasks: AnyPublisher<[TaskItem], TaskServiceError> { snapshot.tasks }
  public var listing: AnyPublisher<TaskListing, TaskServiceError> { snapshot.listing }
  public var statistics: AnyPublisher<TaskStatistics, TaskServiceError> { snapshot.statistics }

  public func createTask(title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      highestUID += 1
      let task = TaskItem(uid: highestUID, title: title, added: clock())
      snapshot.put(task)
      return .success(task)
    }
  }

  public func update(_ task: TaskItem, title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard var stored = snapshot.task(task.uid) else { return .failure(.updateFailed(task)) }
      stored.title = title
      snapshot.put(stored)
      return .success(stored)
    }
  }

  public func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard var stored = snapshot.task(task.uid) else { return .failure(.toggleFailed(task)) }
      stored.checked = stored.isDone ? nil : clock().wholeMilliseconds
      snapshot.put(stored)
      return .success(stored)
    }
  }

  public func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard let stored = snapshot.task(task.uid) else { return .failure(.deletionFailed(task)) }
      snapshot.remove(task.uid)
      return .success(stored)
    }
  }

  public func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    mutation { [self] in
      guard snapshot.task(task.uid) == nil else { return .failure(.restoreFailed(task)) }
      highestUID = max(highestUID, task.uid)
      snapshot.put(task)
      return .success(task)
    }
  }

  private func mutation(
    _ work: @escaping () -> Result<TaskItem, TaskServiceError>
  ) -> AnyPublisher<TaskItem, TaskServiceError> {
    Deferred { work().publisher }.eraseToAnyPublisher()
  }
}
