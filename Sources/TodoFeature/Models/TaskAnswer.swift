import Foundation

/// What a command did to a task, in one line, for a script (`cli todo add …` prints
/// `Added #107 Buy milk`): the task's uid and its title as the list shows it.
public enum TaskAnswer {
  /// `Added #107 Buy milk`.
  public static func added(_ task: TaskItem) -> String { "Added \(label(task))" }

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
}
