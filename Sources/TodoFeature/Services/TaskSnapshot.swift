import Foundation
import ViewModelKit

/// The tasks a service holds in memory, with the streams that publish them. Shared by the
/// in-memory and SQLite services: a change is applied here and published before the
/// mutation that made it answers.
///
/// The tasks are kept in section order (due newest first, then done most recently checked
/// first), so a change moves one row instead of re-sorting, the counts are known without
/// counting, and consumers that sort again find the work already done.
final class TaskSnapshot: Sendable {
  /// The rows in section order. There is no index by uid: building one for 10,000 tasks cost
  /// more at each start of the CLI (a copy and a retain per task, and its memory) than the
  /// scans by uid it saves, one per change.
  private struct Store {
    var due: [TaskItem] = []
    var done: [TaskItem] = []

    var listing: TaskListing { TaskListing(ordered: due, done: done) }
    var counts: TaskStatistics { TaskStatistics(total: due.count + done.count, due: due.count) }

    init(_ tasks: [TaskItem]) {
      for task in Self.unique(tasks) {
        if task.isDone { done.append(task) } else { due.append(task) }
      }
      // A store reads its rows by uid, mostly oldest first: reversed, the due rows are mostly
      // in order already, which the sort finds in runs.
      due.reverse()
      due.sort(by: TaskOrder.due)
      done.sort(by: TaskOrder.done)
    }

    /// `tasks` with one row per uid, the last row for a uid winning. Rows by ascending uid, as
    /// a store reads them, are returned as they are.
    private static func unique(_ tasks: [TaskItem]) -> [TaskItem] {
      let ascending = tasks.indices.dropFirst().allSatisfy { tasks[$0 - 1].uid < tasks[$0].uid }
      if ascending { return tasks }
      var seen = Set<Int64>()
      return tasks.reversed().filter { seen.insert($0.uid).inserted }
    }

    /// The task with `uid`, if held, and where it is.
    func find(_ uid: Int64) -> (task: TaskItem, isDone: Bool, index: Int)? {
      if let index = due.firstIndex(where: { $0.uid == uid }) { return (due[index], false, index) }
      if let index = done.firstIndex(where: { $0.uid == uid }) { return (done[index], true, index) }
      return nil
    }

    /// Puts `task` in place of the row with its uid (or removes that row); false if nothing changed.
    mutating func set(_ uid: Int64, to task: TaskItem?) -> Bool {
      let old = find(uid)
      guard old?.task != task else { return false }
      if let old {
        if old.isDone { done.remove(at: old.index) } else { due.remove(at: old.index) }
      }
      if let task { place(task) }
      return true
    }

    private mutating func place(_ task: TaskItem) {
      if task.isDone {
        done.insert(task, at: Self.position(of: task, in: done, by: TaskOrder.done))
      } else {
        due.insert(task, at: Self.position(of: task, in: due, by: TaskOrder.due))
      }
    }

    /// The first index whose row does not come before `task`.
    private static func position(
      of task: TaskItem, in rows: [TaskItem], by before: (TaskItem, TaskItem) -> Bool
    ) -> Int {
      var low = 0
      var high = rows.count
      while low < high {
        let middle = (low + high) / 2
        if before(rows[middle], task) { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  private let store: Locked<Store>
  private let listingRelay: BehaviorRelay<TaskListing>
  private let statisticsRelay: BehaviorRelay<TaskStatistics>
  private let failures = PublishRelay<TaskServiceError>()

  init(_ tasks: [TaskItem]) {
    let initial = Store(tasks)
    store = Locked(initial)
    listingRelay = BehaviorRelay(value: initial.listing)
    statisticsRelay = BehaviorRelay(value: initial.counts)
  }

  var tasks: AnyPublisher<[TaskItem], TaskServiceError> {
    listing.map(\.all).eraseToAnyPublisher()
  }

  var listing: AnyPublisher<TaskListing, TaskServiceError> {
    listingRelay.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<TaskListing, TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  var statistics: AnyPublisher<TaskStatistics, TaskServiceError> {
    statisticsRelay.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<TaskStatistics, TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  /// The task with `uid`, if held.
  func task(_ uid: Int64) -> TaskItem? { store.withLock { $0.find(uid)?.task } }

  /// Inserts or replaces `task`, then publishes.
  func put(_ task: TaskItem) {
    publish(store.withLock { $0.set(task.uid, to: task) ? ($0.listing, $0.counts) : nil })
  }

  /// Removes the task with `uid`, then publishes.
  func remove(_ uid: Int64) {
    publish(store.withLock { $0.set(uid, to: nil) ? ($0.listing, $0.counts) : nil })
  }

  /// Replaces everything (a reload); publishes only if something changed.
  func replace(with tasks: [TaskItem]) {
    let next = Store(tasks)
    publish(
      store.withLock { current -> (TaskListing, TaskStatistics)? in
        // Both are in a total order, so equal lists mean equal sets of tasks.
        guard current.due != next.due || current.done != next.done else { return nil }
        current = next
        return (next.listing, next.counts)
      })
  }

  /// Ends every current subscription with `error` (a failed reload).
  func fail(_ error: TaskServiceError) { failures.accept(error) }

  private func publish(_ change: (TaskListing, TaskStatistics)?) {
    guard let (listing, counts) = change else { return }
    listingRelay.accept(listing)
    if counts != statisticsRelay.value { statisticsRelay.accept(counts) }
  }
}
