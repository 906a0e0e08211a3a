import Fixtures
import Foundation

/// Reads the task file format (`{"version":1,"tasks":[...]}`), which is also the CLI's JSON
/// task shape.
public enum TaskFile {
  /// The tasks in `data`, or why they are not valid (`path` names the file in the error).
  public static func decode(_ data: Data, path: String) throws(TaskStoreError) -> [TaskItem] {
    func invalid(_ reason: String) -> TaskStoreError { .invalidFixture(path: path, reason: reason) }
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw invalid("not valid JSON")
    }
    guard let version = root["version"] as? Int else { throw invalid("missing \"version\"") }
    guard version == 1 else { throw invalid("unsupported version \(version)") }
    guard let entries = root["tasks"] as? [Any] else { throw invalid("missing \"tasks\"") }
    var seen = Set<Int64>()
    var tasks: [TaskItem] = []
    for (index, entry) in entries.enumerated() {
      let number = index + 1
      guard let fields = entry as? [String: Any] else {
        throw invalid("task \(number): not an object")
      }
      guard let uidValue = fields["uid"] as? Int, uidValue >= 1 else {
        throw invalid("task \(number): bad \"uid\"")
      }
      guard let title = fields["title"] as? String else {
        throw invalid("task \(number): missing \"title\"")
      }
      guard let addedText = fields["added"] as? String else {
        throw invalid("task \(number): missing \"added\"")
      }
      guard let added = parseDate(addedText) else {
        throw invalid("task \(number): bad date \"\(addedText)\"")
      }
      var checked: Date?
      if let checkedText = fields["checked"] as? String {
        guard let date = parseDate(checkedText) else {
          throw invalid("task \(number): bad date \"\(checkedText)\"")
        }
        checked = date
      }
      let uid = Int64(uidValue)
      guard seen.insert(uid).inserted else { throw invalid("duplicate uid \(uid)") }
      // The details (issue 42), each optional and checked as the apps check them.
      var due: TaskDay?
      if let dueValue = fields["due"] {
        guard let text = dueValue as? String, let day = TaskDay(text: text) else {
          throw invalid("task \(number): bad \"due\"")
        }
        due = day
      }
      var priority: TaskPriority?
      if let priorityValue = fields["priority"] {
        guard let text = priorityValue as? String, let level = TaskPriority(rawValue: text) else {
          throw invalid("task \(number): bad \"priority\"")
        }
        priority = level
      }
      var tags: [String] = []
      if let tagsValue = fields["tags"] {
        guard let list = tagsValue as? [String], list.allSatisfy(TaskTags.isValid),
          list.count <= TaskTags.maximumCount
        else { throw invalid("task \(number): bad \"tags\"") }
        tags = TaskTags.normalized(list)
      }
      tasks.append(
        TaskItem(
          uid: uid, title: title, added: added, checked: checked, due: due, priority: priority,
          tags: tags))
    }
    return tasks
  }

  /// `2025-02-20T08:15:00.000Z`: UTC with milliseconds. Written out by hand from the civil
  /// date (a listing formats two dates per task, and a Foundation formatter costs about
  /// 0.1 ms to make); a date outside the years 1970–9999 goes through Foundation's formatter.
  public static func formatDate(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 253_402_300_800_000
    else {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      return formatter.string(from: date)
    }
    let total = Int64(milliseconds)
    let dayLength: Int64 = 86_400_000
    let days = total / dayLength
    let time = total % dayLength
    let (year, month, day) = TaskDay(dayNumber: Int(days)).civil
    func padded(_ value: some BinaryInteger, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(time / 3_600_000, 2) + ":" + padded(time / 60_000 % 60, 2) + ":"
      + padded(time / 1_000 % 60, 2) + "." + padded(time % 1_000, 3) + "Z"
  }

  static func parseDate(_ text: String) -> Date? {
    guard text.hasSuffix("Z") else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }
}

/// `--ephemeral`: the tasks of `Fixtures/todo/tasks.json` in memory; changes last for the
/// session, and the file is never written.
public enum FixtureTaskService {
  public static func make(
    file: URL? = nil, clock: @escaping @Sendable () -> Date
  ) throws(TaskStoreError) -> InMemoryTaskService {
    let url = file ?? FixtureLoader.bundled.url(for: "todo/tasks.json")
    guard let data = try? Data(contentsOf: url) else {
      throw .invalidFixture(path: url.path, reason: "cannot be read")
    }
    return InMemoryTaskService(tasks: try TaskFile.decode(data, path: url.path), clock: clock)
  }
}
