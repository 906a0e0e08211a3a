import Foundation

/// One change a task store can take back (issue 42: an undo that lasts): what it was, the
/// task's uid, and the task as it was before it (nil for an add). Every change made through a
/// store is kept this way, the newest 100, whichever process made it.
public struct TaskUndoStep: Equatable, Sendable {
  /// What the change did.
  public enum Kind: String, Equatable, Sendable, Codable {
    case added, changed, deleted
  }

  public let kind: Kind
  public let uid: Int64
  /// The task before the change; nil for an add.
  public let before: TaskItem?

  public init(kind: Kind, uid: Int64, before: TaskItem?) {
    self.kind = kind
    self.uid = uid
    self.before = before
  }

  /// How many changes a store keeps to take back.
  public static let kept = 100
}

/// What an undo did: the kind of change it took back, and the task as it is now (for an add
/// taken back, the task that was removed).
public struct TaskUndone: Equatable, Sendable {
  public let kind: TaskUndoStep.Kind
  public let task: TaskItem

  public init(kind: TaskUndoStep.Kind, task: TaskItem) {
    self.kind = kind
    self.task = task
  }

  /// The list's message: `Restored "x".`, `Removed "x".`, `Changed back "x".`.
  public var message: String {
    switch kind {
    case .deleted: "Restored \"\(task.shortTitle)\"."
    case .added: "Removed \"\(task.shortTitle)\"."
    case .changed: "Changed back \"\(task.shortTitle)\"."
    }
  }
}

/// The changes an in-memory store can take back, newest last, with the rules every store
/// follows: at most `TaskUndoStep.kept`, and a rename right after a task's creation (the
/// editor's create, then OK) is part of that creation.
struct TaskJournal {
  private(set) var steps: [TaskUndoStep] = []

  mutating func record(_ step: TaskUndoStep) {
    if step.kind == .changed, let last = steps.last, last.kind == .added, last.uid == step.uid,
      step.before?.title.isEmpty == true
    {
      return
    }
    steps.append(step)
    if steps.count > TaskUndoStep.kept { steps.removeFirst(steps.count - TaskUndoStep.kept) }
  }

  /// Forgets a task's creation and what followed it (a new task the editor discarded).
  mutating func forgetCreation(of uid: Int64) {
    guard let start = steps.lastIndex(where: { $0.kind == .added && $0.uid == uid }) else { return }
    steps.removeSubrange(start...)
  }

  mutating func takeNewest() -> TaskUndoStep? { steps.popLast() }
}
