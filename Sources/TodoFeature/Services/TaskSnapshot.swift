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

  /// What is held: the rows once read (nil until then), and the counts, known before the rows
  /// when a service counted them on their own.
  private struct Held {
    var store: Store?
    var counts: TaskStatistics?
  }

  private let held: Locked<Held>
  private let listingRelay: BehaviorRelay<TaskListing?>
  private let statisticsRelay: BehaviorRelay<TaskStatistics?>
  private let failures = PublishRelay<TaskServiceError>()

  /// A snapshot holding `tasks` from the start.
  init(_ tasks: [TaskItem]) {
    let initial = Store(tasks)
    held = Locked(Held(store: initial, counts: initial.counts))
    listingRelay = BehaviorRelay(value: initial.listing)
    statisticsRelay = BehaviorRelay(value: initial.counts)
  }

  /// A snapshot with nothing read yet: `listing` publishes once `replace(with:)` gives the
  /// rows, `statistics` once either the rows or `count(_:)` gives the counts. Changes made
  /// before then patch only what is held (the counts, when known).
  init() {
    held = Locked(Held())
    listingRelay = BehaviorRelay(value: nil)
    statisticsRelay = BehaviorRelay(value: nil)
  }

  var tasks: AnyPublisher<[TaskItem], TaskServiceError> {
    listing.map(\.all).eraseToAnyPublisher()
  }

  var listing: AnyPublisher<TaskListing, TaskServiceError> {
    listingRelay.compactMap { $0 }.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<TaskListing, TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  var statistics: AnyPublisher<TaskStatistics, TaskServiceError> {
    statisticsRelay.compactMap { $0 }.setFailureType(to: TaskServiceError.self)
      .merge(with: failures.flatMap { Fail<TaskStatistics, TaskServiceError>(error: $0) })
      .eraseToAnyPublisher()
  }

  /// Whether the rows have been read.
  var isLoaded: Bool { held.withLock { $0.store != nil } }
  /// Whether the counts are known (always, once the rows are).
  var hasCounts: Bool { held.withLock { $0.counts != nil } }

  /// The task with `uid`, if held.
  func task(_ uid: Int64) -> TaskItem? { held.withLock { $0.store?.find(uid)?.task } }

  /// Inserts `task`, or puts it in place of `previous` (the stored row with its uid, which
  /// the counts need when the rows are not held), then publishes.
  func put(_ task: TaskItem, replacing previous: TaskItem? = nil) {
    change(task.uid, to: task, from: previous)
  }

  /// Removes `task`, then publishes.
  func remove(_ task: TaskItem) { change(task.uid, to: nil, from: task) }

  /// Removes the task with `uid` from the rows held (a service that holds them all).
  func remove(_ uid: Int64) {
    guard let task = task(uid) else { return }
    remove(task)
  }

  private func change(_ uid: Int64, to task: TaskItem?, from previous: TaskItem?) {
    publish(
      held.withLock { held -> (TaskListing?, TaskStatistics)? in
        if var store = held.store {
          held.store = nil  // one reference while the arrays change in place
          let changed = store.set(uid, to: task)
          held.store = store
          guard changed else { return nil }
          held.counts = store.counts
          return (store.listing, store.counts)
        }
        guard let counts = held.counts else { return nil }
        let next = Self.counts(counts, without: previous, with: task)
        held.counts = next
        return (nil, next)
      })
  }

  /// `counts` after one row changed from `old` to `new` (either nil: added or removed).
  private static func counts(_ counts: TaskStatistics, without old: TaskItem?, with new: TaskItem?)
    -> TaskStatistics
  {
    var (total, due) = (counts.total, counts.due)
    if let old {
      total -= 1
      if !old.isDone { due -= 1 }
    }
    if let new {
      total += 1
      if !new.isDone { due += 1 }
    }
    return TaskStatistics(total: max(total, 0), due: min(max(due, 0), max(total, 0)))
  }

  /// Replaces everything (the first read, or a reload); publishes only if something changed.
  func replace(with tasks: [TaskItem]) {
    let next = Store(tasks)
    publish(
      held.withLock { held -> (TaskListing?, TaskStatistics)? in
        // Both are in a total order, so equal lists mean equal sets of tasks.
        if let current = held.store, current.due == next.due, current.done == next.done {
          return nil
        }
        held.store = next
        held.counts = next.counts
        return (next.listing, next.counts)
      })
  }

  /// The counts, counted without reading the rows; ignored once the rows are held (they
  /// count themselves).
  func count(_ counts: TaskStatistics) {
    publish(
      held.withLock { held -> (TaskListing?, TaskStatistics)? in
        guard held.store == nil else { return nil }
        held.counts = counts
        return (nil, counts)
      })
  }

  /// Ends every current subscription with `error` (a failed read).
  func fail(_ error: TaskServiceError) { failures.accept(error) }

  private func publish(_ change: (TaskListing?, TaskStatistics)?) {
    guard let (listing, counts) = change else { return }
    if let listing { listingRelay.accept(listing) }
    if counts != statisticsRelay.value { statisticsRelay.accept(counts) }
  }
}
