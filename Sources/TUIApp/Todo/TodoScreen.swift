import Foundation
import TerminalUI
import TodoFeature
import ViewModelKit

/// Tab 3: the task list, the filter box and the modal editor, drawn from the todo view
/// models. Only the rows in view are formatted.
@MainActor
public final class TodoScreen: AppScreen, DriverBound {
  /// One line of the flat list: a section header, a task, or an empty section's "(none)".
  enum Line: Equatable {
    case header(String)
    case task(TaskItem)
    case none
  }

  private let session: TodoSession
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let redraw: () -> Void
  var subscriptions = Set<AnyCancellable>()
  private lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }

  var lines: [Line] = []
  /// The list's state as last delivered (nil before the first).
  private var state: TasksState?
  /// The open editor's state as last delivered.
  private var editorState: EditTaskState?

  /// The selected line (a task whenever there is one) and the first line drawn.
  var list = ListState()
  var visibleRows = 10
  /// The screen row of the list's first line, as last drawn (for clicks).
  var listTop = 3
  private var keepScreenPosition = false
  var filterOpen = false
  private var filterField = TextField()
  private var editorField = TextField()
  private var editorBindings = Set<AnyCancellable>()
  private weak var boundEditor: EditTaskViewModel?
  private var followNewTask = false
  private var lastWidth = 80

  /// How many task rows the last frame formatted: never more than fit on the screen.
  public private(set) var formattedRowCount = 0

  public init(
    session: TodoSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    self.scheduler = scheduler
    self.redraw = redraw
    let tasks = session.tasks
    bind(tasks.state) { screen, state in
      if screen.state?.sections != state.sections { screen.show(state.sections) }
      screen.state = state
    }
    tasks.events.emit { [weak self] in self?.toast.show($0.message) }.store(in: &subscriptions)
    bind(session.stack) { screen, _ in screen.bindEditor() }
  }

  func didReceiveValue() { redraw() }

  var editor: EditTaskViewModel? { session.editor }

  private func bindEditor() {
    guard boundEditor !== editor else { return }
    boundEditor = editor
    editorBindings = []
    guard let editor else {
      redraw()
      return
    }
    editorField = TextField(text: editor.currentTitle)
    bind(editor.state, in: &editorBindings) { $0.editorState = $1 }
  }

  /// New sections: keep the cursor's screen position after a toggle or delete, follow the
  /// new task after a create, else stay on the same uid.
  private func show(_ sections: [TaskSection]) {
    let selectedUID = selectedTask?.uid
    var flat: [Line] = []
    for section in sections {
      flat.append(.header(section.title))
      if section.items.isEmpty { flat.append(.none) }
      flat += section.items.map(Line.task)
    }
    let previous = list.selection
    lines = flat
    if followNewTask, let newest = newestUID(), let index = index(of: newest) {
      list.select(index, in: rows, visible: visibleRows)
      followNewTask = false
    } else if keepScreenPosition {
      list.select(previous, in: rows, visible: visibleRows)
      keepScreenPosition = false
    } else if let selectedUID, let index = index(of: selectedUID) {
      list.select(index, in: rows, visible: visibleRows)
    } else {
      list.clamp(in: rows, visible: visibleRows)
    }
    redraw()
  }

  private func newestUID() -> Int64? {
    lines.compactMap { if case .task(let task) = $0 { task.uid } else { nil } }.max()
  }

  private func index(of uid: Int64) -> Int? {
    lines.firstIndex { if case .task(let task) = $0 { task.uid == uid } else { false } }
  }

  private var selectedTask: TaskItem? {
    guard lines.indices.contains(list.selection), case .task(let task) = lines[list.selection]
    else { return nil }
    return task
  }

  /// The lines as the list state sees them: only tasks can be selected.
  var rows: ListRows {
    let lines = lines
    return ListRows(
      count: lines.count, isSelectable: { if case .task = lines[$0] { true } else { false } })
  }

  func move(by delta: Int) { list.move(by: delta, in: rows, visible: visibleRows) }

  // MARK: AppScreen

  public var hasFocusedField: Bool { filterOpen || editor != nil }
  public var hasOverlay: Bool { editor != nil }
  public var tabLabel: String? { state?.tabTitle ?? "Todo" }

  public var hints: [Hint] {
    if editor != nil {
      return [
        Hint("Enter", "OK", enabled: editorState?.okEnabled ?? false), Hint("Esc", "cancel"),
      ]
    }
    if filterOpen { return [Hint("Enter", "keep filter"), Hint("Esc", "clear filter")] }
    if lastWidth < 60 { return [Hint("Spc", "toggle"), Hint("n", "new"), Hint("d", "del")] }
    return [
      Hint("Space", "toggle"), Hint("Enter", "edit"), Hint("n", "new"), Hint("d", "delete"),
      Hint("u", "undo", enabled: state?.canUndo ?? false), Hint("/", "filter"),
    ]
  }

  public var helpLines: [(key: String, meaning: String)] {
    [
      ("↑/↓ k/j PgUp/PgDn Home/g End/G", "move"), ("Space", "check off or uncheck"),
      ("Enter", "edit the title"),
      ("n", "new task"), ("d", "delete"), ("u", "undo the last delete"),
      ("/", "filter (Esc clears)"),
    ]
  }

  /// Cancels an open editor and waits for its clean-up before the process exits.
  public func willQuit() { session.shutdown() }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    if let editor { return handleEditor(key, editor) }
    if filterOpen { return handleFilter(key) }
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: move(by: -visibleRows)
    case .pageDown: move(by: visibleRows)
    case .home, .character("g"): move(by: -lines.count)
    case .end, .character("G"): move(by: lines.count)
    case .character(" "):
      // The list keeps its place for the change only when the input was taken: a refused
      // one leaves no flag armed for some later, unrelated state.
      if let task = selectedTask { keepScreenPosition = taken(.toggle(task: task)) }
    case .enter: if let task = selectedTask { send(.edit(task: task)) }
    case .character("n"): followNewTask = taken(.create)
    case .character("d"):
      if let task = selectedTask { keepScreenPosition = taken(.delete(task: task)) }
    case .character("u"): send(.undo)
    case .character("/"):
      filterOpen = true
      filterField.set(state?.filterText ?? "")
    case .escape: send(.setFilter(text: ""))
    default: return .ignored
    }
    return .handled
  }

  /// Sends `input` to the list; a refusal shows on the toast line (a failure of the work
  /// later is a toast of its own, the list's event).
  private func send(_ input: TasksInput) { _ = taken(input) }

  /// Sends `input` to the list and says whether it was taken (accepted, or still to be
  /// answered); a refusal is toasted.
  private func taken(_ input: TasksInput) -> Bool {
    let answer = session.tasks.send(input).immediateAnswer
    if let refusal = answer?.message { toast.show(refusal) }
    return answer?.message == nil
  }

  private func handleFilter(_ key: Key) -> KeyOutcome {
    switch key {
    case .enter: filterOpen = false
    case .escape:
      filterOpen = false
      filterField.set("")
      send(.setFilter(text: ""))
    default:
      guard filterField.handle(key) else { return .ignored }
      send(.setFilter(text: filterField.text))
    }
    return .handled
  }

  private func handleEditor(_ key: Key, _ editor: EditTaskViewModel) -> KeyOutcome {
    switch key {
    case .enter: toast.showRefusal(of: editor.send(.ok))
    case .escape: editor.send(.cancel)
    default:
      guard editorField.handle(key) else { return .ignored }
      editor.send(.setTitle(text: editorField.text))
    }
    return .handled
  }

  // MARK: Drawing

  public func draw(_ painter: Painter) {
    let width = painter.width
    lastWidth = width
    let filterText = state?.filterText ?? ""
    let filterSummary = state?.filterSummary ?? ""
    TitleLine.draw(painter, title: "Todo", spinnerTick: nil, status: state?.statistics ?? "")
    painter.rule(row: 2)
    var top = 3
    if filterOpen || !filterText.isEmpty {
      let summaryWidth = TextWidth.of(filterSummary)
      let fieldWidth = max(10, min(40, width - 12 - summaryWidth))
      painter.text(" Filter: ", row: 3, column: 0, style: .bold)
      if filterOpen {
        filterField.draw(painter, row: 3, column: 9, width: fieldWidth, focused: editor == nil)
      } else {
        painter.fitted(filterText, row: 3, column: 9, width: fieldWidth)
      }
      if 9 + fieldWidth + 1 + summaryWidth < width {
        painter.text(filterSummary, row: 3, column: width - 1 - summaryWidth, style: .dim)
      }
      top = 4
    }
    let bottom = painter.height - 3
    visibleRows = max(1, bottom - top)
    listTop = top
    list.clamp(in: rows, visible: visibleRows)
    let offset = list.offset
    formattedRowCount = 0
    for (row, index) in (offset..<min(lines.count, offset + visibleRows)).enumerated() {
      let y = top + row
      switch lines[index] {
      case .header(let title): painter.text(" " + title, row: y, column: 0, style: .bold)
      case .none: painter.text("   (none)", row: y, column: 0, style: .dim)
      case .task(let task):
        formattedRowCount += 1
        let selected = index == list.selection && editor == nil
        if selected { painter.text(">", row: y, column: 1, style: .bold) }
        painter.fitted(
          task.rowText, row: y, column: 3, width: width - 4, style: selected ? .reverse : .plain)
      }
    }
    painter.rule(row: bottom)
    toast.draw(painter, row: painter.height - 2)
    if let editor { drawEditor(painter, editor) }
  }

  private func drawEditor(_ painter: Painter, _ editor: EditTaskViewModel) {
    let boxWidth = min(60, painter.width - 4)
    let left = (painter.width - boxWidth) / 2
    let top = max(0, (painter.height - 8) / 2 - 1)
    let inner = boxWidth - 2
    Box(painter: painter).frame(
      title: editorState?.heading ?? editor.heading, left: left, width: boxWidth, top: top,
      bottom: top + 7, clear: true,
      titleStyle: .bold)
    painter.text("Title", row: top + 2, column: left + 2)
    editorField.draw(painter, row: top + 3, column: left + 2, width: inner - 2, focused: true)
    painter.fitted(
      editorState?.validationMessage ?? "", row: top + 4, column: left + 2, width: inner - 2,
      style: .red)
    let cancelColumn = left + boxWidth - 2 - Button.width("Cancel")
    Button.draw(painter, "Cancel", enabled: true, row: top + 6, column: cancelColumn)
    Button.draw(
      painter, "OK", enabled: editorState?.okEnabled ?? false, row: top + 6,
      column: cancelColumn - 2 - Button.width("OK"))
  }
}
