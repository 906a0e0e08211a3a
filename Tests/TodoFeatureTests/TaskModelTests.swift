import Fixtures
import Foundation
import Testing
import ViewModelKit

@testable import TodoFeature

@Suite("Todo: models and fixtures")
@MainActor
struct TaskModelTests {
  @Test("TD-05 row text and untitled tasks")
  func td05() {
    #expect(TaskItem(uid: 1, title: "Buy oat milk", added: T0).rowText == "[ ] Buy oat milk")
    #expect(
      TaskItem(uid: 1, title: "Buy oat milk", added: T0, checked: T0).rowText == "[x] Buy oat milk")
    for blank in ["", "   "] {
      let task = TaskItem(uid: 1, title: blank, added: T0)
      #expect(task.rowText == "[ ] (untitled)")
      #expect(task.title == blank)
    }
    #expect(TaskItem(uid: 1, title: "a\tb\u{7}c", added: T0).displayTitle == "a b c")
  }

  @Test("TD-68 dates are whole milliseconds")
  func td68() {
    let task = TaskItem(uid: 1, title: "x", added: T0.addingTimeInterval(0.0009))
    #expect(task.added == T0)
    #expect(
      TaskItem(uid: 1, title: "x", added: T0.addingTimeInterval(0.0125)).added.millisecondsSince1970
        == T0.millisecondsSince1970 + 12)
  }

  @Test("TD-41 short titles in messages")
  func td41Short() {
    let task = TaskItem(uid: 1, title: "Renew the passport before the summer holidays", added: T0)
    #expect(task.shortTitle == "Renew the passport before the summer ho…")
    #expect(
      TaskServiceError.deletionFailed(task).message
        == "Could not delete \"Renew the passport before the summer ho…\".")
    let forty = String(repeating: "a", count: 40)
    #expect(TaskItem(uid: 1, title: forty, added: T0).shortTitle == forty)
  }

  @Test("error messages")
  func messages() {
    let due = TaskItem(uid: 5, title: "Welcome! Press Space to check off a task", added: T0)
    var done = due
    done.checked = T0
    #expect(
      TaskServiceError.toggleFailed(due).message
        == "Could not check off \"Welcome! Press Space to check off a task\".")
    #expect(TaskServiceError.toggleFailed(done).message.hasPrefix("Could not uncheck"))
    #expect(TaskServiceError.creationFailed.message == "Could not add a task.")
    #expect(
      TaskStoreError.corrupt(path: "/x").message
        == "The task database is damaged and was left untouched: /x")
    #expect(
      TaskStoreError.failed(path: "/x", reason: "disk I/O error").message
        == "The task database could not be opened (disk I/O error): /x")
  }

  @Test("titles are cleaned and validated by characters")
  func titles() {
    #expect(TaskTitle.validate("  Buy\toat\nmilk  ") == .success("Buy oat milk"))
    #expect(TaskTitle.validate(" \t ") == .failure(.blank))
    #expect(
      TaskTitle.validate(" " + String(repeating: "a", count: 500) + " ")
        == .success(String(repeating: "a", count: 500)))
    #expect(TaskTitle.validate(String(repeating: "👍🏽", count: 501)) == .failure(.tooLong(501)))
    #expect(TitleError.tooLong(10000).message == "Title is too long (10000/500 characters).")
  }

  @Test("TD-76 the fixture service: counts, and the file is never written")
  func td76() throws {
    let url = FixtureLoaderURL.tasks
    let before = try Data(contentsOf: url)
    let service = try FixtureTaskService.make(clock: { T0 })
    #expect(current(service.statistics) == TaskStatistics(total: 12, due: 8))
    let first = try #require(current(service.tasks)?.first)
    _ = run(service.toggle(first))
    #expect(try Data(contentsOf: url) == before)
  }

  @Test("TD-77 invalid fixtures say why")
  func td77() {
    for (file, reason) in [
      ("tasks-malformed.json", "not valid JSON"), ("tasks-duplicate-uid.json", "duplicate uid 3"),
    ] {
      let url = FixtureLoaderURL.folder.appendingPathComponent(file)
      #expect(throws: TaskStoreError.invalidFixture(path: url.path, reason: reason)) {
        try FixtureTaskService.make(file: url, clock: { T0 })
      }
    }
    let bad = #"{"version":2,"tasks":[]}"#
    #expect(throws: TaskStoreError.invalidFixture(path: "p", reason: "unsupported version 2")) {
      try TaskFile.decode(Data(bad.utf8), path: "p")
    }
    let noAdded =
      #"{"version":1,"tasks":[{"uid":1,"title":"a","added":"2025-01-01T00:00:00.000Z"},{"uid":2,"title":"b"}]}"#
    #expect(throws: TaskStoreError.invalidFixture(path: "p", reason: "task 2: missing \"added\"")) {
      try TaskFile.decode(Data(noAdded.utf8), path: "p")
    }
    let badDate = #"{"version":1,"tasks":[{"uid":1,"title":"a","added":"2025-13-01"}]}"#
    #expect(
      throws: TaskStoreError.invalidFixture(path: "p", reason: "task 1: bad date \"2025-13-01\"")
    ) {
      try TaskFile.decode(Data(badDate.utf8), path: "p")
    }
  }
}

enum FixtureLoaderURL {
  static let folder = FixtureLoader.bundled.url(for: "todo")
  static let tasks = FixtureLoader.bundled.url(for: "todo/tasks.json")
}

@Suite("Todo: lifetime")
@MainActor
struct TodoLifetimeTests {
  @Test("a session that is let go frees its service (no cycle through the scene stack)")
  func sessionIsFreed() {
    weak var weakService: InMemoryTaskService?
    weak var weakViewModel: TasksViewModel?
    do {
      let service = InMemoryTaskService(tasks: TaskItem.starterTasks(at: T0), clock: { T0 })
      let session = TodoSession(
        service: service, scheduler: DispatchQueue.test.eraseToAnyScheduler())
      weakService = service
      weakViewModel = session.tasks
    }
    #expect(weakViewModel == nil)
    #expect(weakService == nil)
  }

  @Test("inputs leave no subscription behind: editors, toggles and deletes do not pile up")
  func inputsLeaveNothing() throws {
    let h = TodoHarness()
    weak var firstEditor: EditTaskViewModel?
    let kept = h.tasks.keptSubscriptionCount
    for round in 0..<20 {
      h.tasks.edit(h.task(3))
      h.scheduler.settle()
      let editor = try #require(h.editor)
      if round == 0 { firstEditor = editor }
      editor.cancel()
      h.tasks.toggle(h.task(3))
      h.scheduler.settle()
    }
    #expect(firstEditor == nil)
    #expect(h.tasks.keptSubscriptionCount == kept)
  }
}

/// Issue 28, item 7: a task's date is written by hand (a Foundation formatter per task made a
/// listing slow); it must read exactly as Foundation's ISO 8601 formatter writes it.
@Suite("Todo: dates as the CLI writes them")
@MainActor
struct TaskDateTests {
  @Test("the hand-written date equals Foundation's, across leap years, month ends and millis")
  func sameAsFoundation() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var generator = SystemRandomNumberGenerator()
    var milliseconds: [Int64] = [
      0, 1, 999, 86_399_999, 86_400_000, 951_782_400_000, 951_868_799_999, 1_709_164_800_000,
      4_107_542_399_999, 253_402_300_799_999,
    ]
    milliseconds += (0..<2_000).map { _ in
      Int64.random(in: 0..<253_402_300_800_000, using: &generator)
    }
    for value in milliseconds {
      let date = Date(timeIntervalSince1970: Double(value) / 1000)
      #expect(TaskFile.formatDate(date) == formatter.string(from: date), "\(value)")
    }
  }

  @Test("dates before 1970 or after 9999, and nonsense, go through Foundation without a trap")
  func outsideTheFastPath() {
    for date in [
      Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: -62_135_596_800),
      Date(timeIntervalSince1970: 1e15), .distantPast, .distantFuture,
    ] {
      #expect(!TaskFile.formatDate(date).isEmpty)
    }
  }
}

/// Issue 28, item 7: a title that is clean already is returned as it is; every title is
/// cleaned as the rule says (controls become spaces, the ends are trimmed).
@Suite("Todo: cleaning titles quickly")
@MainActor
struct TaskTitleCleanTests {
  func rule(_ raw: String) -> String {
    String(
      String.UnicodeScalarView(
        raw.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("random titles from ASCII, controls, spaces and a few other scalars match the rule")
  func matchesTheRule() {
    let alphabet: [Character] = [
      "a", "Z", "0", " ", "\t", "\n", "\u{7}", "\u{7F}", "~", "é", "\u{85}", "!",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let length = Int.random(in: 0...8, using: &generator)
      let raw = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
      #expect(TaskTitle.clean(raw) == rule(raw), "\(raw.debugDescription)")
    }
    #expect(TaskTitle.clean("Buy oat milk") == "Buy oat milk")
    #expect(TaskTitle.clean(" Buy ") == "Buy" && TaskTitle.clean("") == "")
  }
}
