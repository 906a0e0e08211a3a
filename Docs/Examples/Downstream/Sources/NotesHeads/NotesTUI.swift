import NotesFeature
import TUIApp
import TerminalUI
import ViewModelKit

/// The notes app in the terminal: the list drawn from the state, a field for a new note, and
/// one key table whose keys send the session's inputs or move the selection.
@MainActor
final class NotesScreen: AppScreen {
  private let session: NotesSession
  private var state = NotesState()
  private var list = ListState()
  /// The new note being typed, while the field is open.
  private var field: TextField?
  private let toast: Toast
  private var subscriptions: [AnyCancellable] = []

  init(
    session: NotesSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    toast = Toast(scheduler: scheduler, onChange: redraw)
    subscriptions.append(
      session.notes.state.drive { [weak self] in
        self?.state = $0; redraw()
      })
    subscriptions.append(session.messages.emit { [weak self] in self?.toast.show($0) })
  }

  enum Mode: Hashable { case browsing, typing }
  enum Command { case newNote, up, down, remove, add, stopTyping }
  private let keys = KeyTable<Mode, Command>([
    KeyBinding(
      [.character("a")], "a", in: [.browsing], hint: "add", help: "type a new note", .newNote),
    KeyBinding(
      [.character("d"), .delete], "d", in: [.browsing], hint: "remove",
      help: "remove the selected note", .remove),
    KeyBinding([.up, .character("k")], "↑", in: [.browsing], help: "select the note above", .up),
    KeyBinding(
      [.down, .character("j")], "↓", in: [.browsing], help: "select the note below", .down),
    KeyBinding([.enter], "Enter", in: [.typing], hint: "add", help: "add the note typed", .add),
    KeyBinding(
      [.escape], "Esc", in: [.typing], hint: "cancel", help: "close the field", .stopTyping),
  ])

  private var mode: Mode { field == nil ? .browsing : .typing }
  var hasFocusedField: Bool { field != nil }
  var hasOverlay: Bool { field != nil }
  var hints: [Hint] { keys.hints(in: mode) }
  var helpLines: [(key: String, meaning: String)] { keys.helpLines }
  private var rows: ListRows { ListRows(count: state.notes.count) }
  private var visible = 1

  func draw(_ painter: Painter) {
    painter.fitted(state.summary, row: 2, column: 1, width: painter.width - 2, style: .bold)
    if let field {
      painter.text("New note:", row: 3, column: 1)
      field.draw(painter, row: 3, column: 11, width: max(3, painter.width - 12), focused: true)
    }
    visible = max(1, painter.height - 7)
    list.clamp(in: rows, visible: visible)
    for (line, index) in (list.offset..<min(state.notes.count, list.offset + visible)).enumerated()
    {
      let note = state.notes[index]
      painter.fitted(
        "\(note.id). \(note.text)", row: 5 + line, column: 1, width: painter.width - 2,
        style: index == list.selection && field == nil ? .reverse : .plain)
    }
    toast.draw(painter, row: painter.height - 2)
  }

  func handle(_ key: Key) -> KeyOutcome {
    guard let command = keys.action(for: key, in: mode) else {
      guard field != nil else { return .ignored }
      return field!.handle(key) ? .handled : .ignored
    }
    switch command {
    case .newNote: field = TextField()
    case .stopTyping: field = nil
    case .up: list.move(by: -1, in: rows, visible: visible)
    case .down: list.move(by: 1, in: rows, visible: visible)
    case .add:
      let answer = session.send(.notes(.add(text: field?.text ?? "")))
      toast.showRefusal(of: answer)
      if answer.immediateAnswer?.isAccepted == true { field = nil }
    case .remove:
      guard state.notes.indices.contains(list.selection) else { return .handled }
      toast.showRefusal(of: session.send(.notes(.remove(id: state.notes[list.selection].id))))
    }
    return .handled
  }

  func willQuit() { session.shutdown() }
  func setActive(_ active: Bool) { session.setActive(active) }
}

extension NotesSession: TUIPresentable {
  public func makeScreen(scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void)
    -> any AppScreen
  {
    NotesScreen(session: self, scheduler: scheduler, redraw: redraw)
  }
}
