/// Everything the task list shows, display-ready, in one value (the todo spec's outputs).
public struct TasksState: Equatable, Sendable, Codable {
  /// Due Tasks then Done Tasks, filtered when a filter applies.
  public var sections: [TaskSection]
  /// "5 tasks, 5 due."
  public var statistics: String
  /// "Todo (5)", "Todo", "Todo (999+)".
  public var tabTitle: String
  /// The filter box's raw text.
  public var filterText: String
  /// `Filter "title": 2 of 5 tasks`, or "" without a filter.
  public var filterSummary: String
  /// Whether a deleted task can be brought back.
  public var canUndo: Bool
  /// The counts `statistics` says, as numbers.
  public var counts: TaskStatistics
  /// The store's first read is still in flight: no sections yet, and `statistics` says so.
  public var isReading: Bool
}

/// Everything the task editor shows, in one value.
public struct EditTaskState: Equatable, Sendable, Codable {
  /// The task being edited (a new task is stored as its editor opens): a head draws the
  /// editor beside that task's row.
  public var uid: Int64 = 0
  /// "New Task" or "Edit Task".
  public var heading: String
  /// The text as typed.
  public var title: String
  /// "", "Enter a title." or "Title is too long (501/500 characters)."
  public var validationMessage: String
  /// Whether OK would save now.
  public var okEnabled: Bool
  /// The due field as typed (`2026-12-01`, `fri`; "" for none).
  public var due: String
  /// The day the due field names, `Fri 2026-12-04`; "" when empty or not a day.
  public var dueDay: String
  /// The priority field as typed (`H`, `M`, `L`; "" for none).
  public var priority: String
  /// The tags field as typed, space separated.
  public var tags: String
}
