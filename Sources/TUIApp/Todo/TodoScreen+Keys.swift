import TerminalUI
import TodoFeature

extension TodoScreen {
  /// Where the keys go: the editor over everything, else the filter box, else the list.
  enum KeyMode: Hashable { case editor, filter, list }

  /// What a key does: an input for the list or the editor, or a move of the screen's own
  /// selection and filter box.
  enum KeyCommand {
    case move(Int), page(Int)
    case toggle, edit, create, delete
    case input(TasksInput)
    case openFilter, keepFilter, clearFilter
    case editorOK, editorCancel
    /// The editor's next (1) or previous (-1) field.
    case editorFocus(Int)
  }

  var mode: KeyMode {
    if editor != nil { return .editor }
    return filterOpen ? .filter : .list
  }

  /// The todo tab's keys, once: what they do, the help bar, and the `?` overlay. Below 60
  /// columns the bar keeps three, in short words.
  var keys: KeyTable<KeyMode, KeyCommand> {
    let editing: Set<KeyMode> = [.editor]
    let narrow = size.columns < 60
    return KeyTable([
      KeyBinding(
        [.enter], "Enter", in: editing, hint: "OK", enabled: editorState?.okEnabled ?? false,
        .editorOK),
      KeyBinding([.escape], "Esc", in: editing, hint: "cancel", .editorCancel),
      KeyBinding(
        [.tab, .down], "Tab", in: editing, hint: narrow ? nil : "next field",
        helpLabel: "Tab/Shift-Tab", help: "editor: next or previous field",
        .editorFocus(1)),
      KeyBinding([.shiftTab, .up], "Shift-Tab", in: editing, .editorFocus(-1)),
      KeyBinding([.enter], "Enter", in: [.filter], hint: "keep filter", .keepFilter),
      KeyBinding([.escape], "Esc", in: [.filter], hint: "clear filter", .clearFilter),
      KeyBinding(
        [.up, .character("k")], "↑/↓", in: [.list],
        helpLabel: "↑/↓ k/j PgUp/PgDn Home/g End/G", help: "move", .move(-1)),
      KeyBinding([.down, .character("j")], "↓", in: [.list], .move(1)),
      KeyBinding([.pageUp], "PgUp", in: [.list], .page(-1)),
      KeyBinding([.pageDown], "PgDn", in: [.list], .page(1)),
      KeyBinding([.home, .character("g")], "Home", in: [.list], .move(-lines.count)),
      KeyBinding([.end, .character("G")], "End", in: [.list], .move(lines.count)),
      KeyBinding(
        [.character(" ")], narrow ? "Spc" : "Space", in: [.list], hint: "toggle",
        helpLabel: "Space", help: "check off or uncheck", .toggle),
      KeyBinding(
        [.enter], "Enter", in: [.list], hint: narrow ? nil : "edit",
        help: "edit: title, due date, priority, tags", .edit
      ),
      KeyBinding([.character("n")], "n", in: [.list], hint: "new", help: "new task", .create),
      KeyBinding(
        [.character("d")], "d", in: [.list], hint: narrow ? "del" : "delete", help: "delete",
        .delete),
      KeyBinding(
        [.character("u")], "u", in: [.list], hint: narrow ? nil : "undo",
        help: "undo the last change", enabled: state?.canUndo ?? false, .input(.undo)),
      KeyBinding(
        [.character("/")], "/", in: [.list], hint: narrow ? nil : "filter",
        help: "filter (Esc clears)", .openFilter),
      KeyBinding([.escape], "Esc", in: [.list], .input(.setFilter(text: ""))),
    ])
  }
}
