import ViewModelKit

/// What a head can ask of the todo app: the task list's input, or the open editor's. On the
/// wire, `{"tasks": {"quickAdd": {"title": "Tea"}}}` or `{"editor": {"ok": {}}}`.
public enum TodoSessionInput: Codable, Equatable, Sendable {
  /// An input for the task list.
  case tasks(TasksInput)
  /// An input for the open editor (refused when none is open).
  case editor(EditTaskInput)

  /// Writes `{"<screen>": <input>}`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .tasks(let input): try ScreenAddressedCoding.encode(input, screen: "tasks", to: encoder)
    case .editor(let input): try ScreenAddressedCoding.encode(input, screen: "editor", to: encoder)
    }
  }

  /// Reads `{"<screen>": <input>}`; an unknown screen is refused.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    let key = ScreenAddressedCoding.Key(stringValue: name)
    switch name {
    case "tasks": self = .tasks(try container.decode(TasksInput.self, forKey: key))
    case "editor": self = .editor(try container.decode(EditTaskInput.self, forKey: key))
    default: throw ScreenAddressedCoding.unknown(name, in: decoder)
    }
  }
}

extension TodoSession {
  /// Sends `input` to its screen: the list, or the editor on top (refused when none is open).
  @discardableResult
  public func send(_ input: TodoSessionInput) -> PendingResult {
    switch input {
    case .tasks(let input): return tasks.send(input)
    case .editor(let input):
      guard let editor else { return Replayed.answered(.rejected(TodoRefusal.editorClosed)) }
      return editor.send(input).pending
    }
  }
}
