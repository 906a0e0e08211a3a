import Foundation

/// How much a task matters: taskwarrior's H, M and L. A task without one comes after L.
public enum TaskPriority: String, Codable, CaseIterable, Comparable, Sendable {
  /// `H`: first among the tasks due on a day.
  case high = "H"
  /// `M`.
  case medium = "M"
  /// `L`: before the tasks with none.
  case low = "L"

  /// 0 for H, 1 for M, 2 for L (3 stands for none, in the store's order too).
  public var rank: Int {
    switch self {
    case .high: 0
    case .medium: 1
    case .low: 2
    }
  }

  public static func < (a: TaskPriority, b: TaskPriority) -> Bool { a.rank < b.rank }

  /// `H`, `M`, `L` (or `high`, `medium`, `low`), in any case; nil for anything else.
  public init?(word: String) {
    switch word.lowercased() {
    case "h", "high": self = .high
    case "m", "medium": self = .medium
    case "l", "low": self = .low
    default: return nil
    }
  }
}

/// A task's tags: single words, at most `maximumCount` of them, each at most
/// `maximumLength` characters; kept sorted and without repeats.
public enum TaskTags {
  /// The most tags a task has.
  public static let maximumCount = 20
  /// The longest tag, in characters.
  public static let maximumLength = 32

  /// Whether `tag` can be a tag: 1–32 characters, no spaces or control characters, and not
  /// starting with `+` or `-` (which add and remove tags on a command line).
  public static func isValid(_ tag: String) -> Bool {
    guard let first = tag.first, first != "+", first != "-", tag.count <= maximumLength else {
      return false
    }
    return !tag.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control
    }
  }

  /// `tags` sorted, once each.
  public static func normalized(_ tags: [String]) -> [String] { Array(Set(tags)).sorted() }

  /// The tags as the store keeps them: `home work`, one space between.
  static func stored(_ tags: [String]) -> String { tags.joined(separator: " ") }

  /// The tags of a stored text; a word that is not a valid tag (the file edited by hand) is
  /// passed over.
  static func read(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    return normalized(text.split(separator: " ").map(String.init).filter(isValid))
  }
}

/// How a due date is written: a day (`2026-12-01`) or a word taskwarrior users know (`today`,
/// `tomorrow`, `yesterday`, a weekday such as `fri` or `friday` (the next one after today),
/// `eow`, `eom`, `eoy`, or a count of days or weeks from today: `3d`, `2w`).
public enum TaskDueWord {
  /// What a due date may be written as, for messages and help.
  public static let hint = "2026-12-01, today, tomorrow, a weekday (fri), eow, eom, 3d or 2w"

  /// The day `text` names, counted from `today`; nil when it names none.
  public static func day(_ text: String, today: TaskDay) -> TaskDay? {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let day = TaskDay(text: word) { return day }
    switch word {
    case "today", "now": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    case "eow": return today.adding(days: 6 - today.weekday)
    case "eom": return today.endOfMonth
    case "eoy": return TaskDay(year: today.civil.year, month: 12, day: 31)
    default: break
    }
    if let weekday = weekdays.firstIndex(where: { $0.hasPrefix(word) && word.count >= 3 }) {
      let ahead = (weekday - today.weekday + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    }
    guard let unit = word.last, unit == "d" || unit == "w",
      let count = Int(word.dropLast()), (0...36_500).contains(count)
    else { return nil }
    return today.adding(days: unit == "d" ? count : count * 7)
  }

  private static let weekdays = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]
}
