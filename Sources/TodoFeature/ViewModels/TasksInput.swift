import ViewModelKit

/// What the user can do on the task list, as values: what `TasksViewModel.send(_:)` takes
/// from every head.
public enum TasksInput: Codable, Equatable, Sendable {
  /// Adds an empty task and opens the editor on it; refused while an editor is open.
  case create
  /// Opens the editor on the task with this uid, as the store holds it; refused while an
  /// editor is open; a uid with no task says `no task #<uid>`.
  case edit(uid: Int64)
  /// Checks off the due task with this uid, or brings a done one back; the store's row is
  /// read by its uid (no list needed), and a uid with no task is refused with `no task #<uid>`.
  case toggle(uid: Int64)
  /// Deletes the task with this uid; `undo` brings it back.
  case delete(uid: Int64)
  /// Gives the task with this uid a new title without opening the editor; refused with an
  /// invalid title, as `quickAdd` is, or a uid with no task.
  case rename(uid: Int64, title: String)
  /// Takes back the store's newest kept change (an add, a toggle, a rename or a delete, from
  /// this run or an earlier one); refused with nothing to undo.
  case undo
  /// Adds a task with this title at once, without the editor; refused with an invalid title.
  case quickAdd(title: String)
  /// Adds a task with this title and what `fields` sets (a due date, a priority, tags), as
  /// `cli todo add Pay rent due:fri priority:H +home` does; refused, with the reason, when a
  /// field does not read.
  case add(title: String, fields: TaskFields)
  /// Adds a task from a line in taskwarrior's words (`Pay rent due:fri priority:H +home`,
  /// `TaskWords`): what a quick-add box or `cli todo add` sends as typed.
  case addWords(text: String)
  /// Changes the task with this uid as `fields` says (taskwarrior's `modify`, and `done`:
  /// `fields.done`); refused with nothing to change, a field that does not read, a task
  /// already done when asked to be done, or a uid with no task.
  case modify(uid: Int64, fields: TaskFields)
  /// Changes the task with this uid as a line in taskwarrior's words says (`due:tomorrow
  /// -home +work New title`, `TaskWords` with removals): what `cli todo modify` sends as typed;
  /// refused as `modify` is, and for a word that names no field.
  case modifyWords(uid: Int64, text: String)
  /// The filter box's text: applies 150 ms after the last change; blank applies at once.
  case setFilter(text: String)
}

extension TasksInput {
  /// What a shorthand input means as a plain one (`quickAdd` and `addWords` are `add`,
  /// `modifyWords` is `modify`, a title among the words a new title), or the word that does
  /// not read; any other input is itself.
  var plainMeaning: Result<TasksInput, TaskFieldError> {
    switch self {
    case .quickAdd(let title): .success(.add(title: title, fields: TaskFields()))
    case .addWords(let text):
      TaskWords.split(text, removals: false).map { .add(title: $0.title, fields: $0.fields) }
    case .modifyWords(let uid, let text):
      TaskWords.split(text, removals: true).map { words in
        var fields = words.fields
        if !words.title.trimmingCharacters(in: .whitespaces).isEmpty { fields.title = words.title }
        return .modify(uid: uid, fields: fields)
      }
    default: .success(self)
    }
  }
}

// Thin conveniences over `send(_:)`, for tests and examples: each sends its input.
extension TasksViewModel {
  /// `send(.create)`, answered at once.
  @discardableResult public func create() -> InputResult { now(send(.create)) }
  /// `send(.edit(uid:))` for `task`, answered at once.
  @discardableResult public func edit(_ task: TaskItem) -> InputResult {
    now(send(.edit(uid: task.uid)))
  }
  /// `send(.toggle(uid:))` for `task`.
  @discardableResult public func toggle(_ task: TaskItem) -> PendingResult {
    send(.toggle(uid: task.uid))
  }
  /// `send(.delete(uid:))` for `task`.
  @discardableResult public func delete(_ task: TaskItem) -> PendingResult {
    send(.delete(uid: task.uid))
  }
  /// `send(.undo)`.
  @discardableResult public func undo() -> PendingResult { send(.undo) }
  /// `send(.quickAdd(title:))`.
  @discardableResult public func quickAdd(_ title: String) -> PendingResult {
    send(.quickAdd(title: title))
  }
  /// `send(.setFilter(text:))`.
  public func setFilter(_ text: String) { send(.setFilter(text: text)) }

  /// An answer that is known at once (create and edit answer before they return).
  private func now(_ answer: PendingResult) -> InputResult { answer.immediateAnswer ?? .accepted }
}
