import Foundation

/// One task of the list: due until it is checked.
public struct TaskItem: Identifiable, Hashable, Sendable, Codable {
  /// Identity, assigned by the store, >= 1, never reused within a store.
  public let uid: Int64
  /// As stored; may be "" (a task created by the editor before its first save).
  public var title: String
  /// When it was created, in whole milliseconds.
  public let added: Date
  /// When it was checked, in whole milliseconds; nil while due.
  public var checked: Date?
  /// The day it is due by, if any.
  public var due: TaskDay?
  /// How much it matters, if said.
  public var priority: TaskPriority?
  /// Its tags, sorted, once each (`TaskTags`).
  public var tags: [String]

  /// A task; dates are cut to whole milliseconds.
  public init(
    uid: Int64, title: String, added: Date, checked: Date? = nil, due: TaskDay? = nil,
    priority: TaskPriority? = nil, tags: [String] = []
  ) {
    self.uid = uid
    self.title = title
    self.added = added.wholeMilliseconds
    self.checked = checked?.wholeMilliseconds
    self.due = due
    self.priority = priority
    self.tags = tags
  }

  public var id: Int64 { uid }
  public var isDone: Bool { checked != nil }

  /// The title with control characters as spaces, trimmed; "(untitled)" when that is empty.
  public var displayTitle: String {
    let cleaned = TaskTitle.clean(title)
    return cleaned.isEmpty ? "(untitled)" : cleaned
  }

  /// "[ ] Buy oat milk" when due, "[x] Buy oat milk" when done.
  public var rowText: String { (isDone ? "[x] " : "[ ] ") + displayTitle }

  /// The display title cut to 39 characters and "…" when longer than 40, for messages.
  public var shortTitle: String {
    let title = displayTitle
    return title.count > 40 ? String(title.prefix(39)) + "…" : title
  }

  /// The five tasks of a new store, all added at `date`, uid 5 on top.
  public static func starterTasks(at date: Date) -> [TaskItem] {
    [
      "Press / to filter tasks by title", "Press d to delete a task and u to undo",
      "Press n to add a new task", "Press Enter to edit a task's title",
      "Welcome! Press Space to check off a task",
    ].enumerated().map { TaskItem(uid: Int64($0.offset + 1), title: $0.element, added: date) }
  }
}

extension TaskItem {
  enum WireKeys: String, CodingKey {
    case uid, title, added, checked, due, priority, tags, displayTitle, done
  }

  /// The stored fields (`due`, `priority` and `tags` only when set), then what a head
  /// shows of them: `displayTitle` and `done`, so that a page draws a task without restating
  /// `(untitled)` or reading `checked`. Reading takes the stored fields only.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: WireKeys.self)
    try encodeFields(into: &container)
  }

  func encodeFields(into container: inout KeyedEncodingContainer<WireKeys>) throws {
    try container.encode(uid, forKey: .uid)
    try container.encode(title, forKey: .title)
    try container.encode(added, forKey: .added)
    try container.encodeIfPresent(checked, forKey: .checked)
    try container.encodeIfPresent(due, forKey: .due)
    try container.encodeIfPresent(priority, forKey: .priority)
    if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    try container.encode(displayTitle, forKey: .displayTitle)
    try container.encode(isDone, forKey: .done)
  }

  /// Reads the stored fields; `due`, `priority` and `tags` may be left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: WireKeys.self)
    self.init(
      uid: try container.decode(Int64.self, forKey: .uid),
      title: try container.decode(String.self, forKey: .title),
      added: try container.decode(Date.self, forKey: .added),
      checked: try container.decodeIfPresent(Date.self, forKey: .checked),
      due: try container.decodeIfPresent(TaskDay.self, forKey: .due),
      priority: try container.decodeIfPresent(TaskPriority.self, forKey: .priority),
      tags: TaskTags.normalized(
        (try container.decodeIfPresent([String].self, forKey: .tags) ?? []).filter(
          TaskTags.isValid)))
  }
}

extension Date {
  /// This instant truncated to whole milliseconds.
  public var wholeMilliseconds: Date {
    Date(timeIntervalSince1970: TimeInterval(millisecondsSince1970) / 1000)
  }

  /// Milliseconds since 1970, rounded down.
  public var millisecondsSince1970: Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded(.down))
  }

  public init(millisecondsSince1970 milliseconds: Int64) {
    self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
  }
}
