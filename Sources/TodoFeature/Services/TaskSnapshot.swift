import Foundation
import Synchronization
import ViewModelKit

/// The tasks a service holds in memory, with the streams that publish them. Shared by the
/// in-memory and SQLite services: a change is applied here and published before the
/// mutation that made it answers.
final class TaskSnapshot: Sendable {
  private let byUID: Mutex<[Int64: TaskItem]>
  private let tasksRelay: BehaviorRelay<[TaskItem]>
  private let statisticsRelay: BehaviorRelay<TaskStatistics>
  private let failures = PublishRelay<TaskServiceError>()

  init(_ tasks: [TaskItem]) {
    let initial = Dictionary(tasks.map { ($0.uid, $0) }, uniquingKeysWith: { _, last in last })
    byUID = Mutex(initial)
    let all = Array(initial.values)
    tasksRelay = BehaviorRelay(value: all)
    statisticsRelay = BehaviorRelay(value: TaskStatistics(all))
  }

  var tasks: AnyPublisher<[TaskItem], TaskServiceError> {
    tasksRelay.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<[TaskItem], TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  var statistics: AnyPublisher<TaskStatistics, TaskServiceError> {
    statisticsRelay.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<TaskStatistics, TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  /// The task with `uid`, if held.
  func task(_ uid: Int64) -> TaskItem? { byUID.withLock { $0[uid] } }

  var all: [TaskItem] { byUID.withLock { Array($0.values) } }

  /// Inserts or replaces `task`, then publishes.
  func put(_ task: TaskItem) { change { $0[task.uid] = task } }

  /// Removes the task with `uid`, then publishes.
  func remove(_ uid: Int64) { change { $0[uid] = nil } }

  /// Replaces everything (a reload); publishes only what changed.
  func replace(with tasks: [TaskItem]) {
    change { $0 = Dictionary(tasks.map { ($0.uid, $0) }, uniquingKeysWith: { _, last in last }) }
  }

  /// Ends every current subscription with `error` (a failed reload).
  func fail(_ error: TaskServiceError) { failures.accept(error) }

  private func change(_ body: (inout [Int64: TaskItem]) -> Void) {
    let (before, after) = byUID.withLock { tasks -> ([Int64: TaskItem], [Int64: TaskItem]) in
      let before = tasks
      body(&tasks)
      return (before, tasks)
    }
    guard before != after else { return }
    let all = Array(after.values)
    tasksRelay.accept(all)
    let counts = TaskStatistics(all)
    if counts != statisticsRelay.value { statisticsRelay.accept(counts) }
  }
}
