/// Issue 52, item 2: a change to a task another tab or process deleted says the task is gone,
/// not only that the change could not be saved.
extension TaskServiceError {
  /// The task a failed change named, if the failure names one.
  var changedTask: TaskItem? {
    switch self {
    case .updateFailed(let task), .modifyFailed(let task), .toggleFailed(let task),
      .deletionFailed(let task):
      task
    default: nil
    }
  }

  /// `"Buy milk" is gone: it was deleted in another window or process.`
  static func goneMessage(_ task: TaskItem) -> String {
    "\"\(task.shortTitle)\" is gone: it was deleted in another window or process."
  }
}

extension TasksViewModel {
  /// What the user reads for `failure`: that the task is gone when the list no longer holds
  /// the task the change named (deleted elsewhere since it was shown), else the failure's own
  /// message.
  func message(for failure: TaskServiceError) -> String {
    guard let task = failure.changedTask, self.task(uid: task.uid) == nil else {
      return failure.message
    }
    return TaskServiceError.goneMessage(task)
  }
}
