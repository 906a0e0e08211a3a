import Foundation

/// Where a due task's due date stands on a given day: what a head may colour (issue 42).
public enum TaskDueStatus: String, Codable, Equatable, Sendable {
  /// Its day has passed.
  case overdue
  /// Due today.
  case today
  /// Due within the next two days.
  case soon
  /// Due later than that.
  case later
}

extension TaskItem {
  /// Where its due date stands on `today`; nil when it has none or is done.
  public func dueStatus(today: TaskDay) -> TaskDueStatus? {
    guard let due, !isDone else { return nil }
    switch today.days(until: due) {
    case ..<0: return .overdue
    case 0: return .today
    case 1...2: return .soon
    default: return .later
    }
  }

  /// The due date said relative to `today`, as a to-do list says it: `overdue 3 days`,
  /// `due today`, `due tomorrow`, `due in 5 days` (up to two weeks), then `due 2027-03-01`;
  /// nil when it has none or is done.
  public func dueText(today: TaskDay) -> String? {
    guard let due, !isDone else { return nil }
    let days = today.days(until: due)
    switch days {
    case ..<0: return "overdue \(-days) \(-days == 1 ? "day" : "days")"
    case 0: return "due today"
    case 1: return "due tomorrow"
    case 2...14: return "due in \(days) days"
    default: return "due \(due.text)"
    }
  }

  /// The priority and the tags as a row shows them after the title: `H +home +work`; "" for
  /// neither.
  public var labelsText: String {
    var parts = priority.map { [$0.rawValue] } ?? []
    parts += tags.map { "+" + $0 }
    return parts.joined(separator: " ")
  }

  /// What a row shows after the title: the due text, then the priority and tags, two spaces
  /// apart (`due tomorrow  H +home`); "" for none.
  public func detailsText(today: TaskDay) -> String {
    [dueText(today: today) ?? "", labelsText].filter { !$0.isEmpty }.joined(separator: "  ")
  }
}

/// A task as a head shows it on a given day: its wire form, plus `dueText` and `dueStatus`
/// (when it has a due date and is not done) and `labels`, so that a page draws it without
/// counting days.
struct ShownTask: Encodable, Identifiable, Equatable {
  let task: TaskItem
  let today: TaskDay?
  var id: Int64 { task.uid }

  private enum ExtraKeys: String, CodingKey { case dueText, dueStatus, labels }

  func encode(to encoder: any Encoder) throws {
    var fields = encoder.container(keyedBy: TaskItem.WireKeys.self)
    try task.encodeFields(into: &fields)
    var extra = encoder.container(keyedBy: ExtraKeys.self)
    if let today {
      try extra.encodeIfPresent(task.dueText(today: today), forKey: .dueText)
      try extra.encodeIfPresent(task.dueStatus(today: today), forKey: .dueStatus)
    }
    try extra.encode(task.labelsText, forKey: .labels)
  }
}
