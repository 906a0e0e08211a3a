import Foundation

/// Every task, already in section order: the due ones newest first, the done ones most
/// recently checked first (ties by uid, highest first). A view of the list that needs no
/// sorting, so a change to one task does not cost a pass over all of them.
public struct TaskListing: Equatable, Sendable {
  /// The due tasks, in `TaskOrder.due`.
  public let due: [TaskItem]
  /// The done tasks, in `TaskOrder.done`.
  public let done: [TaskItem]

  /// A listing from rows that are already in order.
  init(ordered due: [TaskItem], done: [TaskItem]) {
    self.due = due
    self.done = done
  }

  /// A listing of `tasks`, in any order.
  public init(_ tasks: [TaskItem]) {
    due = tasks.filter { !$0.isDone }.sorted(by: TaskOrder.due)
    done = tasks.filter(\.isDone).sorted(by: TaskOrder.done)
  }

  /// Due tasks, then done tasks.
  public var all: [TaskItem] { due + done }

  /// How many tasks there are.
  public var count: Int { due.count + done.count }

  /// The task with `uid`, if listed.
  public func task(uid: Int64) -> TaskItem? {
    due.first { $0.uid == uid } ?? done.first { $0.uid == uid }
  }

  /// Up to `limit` tasks of one section after `cursor` (nil: from the start), in its order.
  public func page(of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int) -> [TaskItem] {
    let isDue = kind == TaskSection.Kind.due
    let rows = isDue ? due : done
    var start = 0
    if let cursor {
      start =
        rows.firstIndex { isDue ? TaskOrder.due(cursor, $0) : TaskOrder.done(cursor, $0) }
        ?? rows.count
    }
    return Array(rows[start...].prefix(max(1, limit)))
  }
}
