import CLIApp
import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 1, from the command line: taskwarrior's words (`add … due:fri priority:H
/// +home`, `modify 5 -home +work`, `done 5`, `list +home`, `list overdue`) and what the list
/// prints of due dates, priorities and tags. Today is Saturday 2025-03-01.
@Suite("CLI: todo due dates, priorities and tags", .serialized)
@MainActor
struct TodoDetailsCLITests {
  let calendar = TaskCalendar(
    now: { Date(timeIntervalSince1970: 1_740_819_600) },  // 2025-03-01T09:00:00Z
    timeZone: TimeZone(identifier: "UTC") ?? .current)

  func run(_ service: SQLiteTaskService, _ words: String, json: Bool = false) throws -> (
    out: [String], err: [String]
  ) {
    let streams = MemoryStreams()
    let out = try TodoOneShotTests.output(
      service, json: json, oneShot: words.split(separator: " ").map(String.init),
      calendar: calendar, streams: streams)
    return (out, streams.stderr)
  }

  @Test("issue 42: add, modify, done and list in taskwarrior's words, one shot each")
  func oneShots() throws {
    let service = try SQLiteTaskService.inMemory(clock: calendar.now)
    #expect(
      try run(service, "add Pay rent due:2025-03-03 priority:H +home").out
        == ["Added #6 Pay rent (due 2025-03-03, H, +home)"])
    #expect(try run(service, "add Renew passport due:yesterday +admin").out.count == 1)
    #expect(
      try run(service, "modify 6 -home +work pri:").out
        == ["Modified #6 Pay rent (due 2025-03-03, +work)"])
    #expect(
      try run(service, "list +work").out == [
        "sections:", "  Due Tasks", "  #6 [ ] Pay rent  due in 2 days  +work", "  Done Tasks",
        "  (none)",
      ])
    #expect(
      try run(service, "list overdue").out
        == [
          "sections:", "  Due Tasks", "  #7 [ ] Renew passport  overdue 1 day  +admin",
          "  Done Tasks", "  (none)",
        ])
    #expect(try run(service, "done 6").out == ["Checked #6 Pay rent"])
    let again = try run(service, "done 6")
    #expect(again.out.isEmpty && again.err == ["error: Task #6 is done already."])
    let bad = try run(service, "add Tea due:someday")
    #expect(bad.err == ["error: Not a due date: \"someday\". Use \(TaskDueWord.hint)."])
    // Issue 54, item 1: a word of a field's form that names none is refused, not swallowed;
    // after `--` every word is title, as in taskwarrior.
    let unknown = try run(service, "add Standup due:tomorrow recur:daily")
    #expect(unknown.out.isEmpty)
    #expect(
      unknown.err == [
        "error: Not a field: \"recur:daily\". Fields are due:, priority: (pri:), +tag and -tag; "
          + "put -- before words that are title."
      ])
    #expect(
      try run(service, "modify 6 project:home").err.first?.hasPrefix("error: Not a field") == true)
    #expect(try run(service, "add Read -- recur:daily +x").out == ["Added #8 Read recur:daily +x"])
    let json = try run(service, "modify 7 due:2025-03-10 priority:L", json: true).out
    let document = try JSONSerialization.jsonObject(with: Data(json[0].utf8)) as? [String: Any]
    let answer = document?["answer"] as? [String: Any]
    let task = answer?["task"] as? [String: Any]
    #expect(answer?["action"] as? String == "modified")
    #expect(task?["due"] as? String == "2025-03-10" && task?["priority"] as? String == "L")
    #expect(task?["tags"] as? [String] == ["admin"])
  }

  @Test("issue 42: the streamed list prints what the session's list prints, details and all")
  func streamedEqualsSession() throws {
    let service = try SQLiteTaskService.inMemory(clock: calendar.now)
    _ = try run(service, "add Pay rent due:tomorrow priority:H +home")
    _ = try run(service, "add Call Ana priority:M")
    let streamed = try run(service, "list").out
    let session = try TodoOneShotTests.output(
      service, json: false, session: ["list"], calendar: calendar)
    #expect(streamed == Array(session.drop { !$0.hasPrefix("canUndo:") }.dropFirst()))
    #expect(streamed[2] == "  #6 [ ] Pay rent  due tomorrow  H +home")
    #expect(streamed[3] == "  #7 [ ] Call Ana  M")
  }

  @Test("issue 42: list rows mean overdue, due soon and done; events carry their severity")
  func meanings() throws {
    let service = try SQLiteTaskService.inMemory(clock: calendar.now)
    _ = try run(service, "add Late due:yesterday")
    _ = try run(service, "add Soon due:tomorrow")
    _ = try run(service, "add Later due:2w")
    _ = try run(service, "done 1")
    for oneShot in [true, false] {
      let streams = MeaningStreams()
      try TodoOneShotTests.drive(
        service, json: false, oneShot: oneShot ? ["list"] : nil,
        session: oneShot ? [] : ["delete 8", "list"], calendar: calendar, initialSet: false,
        into: streams)
      let meanings = Dictionary(
        streams.lines.compactMap { line in
          line.meaning.map { (line.text.trimmingCharacters(in: .whitespaces), $0) }
        }, uniquingKeysWith: { $1 })
      #expect(meanings["#6 [ ] Late  overdue 1 day"] == .error, "\(oneShot)")
      #expect(meanings["#7 [ ] Soon  due tomorrow"] == .warning, "\(oneShot)")
      #expect(meanings["#1 [x] Press / to filter tasks by title"] == .muted, "\(oneShot)")
      #expect(!meanings.keys.contains { $0.hasPrefix("#8") }, "\(oneShot)")
      if !oneShot {
        #expect(meanings["! Deleted \"Later\". Undo brings it back."] == .success)
      }
    }
  }
}

/// Lines with what they mean, as a colouring stream would be given them.
final class MeaningStreams: CLIStreams {
  private(set) var lines: [CLILine] = []
  func out(_ line: String) { lines.append(CLILine(line)) }
  func out(_ line: String, meaning: LineMeaning?) { lines.append(CLILine(line, meaning: meaning)) }
  func outPart(_ text: String) {}
  func err(_ line: String) {}
  func flush() {}
}
