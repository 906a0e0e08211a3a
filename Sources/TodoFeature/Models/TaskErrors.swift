import StoreSupport

/// A failed operation of a task service. Every case has the message the user reads.
public enum TaskServiceError: Error, Equatable, Sendable {
  case creationFailed
  case updateFailed(TaskItem)
  /// A change other than the title alone (due date, priority, tags, done) was not saved.
  case modifyFailed(TaskItem)
  /// The change cannot be made to the task as stored (a 21st tag): a refusal, not a toast.
  case invalidChange(TaskFieldError)
  case toggleFailed(TaskItem)
  case deletionFailed(TaskItem)
  case restoreFailed(TaskItem)
  case loadFailed
  /// No task has this uid (another process deleted it, or a command named a wrong number):
  /// a refusal, answered to the input that named it, not a toast.
  case notFound(uid: Int64)
  /// No change is kept to take back.
  case nothingToUndo
  /// The kept change could not be taken back (the store could not be written).
  case undoFailed

  public var message: String {
    switch self {
    case .creationFailed: "Could not add a task."
    case .updateFailed: "Could not save the new title."
    case .modifyFailed(let task): "Could not save the changes to \"\(task.shortTitle)\"."
    case .invalidChange(let error): error.message
    case .toggleFailed(let task) where task.isDone: "Could not uncheck \"\(task.shortTitle)\"."
    case .toggleFailed(let task): "Could not check off \"\(task.shortTitle)\"."
    case .deletionFailed(let task): "Could not delete \"\(task.shortTitle)\"."
    case .restoreFailed(let task): "Could not restore \"\(task.shortTitle)\"."
    case .loadFailed: "Could not read the task list."
    case .notFound(let uid): "no task #\(uid)"
    case .nothingToUndo: "Nothing to undo."
    case .undoFailed: "Could not undo the last change."
    }
  }
}

/// Why a task store could not be opened. The store is left exactly as it was found.
public enum TaskStoreError: Error, Equatable, Sendable {
  case corrupt(path: String)
  case locked(path: String)
  case unwritable(path: String)
  case incompatible(path: String)
  case failed(path: String, reason: String)
  case invalidFixture(path: String, reason: String)
  /// The file is not one this app may write: not a regular file, a dangling link, another
  /// program's database or a newer version's store.
  case unusable(StoreFileProblem)

  public var message: String {
    switch self {
    case .corrupt(let path): "The task database is damaged and was left untouched: \(path)"
    case .locked(let path): "The task database is in use by another program: \(path)"
    case .unwritable(let path): "The task database cannot be written: \(path)"
    case .incompatible(let path): "This file is not a task database this version can use: \(path)"
    case .failed(let path, let reason): "The task database could not be opened (\(reason)): \(path)"
    case .invalidFixture(let path, let reason): "The task fixture is not valid (\(reason)): \(path)"
    case .unusable(let problem): "The task database cannot be used: \(problem.message)"
    }
  }
}
