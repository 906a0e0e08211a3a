import Foundation

/// One of the two lists the screen shows.
public struct TaskSection: Equatable, Sendable, Codable {
  public enum Kind: String, Equatable, Sendable, Codable { case due, done }
  public let kind: Kind
  /// "Due Tasks" or "Done Tasks".
  public let title: String
  public let items: [TaskItem]
  /// The day the section was made for: due dates are said relative to it (`due tomorrow`);
  /// nil for a section made without a calendar.
  public let today: TaskDay?

  /// A section of `kind` holding `items` (in its order), made for `today`.
  public init(kind: Kind, items: [TaskItem], today: TaskDay? = nil) {
    self.kind = kind
    title = kind == .due ? "Due Tasks" : "Done Tasks"
    self.items = items
    self.today = today
  }

  /// What a row shows after a task's title on the section's day: `due tomorrow  H +home`.
  public func details(of task: TaskItem) -> String {
    today.map { task.detailsText(today: $0) } ?? task.labelsText
  }

  /// Where a task's due date stands on the section's day (nil: no due date, done, or no day).
  public func dueStatus(of task: TaskItem) -> TaskDueStatus? {
    today.flatMap { task.dueStatus(today: $0) }
  }

  private enum CodingKeys: String, CodingKey { case kind, title, items, today }

  /// The kind, the title, the day, and each task with what a row shows of it on that day
  /// (`dueText`, `dueStatus`, `labels`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(title, forKey: .title)
    try container.encode(items.map { ShownTask(task: $0, today: today) }, forKey: .items)
    try container.encodeIfPresent(today, forKey: .today)
  }

  /// Reads the kind, the tasks' stored fields and the day.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      kind: try container.decode(Kind.self, forKey: .kind),
      items: try container.decode([TaskItem].self, forKey: .items),
      today: try container.decodeIfPresent(TaskDay.self, forKey: .today))
  }
}

extension TaskSection {
  /// A section cut to its first tasks, and how many more it has: what a list printed capped
  /// shows of it. On the wire `more` is absent when nothing was cut.
  public struct Excerpt: Codable, Equatable, Sendable {
    /// Due or done.
    public let kind: Kind
    /// `Due Tasks` or `Done Tasks`.
    public let title: String
    /// The first tasks, in the section's order.
    public let items: [TaskItem]
    /// How many more the section has; nil when none were cut.
    public let more: Int?
  }

  /// The first `limit` tasks (all of them without a limit) and how many more there are.
  public func excerpt(limit: Int?) -> Excerpt {
    let shown = limit.map { Array(items.prefix($0)) } ?? items
    let more = items.count - shown.count
    return Excerpt(kind: kind, title: title, items: shown, more: more > 0 ? more : nil)
  }
}

/// How many tasks there are, and how many are due.
public struct TaskStatistics: Equatable, Sendable {
  public let total: Int
  public let due: Int
  public var done: Int { total - due }

  public init(total: Int, due: Int) {
    self.total = total
    self.due = due
  }

  public init(_ tasks: [TaskItem]) {
    self.init(total: tasks.count, due: tasks.reduce(0) { $0 + ($1.isDone ? 0 : 1) })
  }
}

extension TaskStatistics: Codable {
  private enum CodingKeys: String, CodingKey { case tasks, due, done }

  /// `{"tasks": 12, "due": 8, "done": 4}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(total, forKey: .tasks)
    try container.encode(due, forKey: .due)
    try container.encode(done, forKey: .done)
  }

  /// Reads the total and the due count (done follows from them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      total: try container.decode(Int.self, forKey: .tasks),
      due: try container.decode(Int.self, forKey: .due))
  }
}

/// How an editor closed.
public enum EditOutcome: Equatable, Sendable, Codable {
  case saved(TaskItem)
  case cancelled
}

/// The orders the sections use. Due: what matters first, as taskwarrior users expect: tasks
/// with a due date, earliest first (so overdue ones lead), then those without; within a day,
/// by priority (H, M, L, none); then newest first. Done: most recently checked first. Ties by
/// uid, highest first. The store's section indexes keep the same orders.
public enum TaskOrder {
  public static func due(_ a: TaskItem, _ b: TaskItem) -> Bool {
    if a.due != b.due {
      guard let x = a.due else { return false }
      guard let y = b.due else { return true }
      return x < y
    }
    let (p, q) = (a.priority?.rank ?? 3, b.priority?.rank ?? 3)
    if p != q { return p < q }
    return a.added != b.added ? a.added > b.added : a.uid > b.uid
  }

  public static func done(_ a: TaskItem, _ b: TaskItem) -> Bool {
    let (x, y) = (a.checked ?? .distantPast, b.checked ?? .distantPast)
    return x != y ? x > y : a.uid > b.uid
  }
}
