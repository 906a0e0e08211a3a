import Foundation

/// The editor's detail fields as typed: the due date, the priority and the tags (space
/// separated; a leading `+` is allowed, as on the command line).
struct EditTaskDetails: Equatable, Sendable {
  var due: String
  var priority: String
  var tags: String

  /// The fields as the editor opens on `task` (all empty for none).
  init(_ task: TaskItem?) {
    due = task?.due?.text ?? ""
    priority = task?.priority?.rawValue ?? ""
    tags = task?.tags.joined(separator: " ") ?? ""
  }

  /// A copy with one field set.
  func with(_ field: WritableKeyPath<EditTaskDetails, String>, _ value: String) -> Self {
    var copy = self
    copy[keyPath: field] = value
    return copy
  }

  /// The tags typed, without a leading `+`.
  var tagWords: [String] {
    tags.split(whereSeparator: \.isWhitespace).map { word in
      word.first == "+" && word.count > 1 ? String(word.dropFirst()) : String(word)
    }
  }

  /// The change OK saves: the title, and each detail that differs from how the editor opened
  /// (`initial`); or the first thing that does not read.
  func change(title: String, from initial: EditTaskDetails, today: TaskDay) -> Result<
    TaskUpdate, TaskFieldError
  > {
    var fields = TaskFields(title: title)
    if due != initial.due { fields.due = due }
    if priority != initial.priority { fields.priority = priority }
    let (now, before) = (Set(tagWords), Set(initial.tagWords))
    fields.addTags = now.subtracting(before).sorted()
    fields.removeTags = before.subtracting(now).sorted()
    if now.count > TaskTags.maximumCount { return .failure(.tooManyTags) }
    return fields.resolved(today: today)
  }

  /// The day the due field names, as the editor shows it beside the field: `Fri 2026-12-04`;
  /// "" when it is empty or names no day.
  func dueDay(today: TaskDay) -> String {
    guard let day = TaskDueWord.day(due, today: today), !due.isEmpty else { return "" }
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    return names[day.weekday] + " " + day.text
  }
}
