import ViewModelKit

/// Where tasks live. Snapshots are replayed at once on subscription and follow every
/// committed change; a mutation's value comes only after its change is on `tasks` (and on
/// `statistics` when a count changed). Mutations are cold: nothing happens until subscribed.
public protocol TaskService: AnyObject {
  /// Every task (order unspecified); never two equal snapshots in a row.
  var tasks: AnyPublisher<[TaskItem], TaskServiceError> { get }
  /// The same snapshots as `tasks`, already in section order.
  var listing: AnyPublisher<TaskListing, TaskServiceError> { get }
  /// The counts; only when one changed.
  var statistics: AnyPublisher<TaskStatistics, TaskServiceError> { get }
  /// The task with `uid` as stored now (nil: there is none); reads that row only.
  func task(uid: Int64) -> AnyPublisher<TaskItem?, TaskServiceError>
  /// Up to `limit` tasks of one section, in the section's order, after `cursor` (the last task
  /// of the page before; nil: from the start): a list of any size, a page at a time.
  func page(of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int)
    -> AnyPublisher<[TaskItem], TaskServiceError>
  /// Adds a task with `title` (already checked) and what `details` sets: a due date, a
  /// priority, tags (its title and done are not read).
  func createTask(title: String, details: TaskUpdate) -> AnyPublisher<TaskItem, TaskServiceError>
  /// Changes the task with `task`'s uid as `change` says, applied to the row as stored, in one
  /// transaction; a change that leaves the task as it was is answered with it and not kept to
  /// take back. Fails with `.invalidChange` when the stored task cannot take it (a 21st tag).
  func modify(_ task: TaskItem, _ change: TaskUpdate) -> AnyPublisher<TaskItem, TaskServiceError>
  func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError>
  func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError>
  /// Puts a deleted task back with its own uid and dates (undo).
  func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError>
  /// How many changes `undo()` can take back now (at most `TaskUndoStep.kept`): replayed at
  /// once, then after each change.
  var undoDepth: AnyPublisher<Int, TaskServiceError> { get }
  /// Takes back the newest change still kept, whichever process made it (a change that can no
  /// longer be taken back, as its task is gone, is passed over); fails with `.nothingToUndo`.
  func undo() -> AnyPublisher<TaskUndone, TaskServiceError>
  /// Deletes a task the editor created and the user cancelled, as if it was never added: its
  /// creation is not kept to take back.
  func discard(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError>
  /// Looks now for changes another process committed (as the periodic check does), and
  /// publishes them; nothing when there are none.
  func checkForChanges()
}

extension TaskService {
  /// Adds a task with `title` alone.
  public func createTask(title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    createTask(title: title, details: TaskUpdate())
  }

  /// Gives a task a new title (already checked).
  public func update(_ task: TaskItem, title: String) -> AnyPublisher<TaskItem, TaskServiceError> {
    var change = TaskUpdate()
    change.title = title
    return modify(task, change)
  }

  /// A service no other process can change has nothing to look for.
  public func checkForChanges() {}

  /// Looks in the first snapshot of `listing`: a service that holds every task in memory.
  public func task(uid: Int64) -> AnyPublisher<TaskItem?, TaskServiceError> {
    listing.first().map { $0.task(uid: uid) }.eraseToAnyPublisher()
  }

  /// Pages through the first snapshot of `listing`: a service that holds every task.
  public func page(of kind: TaskSection.Kind, after cursor: TaskItem?, limit: Int)
    -> AnyPublisher<[TaskItem], TaskServiceError>
  {
    listing.first().map { $0.page(of: kind, after: cursor, limit: limit) }.eraseToAnyPublisher()
  }

  /// Sorts each snapshot of `tasks`; services that keep their tasks in order publish them as
  /// they are instead.
  public var listing: AnyPublisher<TaskListing, TaskServiceError> {
    tasks.map(TaskListing.init).eraseToAnyPublisher()
  }
}
