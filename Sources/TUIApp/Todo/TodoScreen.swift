import Foundation
import TerminalUI
import TextColumns
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
  /// The sections last shown, by kind: a row's details are its section's words for them.
  private var sectionByKind: [TaskSection.Kind: TaskSection] = [:]
  /// The list's state as last delivered (nil before the first).
  private(set) var state: TasksState?
  /// The open editor's state as last delivered.
  private(set) var editorState: EditTaskState?

  /// The selected line (a task whenever there is one) and the first line drawn.
  var list = ListState()
  /// The terminal's size, as last told (`resize`).
  private(set) var size = (columns: 80, rows: 24)
  private var keepScreenPosition = false
  var filterOpen = false
  private var filterField = TextField()
  /// The editor's four fields, and which has the keys.
  var editorFields = EditorFields()
  private var editorBindings = Set<AnyCancellable>()
  private weak var boundEditor: EditTaskViewModel?
  private var followNewTask = false

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
    tasks.events.emit { [weak self] in self?.toast.show($0) }.store(in: &subscriptions)
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
    editorFields = EditorFields(editor)
    bind(editor.state, in: &editorBindings) { $0.editorState = $1 }
  }

  /// New sections: keep the cursor's screen position after a toggle or delete, follow the
  /// new task after a create, else stay on the same uid.
  private func show(_ sections: [TaskSection]) {
    let selectedUID = selectedTask?.uid
    sectionByKind = Dictionary(sections.map { ($0.kind, $0) }, uniquingKeysWith: { $1 })
    var flat: [Line] = []
    for section in sections {
      flat.append(.header(section.title))
      if section.items.isEmpty { flat.append(.none) }
      flat += section.items.map(Line.task)
    }
    let previous = list.selection
    lines = flat
    let visibleRows = layout.visibleRows
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

  func move(by delta: Int) { list.move(by: delta, in: rows, visible: layout.visibleRows) }

  /// Where the list stands on the screen: from the terminal's size and whether the filter line
  /// shows, the same for drawing and for the keys and clicks that need it.
  struct Layout {
    /// The screen row of the list's first line.
    let top: Int
    /// The rule under the list.
    let bottom: Int
    var visibleRows: Int { max(1, bottom - top) }
  }

  var layout: Layout {
    let filterShown = filterOpen || !(state?.filterText ?? "").isEmpty
    return Layout(top: filterShown ? 4 : 3, bottom: size.rows - 3)
  }

  public func resize(columns: Int, rows: Int) {
    size = (columns, rows)
    list.clamp(in: self.rows, visible: layout.visibleRows)
  }

  // MARK: AppScreen

  public var hasFocusedField: Bool { filterOpen || editor != nil }
  public var hasOverlay: Bool { editor != nil }
  public var tabLabel: String? { state?.tabTitle ?? "Todo" }

  public var hints: [Hint] { keys.hints(in: mode) }

  public var helpLines: [(key: String, meaning: String)] { keys.helpLines }

  /// Cancels an open editor and waits for its clean-up before the process exits.
  public func willQuit() { session.shutdown() }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize { return .handled }
    if case .mouse(let event) = key { return handle(event) }
    let mode = mode
    if let command = keys.action(for: key, in: mode) {
      perform(command)
      return .handled
    }
    // Any other key edits the field that has focus, if one has.
    switch mode {
    case .editor:
      guard let input = editorFields.handle(key) else { return .ignored }
      editor?.send(input)
    case .filter:
      guard filterField.handle(key) else { return .ignored }
      send(.setFilter(text: filterField.text))
    case .list: return .ignored
    }
    return .handled
  }

  private func perform(_ command: KeyCommand) {
    switch command {
    case .move(let delta): move(by: delta)
    case .page(let pages): move(by: pages * layout.visibleRows)
    case .toggle:
      // The list keeps its place for the change only when the input was taken: a refused
      // one leaves no flag armed for some later, unrelated state.
      if let task = selectedTask { keepScreenPosition = taken(.toggle(uid: task.uid)) }
    case .edit: if let task = selectedTask { send(.edit(uid: task.uid)) }
    case .create: followNewTask = taken(.create)
    case .delete: if let task = selectedTask { keepScreenPosition = taken(.delete(uid: task.uid)) }
    case .input(let input): send(input)
    case .openFilter:
      filterOpen = true
      filterField.set(state?.filterText ?? "")
    case .keepFilter: filterOpen = false
    case .clearFilter:
      filterOpen = false
      filterField.set("")
      send(.setFilter(text: ""))
    case .editorOK: editor.map { toast.showRefusal(of: $0.send(.ok)) }
    case .editorFocus(let step): editorFields.moveFocus(by: step)
    case .editorCancel: editor?.send(.cancel)
    }
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

  // MARK: Drawing

  public func draw(_ painter: Painter) {
    let width = painter.width
    let filterText = state?.filterText ?? ""
    let filterSummary = state?.filterSummary ?? ""
    TitleLine.draw(painter, title: "Todo", spinnerTick: nil, status: state?.statistics ?? "")
    painter.rule(row: 2)
    let layout = layout
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
    }
    let (top, bottom) = (layout.top, layout.bottom)
    // The list as the keys left it, seen through the rows that fit now.
    let view = list.clamped(in: rows, visible: layout.visibleRows)
    let offset = view.offset
    formattedRowCount = 0
    for (row, index) in (offset..<min(lines.count, offset + layout.visibleRows)).enumerated() {
      let y = top + row
      switch lines[index] {
      case .header(let title): painter.text(" " + title, row: y, column: 0, style: .bold)
      case .none: painter.text("   (none)", row: y, column: 0, style: .dim)
      case .task(let task):
        formattedRowCount += 1
        let selected = index == view.selection && editor == nil
        if selected { painter.text(">", row: y, column: 1, style: .bold) }
        drawRow(painter, task, row: y, width: width, selected: selected)
      }
    }
    painter.rule(row: bottom)
    toast.draw(painter, row: painter.height - 2)
    if let editor { drawEditor(painter, editor) }
  }

  /// A task's row: the check box and title (dim when done), then (right-aligned, when there is
  /// room) its due date, priority and tags: overdue in the error colour, due today or soon in
  /// the warning colour, else dim.
  private func drawRow(_ painter: Painter, _ task: TaskItem, row: Int, width: Int, selected: Bool) {
    let section = sectionByKind[task.isDone ? .done : .due]
    let details = section?.details(of: task) ?? ""
    let detailsWidth = TextWidth.of(details)
    let room = width - 4
    let titleStyle: TextStyle = selected ? .selection : (task.isDone ? .muted : .plain)
    guard !details.isEmpty, room >= detailsWidth + 12 else {
      painter.fitted(task.rowText, row: row, column: 3, width: room, style: titleStyle)
      return
    }
    painter.fitted(
      task.rowText, row: row, column: 3, width: room - detailsWidth - 2, style: titleStyle)
    let status = section?.dueStatus(of: task)
    let style: TextStyle =
      switch status {
      case .overdue?: [.bold, .error]
      case .today?, .soon?: [.bold, .warning]
      default: .muted
      }
    painter.text(details, row: row, column: 3 + room - detailsWidth, style: style)
  }

  /// The editor's dialog: 12 rows, or 9 without its blank rows on a terminal under 16 rows, so
  /// that the hint line below it stays in view.
  private func drawEditor(_ painter: Painter, _ editor: EditTaskViewModel) {
    let boxWidth = min(60, painter.width - 4)
    let left = (painter.width - boxWidth) / 2
    let compact = painter.height < 16
    let height = compact ? 9 : 12
    let top = max(0, (painter.height - height) / 2 - 1)
    // Compact: no blank row above the title, between the tags and the message, or above
    // the buttons.
    let gap = compact ? 0 : 1
    let inner = boxWidth - 2
    Box(painter: painter).frame(
      title: editorState?.heading ?? editor.heading, left: left, width: boxWidth, top: top,
      bottom: top + height - 1, clear: true,
      titleStyle: .bold)
    let fieldsTop = top + 1 + gap
    painter.text("Title", row: fieldsTop, column: left + 2)
    editorFields.draw(.title, painter, row: fieldsTop + 1, column: left + 2, width: inner - 2)
    let fieldColumn = left + 12
    let fieldWidth = max(4, inner - 12)
    for (offset, field) in [EditorFields.Field.due, .priority, .tags].enumerated() {
      painter.text(field.label, row: fieldsTop + 2 + offset, column: left + 2)
      let width = field == .due ? min(14, fieldWidth) : (field == .priority ? 8 : fieldWidth)
      editorFields.draw(
        field, painter, row: fieldsTop + 2 + offset, column: fieldColumn, width: width)
    }
    // What the due field names, beside it: `Fri 2026-12-04`.
    if let dueDay = editorState?.dueDay, !dueDay.isEmpty, fieldWidth >= 30 {
      painter.text(dueDay, row: fieldsTop + 2, column: fieldColumn + 15, style: .dim)
    }
    let messageRow = fieldsTop + 5 + gap
    painter.fitted(
      editorState?.validationMessage ?? "", row: messageRow, column: left + 2,
      width: inner - 2, style: .error)
    let buttonsRow = messageRow + 1 + gap
    let cancelColumn = left + boxWidth - 2 - Button.width("Cancel")
    Button.draw(painter, "Cancel", enabled: true, row: buttonsRow, column: cancelColumn)
    Button.draw(
      painter, "OK", enabled: editorState?.okEnabled ?? false, row: buttonsRow,
      column: cancelColumn - 2 - Button.width("OK"))
  }
}
