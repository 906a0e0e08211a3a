import Foundation
import TodoFeature
import ViewModelKit

/// The todo app's commands for the CLI shell: the list screen (the fields of `TasksState`),
/// and the editor's screen (the fields of `EditTaskState`) while an editor scene is on top.
@MainActor
public final class TodoCLI: CLIApplication {
  private let session: TodoSession
  private let listScreen: CLIScreen
  private let sectionsOutput: CLIOutput
  private let statisticsOutput: CLIOutput
  /// The task the last `add` made, for its one-line answer.
  private var lastAdded: TaskItem?
  private var following: AnyCancellable?
  /// The tasks shown, as the state last delivered them, for Tab's task numbers.
  private var sections: [TaskSection] = []
  private var followingState: AnyCancellable?
  private var editorScreen: (editor: EditTaskViewModel, screen: CLIScreen)?
  private var subscriptions = Set<AnyCancellable>()
  /// Sections show at most this many tasks each when printed on their own.
  static let cap = 20

  public init(session: TodoSession) {
    self.session = session
    let state = session.tasks.state
    // Each section's title, its tasks as `#<uid> <rowText>` (`(none)` when empty), at most 20
    // a section unless printed in full.
    sectionsOutput = .groups(
      "sections", initial: true, cap: Self.cap, state, \.sections, title: \.title,
      items: \.items, line: { "#\($0.uid) \($0.rowText)" }, empty: "(none)",
      excerpt: { $0.excerpt(limit: $1) })
    statisticsOutput = .field(
      "statistics", initial: true, state, text: \.statistics, data: \.counts)
    listScreen = CLIScreen(
      name: "tasks",
      outputs: [
        sectionsOutput, statisticsOutput,
        .text("tabTitle", initial: true, state, \.tabTitle),
        .text("filterText", initial: true, state, \.filterText),
        .text("filterSummary", initial: true, state, \.filterSummary),
        .flag("canUndo", initial: true, state, \.canUndo),
      ])
    session.stack.drive { [weak self] stack in
      guard let self else { return }
      if let editor = stack.last?.scene.editor {
        _ = screen(for: editor)
      } else {
        editorScreen = nil
      }
    }
    .store(in: &subscriptions)
    following = session.tasks.quickAddAction.elements.emit { [weak self] in self?.lastAdded = $0 }
    followingState = state.drive { [weak self] in self?.sections = $0.sections }
  }

  public var currentScreen: CLIScreen {
    guard let editor = session.editor else { return listScreen }
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
    if let editor = session.editor, screen !== listScreen {
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
    guard ["toggle", "delete", "edit"].contains(word) else { return [] }
    return sections.flatMap(\.items).map { String($0.uid) }
  }

  public func finish() { session.editor?.send(.cancel) }

  public func perform(rawLine: String) -> CommandOutcome {
    guard let editor = session.editor else { return CommandOutcome() }
    return editorLine(rawLine, editor)
  }

  var tasks: TasksViewModel { session.tasks }

  /// `list`: every task, uncapped.
  func list() -> CommandOutcome { CommandOutcome(show: [(sectionsOutput, true)]) }

  /// `stats`: the counts.
  func stats() -> CommandOutcome { CommandOutcome(show: [(statisticsOutput, false)]) }

  /// `add <title>`: answers `Added #<uid> <title>` in one shot.
  func add(_ title: String) -> CommandOutcome {
    var outcome = CommandOutcome(later: tasks.send(.quickAdd(title: title)))
    outcome.summary = { [weak self] in
      self?.lastAdded.map { Self.answer("added", TaskAnswer.added($0), $0) }
    }
    return outcome
  }

  /// `toggle <uid>` and `delete <uid>`.
  func change(_ word: String, _ uid: TaskNumber) -> CommandOutcome {
    switch task(uid) {
    case .failure(let refusal): return CommandOutcome(.rejected(refusal.message))
    case .success(let task):
      let tasks = tasks
      var outcome = CommandOutcome(
        later: tasks.send(word == "toggle" ? .toggle(task: task) : .delete(task: task)))
      outcome.summary =
        word == "toggle"
        ? {
          tasks.task(uid: task.uid).map {
            Self.answer($0.isDone ? "checked" : "unchecked", TaskAnswer.toggled($0), $0)
          }
        }
        : { Self.answer("deleted", TaskAnswer.deleted(task), task) }
      return outcome
    }
  }

  /// `edit <uid> [<title>]`: renames the task, or opens the editor on it.
  func edit(_ uid: TaskNumber, title: String?) -> CommandOutcome {
    switch task(uid) {
    case .failure(let refusal): return CommandOutcome(.rejected(refusal.message))
    case .success(let task):
      // Opening the editor answers at once.
      let result = tasks.send(.edit(task: task)).immediateAnswer ?? .accepted
      guard result == .accepted, let title, let editor = session.editor else {
        return CommandOutcome(result)
      }
      editor.send(.setTitle(text: title))
      let ok = editor.send(.ok)
      if ok != .accepted { editor.send(.cancel) }
      var outcome = CommandOutcome(ok)
      let tasks = tasks
      outcome.summary = {
        tasks.task(uid: task.uid).map { Self.answer("renamed", TaskAnswer.renamed($0), $0) }
      }
      return outcome
    }
  }

  /// A line typed while the editor is open: the title (empty: keep it), or `:cancel`.
  private func editorLine(_ line: String, _ editor: EditTaskViewModel) -> CommandOutcome {
    if line.trimmingCharacters(in: .whitespaces) == ":cancel" {
      return CommandOutcome(editor.send(.cancel))
    }
    if !line.isEmpty { editor.send(.setTitle(text: line)) }
    return CommandOutcome(editor.send(.ok))
  }

  private func task(_ number: TaskNumber) -> Result<TaskItem, CLIRefusal> {
    guard let task = session.tasks.task(uid: number.uid) else {
      return .failure(CLIRefusal("no task \(number)"))
    }
    return .success(task)
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
