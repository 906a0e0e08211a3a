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

  /// `Deleted #5 …`.
  public static func deleted(_ task: TaskItem) -> String { "Deleted \(label(task))" }

  private static func label(_ task: TaskItem) -> String { "#\(task.uid) \(task.displayTitle)" }
}
