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
      tasks.append(TaskItem(uid: uid, title: title, added: added, checked: checked))
    }
    return tasks
  }

  /// `2025-02-20T08:15:00.000Z`: UTC with milliseconds.
  public static func formatDate(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
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
