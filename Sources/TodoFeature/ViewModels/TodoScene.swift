/// The scenes of the todo app's stack.
public enum TodoScene {
  case tasks(TasksViewModel)
  case editTask(EditTaskViewModel)

  /// The editor, when this is the editor scene.
  public var editor: EditTaskViewModel? {
    if case .editTask(let editor) = self { return editor }
    return nil
  }
}

/// Texts of refusals shared by the todo view models.
public enum TodoRefusal {
  public static let editorOpen = "Close the open editor first."
  public static let busy = "Still saving the previous change."
  public static let nothingToUndo = "Nothing to undo."
  public static let editorClosed = "The editor is closed."
  public static let nothingToChange =
    "Nothing to change: give a title, due:…, priority:…, +tag or -tag."
}
