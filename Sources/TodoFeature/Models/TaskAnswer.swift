import Foundation

/// What a command did to a task, in one line, for a script (`cli todo add …` prints
/// `Added #107 Buy milk`): the task's uid and its title as the list shows it.
public enum TaskAnswer {
  /// `Added #107 Buy milk`, and what else it has: `Added #108 Pay rent (due 2026-12-01, H,
  /// +home)`.
  public static func added(_ task: TaskItem) -> String { "Added \(detailed(task))" }

  /// `Modified #5 Pay rent (due 2026-12-01, +work)`: the task as it is now.
  public static func modified(_ task: TaskItem) -> String { "Modified \(detailed(task))" }

  /// `Checked #5 …` when the task is now done, `Unchecked #5 …` when it is due again.
  public static func toggled(_ task: TaskItem) -> String {
    (task.isDone ? "Checked " : "Unchecked ") + label(task)
  }

  /// `Renamed #5 …`, with the new title.
  public static func renamed(_ task: TaskItem) -> String { "Renamed \(label(task))" }

  /// `Deleted #5 … (undo brings it back)`: a delete says how to take it back (issue 42).
  public static func deleted(_ task: TaskItem) -> String {
    "Deleted \(label(task)) (undo brings it back)"
  }

  /// The list's message after a delete: `Deleted "…". Undo brings it back.`
  public static func deletedMessage(_ task: TaskItem) -> String {
    "Deleted \"\(task.shortTitle)\". Undo brings it back."
  }

  /// `Restored #5 …`, `Removed #6 …`, `Changed back #5 …`: what an undo took back.
  public static func undone(_ undone: TaskUndone) -> String {
    switch undone.kind {
    case .deleted: "Restored \(label(undone.task))"
    case .added: "Removed \(label(undone.task))"
    case .changed: "Changed back \(label(undone.task))"
    }
  }

  private static func label(_ task: TaskItem) -> String { "#\(task.uid) \(task.displayTitle)" }

  /// The label, then the due date, priority and tags in parentheses when it has any.
  private static func detailed(_ task: TaskItem) -> String {
    var details = task.due.map { ["due " + $0.text] } ?? []
    if let priority = task.priority { details.append(priority.rawValue) }
    details += task.tags.map { "+" + $0 }
    return label(task) + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
  }
}
