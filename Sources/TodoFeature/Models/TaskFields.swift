import Foundation

/// What a head asks to change on a task, as the user wrote it (taskwarrior's words on the
/// command line, the editor's fields, a web form): each field left nil is kept. The list
/// checks and resolves it (`resolved(today:)`) before a store sees it. On the wire
/// `{"due": "fri", "priority": "H", "addTags": ["home"]}`.
public struct TaskFields: Codable, Equatable, Sendable {
  /// A new title (cleaned and checked as every title is).
  public var title: String?
  /// The due date as written (`2026-12-01`, `tomorrow`, `fri`, `3d`…); `""` removes it.
  public var due: String?
  /// `H`, `M` or `L`; `""` removes it.
  public var priority: String?
  /// Tags to add.
  public var addTags: [String]
  /// Tags to remove.
  public var removeTags: [String]
  /// Whether the task is to be done (checked off) or due again.
  public var done: Bool?

  /// Fields as a head gathered them; each left out is kept.
  public init(
    title: String? = nil, due: String? = nil, priority: String? = nil, addTags: [String] = [],
    removeTags: [String] = [], done: Bool? = nil
  ) {
    self.title = title
    self.due = due
    self.priority = priority
    self.addTags = addTags
    self.removeTags = removeTags
    self.done = done
  }

  private enum CodingKeys: String, CodingKey {
    case title, due, priority, addTags, removeTags, done
  }

  /// Every key may be left out.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decodeIfPresent(String.self, forKey: .title),
      due: try container.decodeIfPresent(String.self, forKey: .due),
      priority: try container.decodeIfPresent(String.self, forKey: .priority),
      addTags: try container.decodeIfPresent([String].self, forKey: .addTags) ?? [],
      removeTags: try container.decodeIfPresent([String].self, forKey: .removeTags) ?? [],
      done: try container.decodeIfPresent(Bool.self, forKey: .done))
  }

  /// Whether it asks for nothing.
  public var isEmpty: Bool { self == TaskFields() }

  /// The change checked and resolved against `today` (asked for only when a due date is
  /// given: finding today reads the time zone), or what is wrong with it (the first problem
  /// found), in the words the user reads.
  public func resolved(today: @autoclosure () -> TaskDay) -> Result<TaskUpdate, TaskFieldError> {
    var update = TaskUpdate()
    if let title {
      switch TaskTitle.validate(title) {
      case .failure(let error): return .failure(.title(error))
      case .success(let cleaned): update.title = cleaned
      }
    }
    if let due {
      if due.trimmingCharacters(in: .whitespaces).isEmpty {
        update.due = .clear
      } else if let day = TaskDueWord.day(due, today: today()) {
        update.due = .set(day)
      } else {
        return .failure(.due(due))
      }
    }
    if let priority {
      if priority.trimmingCharacters(in: .whitespaces).isEmpty {
        update.priority = .clear
      } else if let level = TaskPriority(word: priority.trimmingCharacters(in: .whitespaces)) {
        update.priority = .set(level)
      } else {
        return .failure(.priority(priority))
      }
    }
    for tag in addTags + removeTags where !TaskTags.isValid(tag) {
      return .failure(.tag(tag))
    }
    update.addTags = TaskTags.normalized(addTags)
    update.removeTags = TaskTags.normalized(removeTags)
    update.done = done
    return .success(update)
  }
}

/// Why a change cannot be made, in the words the user reads.
public enum TaskFieldError: Error, Equatable, Sendable {
  /// The title is blank or too long.
  case title(TitleError)
  /// The due date names no day (the text as given).
  case due(String)
  /// The priority is not H, M or L (the text as given).
  case priority(String)
  /// A tag is not one word of at most 32 characters (the text as given).
  case tag(String)
  /// The task would have more than 20 tags.
  case tooManyTags
  /// `done` on a task that is done already.
  case alreadyDone(Int64)
  /// A word of the form `name:value` that names no field (the word as given).
  case unknownField(String)

  /// What the user reads.
  public var message: String {
    switch self {
    case .title(let error): error.message
    case .due(let text): "Not a due date: \"\(text)\". Use \(TaskDueWord.hint)."
    case .priority(let text): "Not a priority: \"\(text)\". Use H, M or L."
    case .tag(let text):
      "Not a tag: \"\(text)\". A tag is one word of at most \(TaskTags.maximumLength) characters."
    case .tooManyTags: "A task can have at most \(TaskTags.maximumCount) tags."
    case .alreadyDone(let uid): "Task #\(uid) is done already."
    case .unknownField(let word):
      "Not a field: \"\(word)\". Fields are due:, priority: (pri:), +tag and -tag; "
        + "put -- before words that are title."
    }
  }
}

/// A checked change, as a store applies it to the task it reads (taskwarrior's `modify`).
public struct TaskUpdate: Equatable, Sendable {
  /// Set a value, or remove it.
  public enum Setting<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Set this value.
    case set(Value)
    /// Remove the value.
    case clear

    var value: Value? {
      if case .set(let value) = self { return value }
      return nil
    }
  }

  /// A new title, cleaned and checked; nil keeps it.
  public var title: String?
  /// A due day to set or remove; nil keeps it.
  public var due: Setting<TaskDay>?
  /// A priority to set or remove; nil keeps it.
  public var priority: Setting<TaskPriority>?
  /// Tags to add, checked, sorted, once each.
  public var addTags: [String] = []
  /// Tags to remove, checked, sorted, once each.
  public var removeTags: [String] = []
  /// Whether the task is to be done or due again; nil keeps it.
  public var done: Bool?

  /// A change that changes nothing.
  public init() {}

  /// Whether it changes the title alone (a failure says "Could not save the new title.").
  public var isTitleOnly: Bool {
    var other = self
    other.title = nil
    return title != nil && other == TaskUpdate()
  }

  /// The same change without its title and done (what a new task takes of it).
  public var withoutTitle: TaskUpdate {
    var details = self
    details.title = nil
    details.done = nil
    return details
  }

  /// `task` with the change made; `now` is when a task checked off by it was checked.
  public func applied(to task: TaskItem, now: Date) -> Result<TaskItem, TaskFieldError> {
    var changed = task
    if let title { changed.title = title }
    if let due { changed.due = due.value }
    if let priority { changed.priority = priority.value }
    if !addTags.isEmpty || !removeTags.isEmpty {
      let tags = Set(task.tags).union(addTags).subtracting(removeTags)
      guard tags.count <= TaskTags.maximumCount else { return .failure(.tooManyTags) }
      changed.tags = tags.sorted()
    }
    if let done, done != task.isDone { changed.checked = done ? now.wholeMilliseconds : nil }
    return .success(changed)
  }
}

/// Taskwarrior's words on a command line: `Pay rent due:fri priority:H +home` is the title
/// `Pay rent` and the fields `due: "fri"`, `priority: "H"`, `addTags: ["home"]`. `pri:` is
/// short for `priority:`; `due:` or `priority:` with nothing after removes it; `-home` removes
/// a tag (where `removals` is true: `modify`; in `add` it is part of the title).
///
/// A word of the same form that names no field (`project:work`, `foo:bar`: a name that starts
/// with a letter, a colon, then a value that is not an address's `//`) is refused, never
/// swallowed into the title (issue 54, item 1); after a word `--`, every word is title.
public enum TaskWords {
  /// The title (the text as typed when no word is a field, else its other words joined by
  /// spaces; "" for none) and the fields the words set, or the first word that names no field.
  public static func split(_ text: String, removals: Bool)
    -> Result<(title: String, fields: TaskFields), TaskFieldError>
  {
    var fields = TaskFields()
    var titleWords: [Substring] = []
    var sawField = false
    var words = text.split(whereSeparator: \.isWhitespace)[...]
    while let word = words.popFirst() {
      let lower = word.lowercased()
      if word == "--" {
        titleWords += words
        sawField = true
        break
      }
      if lower.hasPrefix("due:") {
        fields.due = String(word.dropFirst(4))
      } else if lower.hasPrefix("priority:") {
        fields.priority = String(word.dropFirst(9))
      } else if lower.hasPrefix("pri:") {
        fields.priority = String(word.dropFirst(4))
      } else if word.count > 1, word.first == "+" {
        fields.addTags.append(String(word.dropFirst()))
      } else if removals, word.count > 1, word.first == "-" {
        fields.removeTags.append(String(word.dropFirst()))
      } else if namesAField(word) {
        return .failure(.unknownField(String(word)))
      } else {
        titleWords.append(word)
        continue
      }
      sawField = true
    }
    let title = sawField ? titleWords.joined(separator: " ") : text
    return .success((title, fields))
  }

  /// Whether `word` has the form of a field, `name:value`: a name that starts with a letter and
  /// holds letters, digits, `.` and `_`, then a value that does not start with `/` (so
  /// `https://…` and `10:30` are title words, as is `Re:` with nothing after it).
  static func namesAField(_ word: Substring) -> Bool {
    guard let colon = word.firstIndex(of: ":"), let first = word.first, first.isLetter else {
      return false
    }
    let name = word[..<colon]
    let value = word[word.index(after: colon)...]
    return !value.isEmpty && value.first != "/"
      && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
  }
}
