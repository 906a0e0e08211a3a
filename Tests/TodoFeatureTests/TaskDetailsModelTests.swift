import Foundation
import Testing
import TodoFeature

/// Issue 42, item 1: the due date, priority and tags, as values: how a day is read and
/// written, taskwarrior's words, the checks, the order and what a row says.
@Suite("Todo: due dates, priorities and tags (model)")
struct TaskDetailsModelTests {
  /// Saturday 2025-03-01, the behaviour tests' T0.
  let today = TaskDay(year: 2025, month: 3, day: 1) ?? TaskDay(dayNumber: 0)

  @Test("issue 42: a day reads and writes as YYYY-MM-DD; a day that does not exist is refused")
  func days() throws {
    #expect(TaskDay(text: "2026-12-01")?.text == "2026-12-01")
    #expect(TaskDay(text: "2024-02-29") != nil)
    for bad in [
      "2025-02-29", "2026-13-01", "2026-12-32", "0000-01-01", "26-12-01", "2026-1-01", "",
    ] {
      #expect(TaskDay(text: bad) == nil, "\(bad)")
    }
    #expect(TaskDay(dayNumber: 0).text == "1970-01-01")
    #expect(TaskDay(dayNumber: 0).weekday == 3)  // a Thursday
    #expect(today.weekday == 5)  // a Saturday
    #expect(today.adding(days: 1).text == "2025-03-02")
    #expect(TaskDay(year: 2024, month: 2, day: 10)?.endOfMonth.text == "2024-02-29")
    // Huge counts clamp to year 9999 instead of trapping.
    #expect(today.adding(days: Int.max).text == "9999-12-31")
    #expect(today.adding(days: Int.min).text == "0001-01-01")
    let late = Date(timeIntervalSince1970: 1_740_869_999)  // 2025-03-01T22:59:59Z
    #expect(TaskDay(late, in: try #require(TimeZone(identifier: "UTC"))) == today)
    #expect(TaskDay(late, in: try #require(TimeZone(secondsFromGMT: 3600))).text == "2025-03-01")
    #expect(TaskDay(late, in: try #require(TimeZone(secondsFromGMT: 7200))).text == "2025-03-02")
    #expect(TaskDay(Date(timeIntervalSince1970: .infinity), in: .current).dayNumber == 0)
  }

  @Test(
    "issue 42: due words as taskwarrior reads them, from today",
    arguments: [
      ("2026-12-01", "2026-12-01"), ("today", "2025-03-01"), ("TOMORROW", "2025-03-02"),
      ("yesterday", "2025-02-28"), ("fri", "2025-03-07"), ("friday", "2025-03-07"),
      ("sat", "2025-03-08"), ("sun", "2025-03-02"), ("eow", "2025-03-02"), ("eom", "2025-03-31"),
      ("eoy", "2025-12-31"), ("3d", "2025-03-04"), ("2w", "2025-03-15"), ("0d", "2025-03-01"),
    ])
  func dueWords(word: String, expected: String) {
    #expect(TaskDueWord.day(word, today: today)?.text == expected)
  }

  @Test(
    "issue 42: words that name no day are refused",
    arguments: ["fr", "soon", "-3d", "3x", "99999999d", "2026-02-30"])
  func badDueWords(word: String) {
    #expect(TaskDueWord.day(word, today: today) == nil)
  }

  @Test("issue 42: a command line's words split into the title and the fields")
  func words() throws {
    let (title, fields) = try TaskWords.split(
      "Pay  rent due:fri PRIORITY:h +home +bills", removals: false
    ).get()
    #expect(title == "Pay rent")
    #expect(fields == TaskFields(due: "fri", priority: "h", addTags: ["home", "bills"]))
    // With no field among them, the text stays as typed (a double space too).
    let plain = try TaskWords.split("Fix  -v flag", removals: false).get()
    #expect(plain.title == "Fix  -v flag" && plain.fields == TaskFields())
    let modify = try TaskWords.split("-home +work due: pri:", removals: true).get()
    #expect(modify.title == "")
    #expect(
      modify.fields == TaskFields(due: "", priority: "", addTags: ["work"], removeTags: ["home"]))
  }

  @Test(
    "issue 54: a name:value word that names no field is refused, never swallowed",
    arguments: ["recur:daily", "project:work", "wait:friday", "scheduled:mon", "foo:bar"])
  func unknownFields(word: String) {
    let split = TaskWords.split("Standup due:tomorrow \(word)", removals: false)
    #expect(throws: TaskFieldError.unknownField(word)) { try split.get() }
    #expect(
      TaskFieldError.unknownField(word).message
        == "Not a field: \"\(word)\". Fields are due:, priority: (pri:), +tag and -tag; "
        + "put -- before words that are title.")
  }

  @Test("issue 54: addresses, times and a bare Re: are title; after -- every word is title")
  func titleWords() throws {
    for text in ["Read https://swift.org", "Call at 10:30", "Re: the invoice", "Ask 3:1 odds"] {
      let split = try TaskWords.split(text, removals: false).get()
      #expect(split.title == text && split.fields == TaskFields(), "\(text)")
    }
    let escaped = try TaskWords.split("Fix due:fri -- project:x +tag", removals: true).get()
    #expect(escaped.title == "Fix project:x +tag" && escaped.fields == TaskFields(due: "fri"))
  }

  @Test("issue 42: fields are checked and resolved, or say what is wrong")
  func resolving() throws {
    let update = try TaskFields(
      title: " Pay\trent ", due: "tomorrow", priority: "m", addTags: ["b", "a", "b"]
    ).resolved(today: today).get()
    #expect(update.title == "Pay rent")
    #expect(update.due == .set(TaskDay(year: 2025, month: 3, day: 2) ?? today))
    #expect(update.priority == .set(.medium))
    #expect(update.addTags == ["a", "b"])
    #expect(try TaskFields(due: "", priority: " ").resolved(today: today).get().due == .clear)
    let problems: [(TaskFields, String)] = [
      (TaskFields(due: "someday"), "Not a due date: \"someday\". Use \(TaskDueWord.hint)."),
      (TaskFields(priority: "X"), "Not a priority: \"X\". Use H, M or L."),
      (
        TaskFields(addTags: ["two words"]),
        "Not a tag: \"two words\". A tag is one word of at most 32 characters."
      ),
      (
        TaskFields(removeTags: [String(repeating: "t", count: 33)]),
        "Not a tag: \"\(String(repeating: "t", count: 33))\". A tag is one word of at most 32 characters."
      ),
      (TaskFields(title: "  "), "Enter a title."),
    ]
    for (fields, message) in problems {
      #expect(fields.resolved(today: today).failure?.message == message)
    }
    // Applied to a task with 20 tags, a 21st is refused.
    let crowded = TaskItem(uid: 1, title: "t", added: .distantPast, tags: (1...20).map { "t\($0)" })
    var more = TaskUpdate()
    more.addTags = ["extra"]
    #expect(more.applied(to: crowded, now: .distantPast).failure == .tooManyTags)
  }

  @Test(
    "issue 42: the due list puts dated tasks first, earliest first, then by priority, then newest")
  func order() {
    let base = Date(timeIntervalSince1970: 1_000)
    func task(_ uid: Int64, _ due: String?, _ priority: TaskPriority?, added: Double = 0)
      -> TaskItem
    {
      TaskItem(
        uid: uid, title: "\(uid)", added: base.addingTimeInterval(added),
        due: due.flatMap { TaskDay(text: $0) }, priority: priority)
    }
    let tasks = [
      task(1, nil, nil, added: 5), task(2, nil, .low), task(3, "2025-03-05", nil),
      task(4, "2025-02-20", nil), task(5, "2025-03-05", .high), task(6, nil, .high),
      task(7, nil, nil, added: 9),
    ]
    #expect(TaskListing(tasks).due.map(\.uid) == [4, 5, 3, 6, 2, 7, 1])
  }

  @Test("issue 42: a row says its due date relative to today, then its priority and tags")
  func rows() {
    func task(_ due: String?, done: Bool = false) -> TaskItem {
      TaskItem(
        uid: 1, title: "Pay rent", added: .distantPast, checked: done ? .distantPast : nil,
        due: due.flatMap { TaskDay(text: $0) }, priority: .high, tags: ["home", "bills"].sorted())
    }
    let expected: [(String, String, TaskDueStatus)] = [
      ("2025-02-28", "overdue 1 day", .overdue), ("2025-02-20", "overdue 9 days", .overdue),
      ("2025-03-01", "due today", .today), ("2025-03-02", "due tomorrow", .soon),
      ("2025-03-03", "due in 2 days", .soon), ("2025-03-15", "due in 14 days", .later),
      ("2025-03-16", "due 2025-03-16", .later),
    ]
    for (due, text, status) in expected {
      #expect(task(due).dueText(today: today) == text)
      #expect(task(due).dueStatus(today: today) == status)
    }
    #expect(task("2025-03-02").detailsText(today: today) == "due tomorrow  H +bills +home")
    #expect(task(nil).detailsText(today: today) == "H +bills +home")
    #expect(task("2025-02-01", done: true).dueText(today: today) == nil)
    #expect(TaskItem(uid: 2, title: "x", added: .distantPast).detailsText(today: today) == "")
  }

  @Test("issue 42: a task's wire form carries its details only when set, and reads back")
  func wire() throws {
    let plain = TaskItem(uid: 1, title: "x", added: Date(timeIntervalSince1970: 0))
    let plainText = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
    #expect(
      !plainText.contains("due") && !plainText.contains("tags") && !plainText.contains("priority"))
    var full = plain
    full.due = TaskDay(text: "2026-12-01")
    full.priority = .low
    full.tags = ["home"]
    let data = try JSONEncoder().encode(full)
    #expect(String(decoding: data, as: UTF8.self).contains("\"due\":\"2026-12-01\""))
    #expect(try JSONDecoder().decode(TaskItem.self, from: data) == full)
    // A section's wire form says what a row shows on its day.
    let section = TaskSection(kind: .due, items: [full], today: today)
    let sectionText = String(decoding: try JSONEncoder().encode(section), as: UTF8.self)
    #expect(sectionText.contains("\"dueText\":\"due 2026-12-01\""))
    #expect(
      sectionText.contains("\"labels\":\"L +home\"")
        && sectionText.contains("\"dueStatus\":\"later\""))
    #expect(try JSONDecoder().decode(TaskSection.self, from: Data(sectionText.utf8)) == section)
  }
}

extension TaskDetailsModelTests {
  @Test("issue 42: a task file may give each task a due date, a priority and tags, checked")
  func taskFile() throws {
    func file(_ extra: String) -> Data {
      Data(
        """
        {"version":1,"tasks":[{"uid":1,"title":"t","added":"2025-02-20T08:15:00.000Z"\(extra)}]}
        """.utf8)
    }
    let tasks = try TaskFile.decode(
      file(#","due":"2025-03-02","priority":"M","tags":["b","a"]"#), path: "p")
    #expect(tasks.first?.due == TaskDay(text: "2025-03-02"))
    #expect(tasks.first?.priority == .medium && tasks.first?.tags == ["a", "b"])
    for (extra, reason) in [
      (#","due":"2025-02-30""#, "task 1: bad \"due\""),
      (#","priority":"X""#, "task 1: bad \"priority\""),
      (#","tags":["two words"]"#, "task 1: bad \"tags\""),
      (#","tags":"a""#, "task 1: bad \"tags\""),
    ] {
      #expect(throws: TaskStoreError.invalidFixture(path: "p", reason: reason)) {
        try TaskFile.decode(file(extra), path: "p")
      }
    }
  }
}

extension Result {
  /// The failure, if this is one.
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
