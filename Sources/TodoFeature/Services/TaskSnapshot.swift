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
  private struct Store {
    var byUID: [Int64: TaskItem] = [:]
    var due: [TaskItem] = []
    var done: [TaskItem] = []

    var listing: TaskListing { TaskListing(ordered: due, done: done) }
    var counts: TaskStatistics { TaskStatistics(total: due.count + done.count, due: due.count) }

    init(_ tasks: [TaskItem]) {
      byUID.reserveCapacity(tasks.count)
      for task in tasks { byUID[task.uid] = task }
      // With unique uids the rows keep the order they came in (a store reads them by uid,
      // which the sort then finds mostly in runs); otherwise the last row for a uid wins.
      let rows = byUID.count == tasks.count ? tasks : Array(byUID.values)
      let listing = TaskListing(rows)
      due = listing.due
      done = listing.done
    }

    /// Puts `task` in place of the row with its uid (or removes that row); false if nothing changed.
    mutating func set(_ uid: Int64, to task: TaskItem?) -> Bool {
      let old = byUID[uid]
      guard old != task else { return false }
      if let old { take(old) }
      if let task { place(task) }
      byUID[uid] = task
      return true
    }

    private mutating func take(_ task: TaskItem) {
      if task.isDone {
        let index = Self.position(of: task, in: done, by: TaskOrder.done)
        done.remove(at: index)
      } else {
        let index = Self.position(of: task, in: due, by: TaskOrder.due)
        due.remove(at: index)
      }
    }

    private mutating func place(_ task: TaskItem) {
      if task.isDone {
        done.insert(task, at: Self.position(of: task, in: done, by: TaskOrder.done))
      } else {
        due.insert(task, at: Self.position(of: task, in: due, by: TaskOrder.due))
      }
    }

    /// The first index whose row does not come before `task` (the row itself, if present).
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
  func task(_ uid: Int64) -> TaskItem? { store.withLock { $0.byUID[uid] } }

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
