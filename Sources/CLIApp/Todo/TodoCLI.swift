import Foundation
import TodoFeature
import ViewModelKit

/// The todo app's commands for the CLI shell: the list screen (the fields of `TasksState`),
/// and the editor's screen (the fields of `EditTaskState`) while an editor scene is on top.
@MainActor
public final class TodoCLI: CLIApplication {
  private let session: TodoSession
  /// The last task each change made, for its one-line answer.
  private var lastChanged: [TaskChangeKind: TaskItem] = [:]
  /// What the last undo took back, for its one-line answer.
  private var lastUndone: TaskUndone?
  /// The counts as `tasks.counts` last delivered them (`stats` without the list).
  private var lastCounts: TaskCountsState?
  /// The tasks shown, as the state last delivered them, for Tab's task numbers.
  private var sections: [TaskSection] = []
  private var editorScreen: (editor: EditTaskViewModel, screen: CLIScreen)?
  private var subscriptions = Set<AnyCancellable>()
  /// Sections show at most this many tasks each when printed on their own.
  static let cap = 20

  /// A task's row in `sections`: `#5 [ ] Buy milk`, then what the list says of its due
  /// date, priority and tags (`#6 [ ] Pay rent  due tomorrow  H +home`).
  nonisolated static func row(_ task: TaskItem, details: String) -> String {
    "#\(task.uid) \(task.rowText)" + (details.isEmpty ? "" : "  " + details)
  }

  /// A row of a section, with the section's words for its details and its due status.
  struct Row {
    let task: TaskItem
    let details: String
    let status: TaskDueStatus?
  }

  /// What a task's row means, for colour: done dim, overdue red, due today or soon yellow.
  nonisolated static func meaning(_ task: TaskItem, _ status: TaskDueStatus?) -> LineMeaning? {
    if task.isDone { return .muted }
    switch status {
    case .overdue?: return .error
    case .today?, .soon?: return .warning
    default: return nil
    }
  }

  /// The list screen, made the first time a screen is asked for: until then nothing looks at
  /// the list, so a one-shot change or `stats` never reads every task.
  private var listScreenIfMade: ListScreen?

  /// The list screen and the two outputs its commands print on their own.
  private struct ListScreen {
    let screen: CLIScreen
    let sections: CLIOutput
    let statistics: CLIOutput
  }

  public init(session: TodoSession) {
    self.session = session
    session.stack.drive { [weak self] stack in
      guard let self else { return }
      if let editor = stack.last?.scene.editor {
        _ = screen(for: editor)
      } else {
        editorScreen = nil
      }
    }
    .store(in: &subscriptions)
    let tasks = session.tasks
    for (kind, elements) in [
      (TaskChangeKind.added, tasks.quickAddAction.elements),
      (.toggled, tasks.toggleAction.elements), (.deleted, tasks.deleteAction.elements),
      (.renamed, tasks.renameAction.elements), (.modified, tasks.modifyAction.elements),
      (.completed, tasks.modifyAction.elements),
    ] {
      elements.emit { [weak self] in self?.lastChanged[kind] = $0 }.store(in: &subscriptions)
    }
    tasks.undoAction.elements.emit { [weak self] in self?.lastUndone = $0 }
      .store(in: &subscriptions)
  }

  private var listScreen: ListScreen {
    if let made = listScreenIfMade { return made }
    let state = session.tasks.state
    // Each section's title, its tasks as `#<uid> <rowText>` (`(none)` when empty), at most 20
    // a section unless printed in full.
    let sectionsOutput = CLIOutput.groups(
      "sections", initial: true, cap: Self.cap, state, \.sections, title: \.title,
      items: { section in
        section.items.map {
          Row(task: $0, details: section.details(of: $0), status: section.dueStatus(of: $0))
        }
      },
      line: { Self.row($0.task, details: $0.details) },
      meaning: { Self.meaning($0.task, $0.status) }, empty: "(none)",
      excerpt: { $0.excerpt(limit: $1) })
    let statisticsOutput = CLIOutput.field(
      "statistics", initial: true, state, text: \.statistics, data: \.counts)
    let screen = CLIScreen(
      name: "tasks",
      outputs: [
        sectionsOutput, statisticsOutput,
        .text("tabTitle", initial: true, state, \.tabTitle),
        .text("filterText", initial: true, state, \.filterText),
        .text("filterSummary", initial: true, state, \.filterSummary),
        .flag("canUndo", initial: true, state, \.canUndo),
      ])
    state.drive { [weak self] in self?.sections = $0.sections }.store(in: &subscriptions)
    let made = ListScreen(screen: screen, sections: sectionsOutput, statistics: statisticsOutput)
    listScreenIfMade = made
    return made
  }

  public var currentScreen: CLIScreen {
    guard let editor = session.editor else { return listScreen.screen }
    return screen(for: editor)
  }

  /// The editor's screen, built as soon as the editor opens so that its outputs have their
  /// values by the time the command settles.
  private func screen(for editor: EditTaskViewModel) -> CLIScreen {
    if let current = editorScreen, current.editor === editor { return current.screen }
    let screen = CLIScreen(
      name: "editor",
      outputs: [
        .text("editor.title", initial: true, editor.state, \.title),
        .flag("editor.okEnabled", initial: true, editor.state, \.okEnabled),
        .text("editor.validationMessage", initial: true, editor.state, \.validationMessage),
      ])
    editorScreen = (editor, screen)
    return screen
  }

  public func entry(into screen: CLIScreen, from previous: CLIScreen) -> ScreenEntry {
    if let editor = session.editor, screen !== listScreenIfMade?.screen {
      return ScreenEntry(announcement: ("editor", editor.heading))
    }
    return ScreenEntry(announcement: ("editor", "closed"), printsInitialSet: false)
  }

  public var isBusy: Bool { session.tasks.isBusy }
  public var isSettled: Driver<Bool> { session.tasks.isSettled }
  public var appSession: any AppSession { session }
  public var wantsRawLines: Bool { session.editor != nil }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public nonisolated static var grammar: any AppGrammar.Type { TodoGrammar.self }

  /// The shown tasks' numbers after `toggle`, `delete` and `edit`.
  public func completions(after word: String) -> [String] {
    guard ["toggle", "delete", "edit", "modify", "done"].contains(word) else { return [] }
    return sections.flatMap(\.items).map { String($0.uid) }
  }

  public func finish() { session.editor?.send(.cancel) }

  public func perform(rawLine: String) -> CommandOutcome {
    guard let editor = session.editor else { return CommandOutcome() }
    return editorLine(rawLine, editor)
  }

  var tasks: TasksViewModel { session.tasks }

  /// `list [filter]`: every task (or those the filter picks), uncapped; run once, or with a
  /// filter, streamed from the store a page at a time.
  func list(_ filter: String = "") -> CommandOutcome {
    if let made = listScreenIfMade, filter.isEmpty {
      return CommandOutcome(show: [(made.sections, true)])
    }
    if let problem = tasks.filterProblem(filter) { return CommandOutcome(.rejected(problem)) }
    var outcome = CommandOutcome()
    outcome.stream = TodoListStream.pieces(of: tasks, filter: filter)
    return outcome
  }

  /// `stats`: the counts; from the list when it is shown, else read on their own (one-shot).
  func stats() -> CommandOutcome {
    if let made = listScreenIfMade { return CommandOutcome(show: [(made.statistics, false)]) }
    let counts = session.tasks.counts
    counts.drive { [weak self] in self?.lastCounts = $0 }.store(in: &subscriptions)
    var outcome = CommandOutcome()
    outcome.settling = CommandWork(isSettled: counts.map { _ in true }) { [weak self] in
      self?.lastCounts == nil
    }
    outcome.reply = { [weak self] in
      guard let counts = self?.lastCounts else {
        return .failure(CommandReply("statistics", TaskServiceError.loadFailed.message))
      }
      guard !counts.readFailed else {
        return .failure(CommandReply("statistics", counts.statistics))
      }
      return .success(
        CommandReply("statistics", "statistics: \(counts.statistics)", data: counts.counts))
    }
    return outcome
  }

  /// `add <title> [due:… priority:… +tag]`: answers `Added #<uid> <title>` in one shot.
  func add(_ text: String) -> CommandOutcome {
    answered(tasks.send(.addWords(text: text)), .added)
  }

  /// `modify <uid> [due:… priority:… +tag -tag title words]`: answers `Modified #5 …`.
  func modify(_ uid: TaskNumber, _ text: String) -> CommandOutcome {
    answered(tasks.send(.modifyWords(uid: uid.uid, text: text)), .modified)
  }

  /// `done <uid>`: checks the task off (refused when it is done already).
  func done(_ uid: TaskNumber) -> CommandOutcome {
    answered(tasks.send(.modify(uid: uid.uid, fields: TaskFields(done: true))), .completed)
  }

  /// `toggle <uid>` and `delete <uid>`: the row is read by its uid, never the whole list.
  func change(_ word: String, _ uid: TaskNumber) -> CommandOutcome {
    word == "toggle"
      ? answered(tasks.send(.toggle(uid: uid.uid)), .toggled)
      : answered(tasks.send(.delete(uid: uid.uid)), .deleted)
  }

  /// `edit <uid> [<title>]`: renames the task, or opens the editor on it.
  func edit(_ uid: TaskNumber, title: String?) -> CommandOutcome {
    if let title { return answered(tasks.send(.rename(uid: uid.uid, title: title)), .renamed) }
    guard let task = session.tasks.task(uid: uid.uid) else {
      return CommandOutcome(.rejected(TaskServiceError.notFound(uid: uid.uid).message))
    }
    // Opening the editor answers at once.
    return CommandOutcome(tasks.send(.edit(uid: task.uid)).immediateAnswer ?? .accepted)
  }

  /// `undo`: takes back the store's newest kept change, whichever process made it, and says
  /// what it took back (`Restored #6 Buy milk`).
  func undo() -> CommandOutcome {
    lastUndone = nil
    var outcome = CommandOutcome(later: tasks.send(.undo))
    outcome.summary = { [weak self] in
      self?.lastUndone.map {
        CommandReply(
          "answer", TaskAnswer.undone($0), data: TaskChange(action: Self.action($0), task: $0.task))
      }
    }
    return outcome
  }

  /// `--json`'s word for what an undo did.
  static func action(_ undone: TaskUndone) -> String {
    switch undone.kind {
    case .deleted: "restored"
    case .added: "removed"
    case .changed: "changed back"
    }
  }

  /// The outcome of a change sent to the list: its answer when the store has done it, and its
  /// one-line summary from the task the change made.
  private func answered(_ result: PendingResult, _ kind: TaskChangeKind) -> CommandOutcome {
    var outcome = CommandOutcome(later: result)
    lastChanged[kind] = nil
    outcome.summary = { [weak self] in
      self?.lastChanged[kind].map { Self.answer(kind.action(for: $0), kind.line(for: $0), $0) }
    }
    return outcome
  }

  /// A line typed while the editor is open: the title (empty: keep it), or `:cancel`.
  private func editorLine(_ line: String, _ editor: EditTaskViewModel) -> CommandOutcome {
    if line.trimmingCharacters(in: .whitespaces) == ":cancel" {
      return CommandOutcome(editor.send(.cancel))
    }
    if !line.isEmpty { editor.send(.setTitle(text: line)) }
    return CommandOutcome(editor.send(.ok))
  }

  /// A one-shot command's answer: the line, and `{"action":…,"task":…}` under `--json`.
  static func answer(_ action: String, _ line: String, _ task: TaskItem) -> CommandReply {
    CommandReply("answer", line, data: TaskChange(action: action, task: task))
  }
}

/// A one-shot command's answer as data: what was done, and the task as it is now.
struct TaskChange: Encodable, Equatable, Sendable {
  let action: String
  let task: TaskItem
}

/// Which change a one-shot command made, for its answer: the word under `--json` and the line.
enum TaskChangeKind: Hashable {
  case added, toggled, deleted, renamed, modified, completed

  func action(for task: TaskItem) -> String {
    switch self {
    case .added: "added"
    case .toggled, .completed: task.isDone ? "checked" : "unchecked"
    case .deleted: "deleted"
    case .renamed: "renamed"
    case .modified: "modified"
    }
  }

  func line(for task: TaskItem) -> String {
    switch self {
    case .added: TaskAnswer.added(task)
    case .toggled, .completed: TaskAnswer.toggled(task)
    case .deleted: TaskAnswer.deleted(task)
    case .renamed: TaskAnswer.renamed(task)
    case .modified: TaskAnswer.modified(task)
    }
  }
}
