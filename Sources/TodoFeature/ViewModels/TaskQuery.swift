import Foundation

/// Which tasks a filter or `list` shows, read from its words as taskwarrior reads a filter:
/// `+home` (has the tag), `-home` (has not), `priority:H` (`pri:H`), `due:fri` (due that day),
/// `due.before:2026-12-01`, `due.after:today`, `overdue` (or `+OVERDUE`: due before today and
/// not done), `due:` and `priority:` with nothing after (none set); every other word must occur
/// in the title (ignoring case and diacritics). Every
/// term must hold.
public struct TaskQuery: Equatable, Sendable {
  /// The title words, folded (`TitleMatcher`).
  var words: [[UInt8]] = []
  var withTags: [String] = []
  var withoutTags: [String] = []
  var priority: TaskPriority?
  var noPriority = false
  var noDue = false
  var dueOn: TaskDay?
  var dueBefore: TaskDay?
  var dueAfter: TaskDay?
  var overdueOn: TaskDay?

  /// The query of `text` on `today`, or the first term that does not read (a date or a
  /// priority that is not one), in the words the user reads.
  public static func parse(_ text: String, today: TaskDay) -> Result<TaskQuery, TaskFieldError> {
    var query = TaskQuery()
    for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
      let lower = word.lowercased()
      if lower == "overdue" || word == "+OVERDUE" {
        query.overdueOn = today
      } else if lower == "priority:" || lower == "pri:" {
        query.noPriority = true
      } else if lower == "due:" {
        query.noDue = true
      } else if word.count > 1, word.first == "+" {
        query.withTags.append(String(word.dropFirst()))
      } else if word.count > 1, word.first == "-" {
        query.withoutTags.append(String(word.dropFirst()))
      } else if let value = Self.value(of: lower, keys: ["priority:", "pri:"]) {
        guard let level = TaskPriority(word: value) else { return .failure(.priority(value)) }
        query.priority = level
      } else if let (key, value) = Self.dueTerm(lower) {
        guard let day = TaskDueWord.day(value, today: today) else { return .failure(.due(value)) }
        switch key {
        case "due:": query.dueOn = day
        case "due.before:": query.dueBefore = day
        default: query.dueAfter = day
        }
      } else {
        query.words.append(Array(TitleMatcher.fold(word).utf8))
      }
    }
    return .success(query)
  }

  /// Whether it asks for nothing (every task matches).
  public var isEmpty: Bool { self == TaskQuery() }

  /// Whether `task` meets every term; titles are compared through `matcher`'s folded copies.
  func matches(_ task: TaskItem, matcher: TitleMatcher) -> Bool {
    if !withTags.allSatisfy(task.tags.contains) { return false }
    if withoutTags.contains(where: task.tags.contains) { return false }
    if let priority, task.priority != priority { return false }
    if noPriority, task.priority != nil { return false }
    if noDue, task.due != nil { return false }
    if let dueOn, task.due != dueOn { return false }
    if let dueBefore, !(task.due.map { $0 < dueBefore } ?? false) { return false }
    if let dueAfter, !(task.due.map { $0 > dueAfter } ?? false) { return false }
    if let overdueOn, task.isDone || !(task.due.map { $0 < overdueOn } ?? false) { return false }
    return words.isEmpty || matcher.matches(task, words: words)
  }

  private static func value(of word: String, keys: [String]) -> String? {
    keys.first { word.hasPrefix($0) && word.count > $0.count }.map {
      String(word.dropFirst($0.count))
    }
  }

  private static func dueTerm(_ word: String) -> (String, String)? {
    for key in ["due:", "due.before:", "due.after:"] {
      if let value = value(of: word, keys: [key]) { return (key, value) }
    }
    return nil
  }
}
