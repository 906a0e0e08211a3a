import TerminalUI
import TodoFeature

/// The task editor's four text fields in the TUI, and which one has the keys: what is typed
/// goes to the focused field and on to the editor as its input (`setTitle`, `setDue`…).
struct EditorFields {
  /// One field of the editor, in Tab order.
  enum Field: Int, CaseIterable {
    case title, due, priority, tags

    /// The label drawn before it.
    var label: String {
      switch self {
      case .title: "Title"
      case .due: "Due"
      case .priority: "Priority"
      case .tags: "Tags"
      }
    }
  }

  private(set) var focus = Field.title
  private var fields: [Field: TextField] = [:]

  init() {}

  /// The fields as the editor holds them now, the title focused.
  @MainActor init(_ editor: EditTaskViewModel) {
    let details = editor.currentDetails
    fields = [
      .title: TextField(text: editor.currentTitle), .due: TextField(text: details.due),
      .priority: TextField(text: details.priority), .tags: TextField(text: details.tags),
    ]
  }

  /// Moves the focus `step` fields on, wrapping around.
  mutating func moveFocus(by step: Int) {
    let count = Field.allCases.count
    focus = Field(rawValue: ((focus.rawValue + step) % count + count) % count) ?? .title
  }

  /// Applies an editing key to the focused field; the editor's input for its new text, or nil
  /// when the key is not an editing key.
  mutating func handle(_ key: Key) -> EditTaskInput? {
    var field = fields[focus] ?? TextField()
    guard field.handle(key) else { return nil }
    fields[focus] = field
    switch focus {
    case .title: return .setTitle(text: field.text)
    case .due: return .setDue(text: field.text)
    case .priority: return .setPriority(text: field.text)
    case .tags: return .setTags(text: field.text)
    }
  }

  /// Draws one field, with the cursor when it has the focus.
  func draw(_ field: Field, _ painter: Painter, row: Int, column: Int, width: Int) {
    (fields[field] ?? TextField()).draw(
      painter, row: row, column: column, width: width, focused: focus == field)
  }
}
