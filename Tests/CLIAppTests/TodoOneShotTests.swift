import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@testable import CLIApp

/// Issue 41, item 1: `cli todo` run once reads only what its command needs. `list` is streamed
/// from the store a page at a time and prints what the session's `list` prints; a change and
/// `stats` read no task in full.
@Suite("CLI: todo one-shot commands read only what they need", .serialized)
@MainActor
struct TodoOneShotTests {
  /// A store of 2,500 tasks (three pages of each section and a bit), with ties in both orders.
  static func store() throws -> SQLiteTaskService {
    let clock = Clock()
    let service = try SQLiteTaskService.inMemory(clock: clock.now, starterTasks: false)
    for index in 0..<2_500 {
      clock.seconds = Double(index / 3)  // three tasks a second: ties broken by uid
      let task = try wait(service.createTask(title: "Task \(index) ✓ \"quoted\""))
      if index % 4 == 0 {
        clock.seconds = 10_000 + Double(index / 8)
        _ = try wait(service.toggle(task))
      }
    }
    return service
  }

  /// What `lines` print in a session (after its initial set), or `command` run once.
  static func output(
    _ service: SQLiteTaskService, json: Bool, oneShot command: [String]? = nil,
    session lines: [String] = [], calendar: TaskCalendar = .system,
    streams: MemoryStreams = MemoryStreams()
  ) throws -> [String] {
    try drive(
      service, json: json, oneShot: command, session: lines, calendar: calendar, into: streams)
    return streams.stdout
  }

  /// Runs `command` once, or `lines` in a session (printing its initial set first when
  /// `initialSet`), into `streams`, until the shell has finished.
  static func drive(
    _ service: SQLiteTaskService, json: Bool, oneShot command: [String]? = nil,
    session lines: [String] = [], calendar: TaskCalendar, initialSet: Bool = true,
    into streams: any CLIStreams
  ) throws {
    let scheduler = DispatchQueue.test
    let session = TodoSession(service: service, scheduler: scheduler.asAny, calendar: calendar)
    let shell = CLIShell(
      app: TodoCLI(session: session), json: json, streams: streams,
      waiter: StoreSettleWaiter(scheduler: scheduler, service: service))
    var done = false
    if let command {
      // As `cli` arranges a command line's words (a text command's dashed words are text).
      let parsed = try TodoGrammar.command(
        CommandLineText.arranged(command, grammar: TodoGrammar.self))
      shell.start(printInitialSet: false, readsScreen: !parsed.answersOnItsOwn) {
        shell.run(oneShot: parsed) { _ in shell.finish { done = true } }
      }
    } else {
      shell.start(printInitialSet: initialSet) {
        for line in lines { shell.run(line: line) { _ in } }
        shell.finish { done = true }
      }
    }
    for _ in 0..<10_000 where !done {
      service.waitForPendingWork()
      scheduler.advance()
    }
    #expect(done)
  }

  @Test("issue 41: one-shot list prints the session's list, page by page, reading no task in full")
  func listStreams() throws {
    let service = try Self.store()
    let streamed = try Self.output(service, json: false, oneShot: ["list"])
    #expect(service.fullReadCount == 0)
    #expect(streamed.count == 1 + 2 + 2_500)
    let session = try Self.output(service, json: false, session: ["list"])
    let listed = Array(session.drop { !$0.hasPrefix("canUndo:") }.dropFirst())
    #expect(streamed == listed)
    #expect(
      streamed.prefix(3) == ["sections:", "  Due Tasks", "  #2500 [ ] Task 2499 ✓ \"quoted\""])
  }

  @Test("issue 41: one-shot list under --json is one document, the session's sections")
  func listStreamsJSON() throws {
    let service = try Self.store()
    let streamed = try Self.output(service, json: true, oneShot: ["list"])
    #expect(streamed.count == 1)
    let document = try JSONSerialization.jsonObject(with: Data(streamed[0].utf8)) as? [String: Any]
    let session = try Self.output(service, json: true, session: ["list"])
    let line = try #require(session.last { $0.hasPrefix(#"{"output":"sections""#) })
    let printed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let sections = try #require(document?["sections"] as? [[String: Any]])
    #expect(sections.map { ($0["items"] as? [Any])?.count } == [1_875, 625])
    #expect(NSArray(array: sections).isEqual(to: printed?["value"] as? [Any] ?? []))
  }

  @Test("issue 41: an empty section prints (none), as the session does")
  func emptySection() throws {
    let service = try SQLiteTaskService.inMemory(clock: { Date(timeIntervalSince1970: 0) })
    let text = try Self.output(service, json: false, oneShot: ["list"])
    #expect(text.suffix(2) == ["  Done Tasks", "  (none)"])
    let json = try Self.output(service, json: true, oneShot: ["list"])
    #expect(json.first?.hasSuffix(#"{"items":[],"kind":"done","title":"Done Tasks"}]}"#) == true)
  }

  @Test("issue 41: add, toggle, edit, delete and stats run once read no task in full")
  func changesReadOneRow() throws {
    let service = try Self.store()
    #expect(
      try Self.output(service, json: false, oneShot: ["add", "Buy", "tea"]) == [
        "Added #2501 Buy tea"
      ])
    #expect(
      try Self.output(service, json: false, oneShot: ["toggle", "2501"]) == [
        "Checked #2501 Buy tea"
      ])
    #expect(
      try Self.output(service, json: false, oneShot: ["edit", "2501", "Buy", "green", "tea"])
        == ["Renamed #2501 Buy green tea"])
    #expect(
      try Self.output(service, json: false, oneShot: ["stats"]) == [
        "statistics: 2501 tasks, 1875 due."
      ])
    #expect(
      try Self.output(service, json: true, oneShot: ["stats"]) == [
        #"{"statistics":{"done":626,"due":1875,"tasks":2501}}"#
      ])
    #expect(
      try Self.output(service, json: false, oneShot: ["delete", "2501"])
        == [
          #"! Deleted "Buy green tea". Undo brings it back."#,
          "Deleted #2501 Buy green tea (undo brings it back)",
        ])
    // Issue 42: undo, run once, takes the delete back (and then the rename, and so on).
    #expect(
      try Self.output(service, json: false, oneShot: ["undo"])
        == [#"! Restored "Buy green tea"."#, "Restored #2501 Buy green tea"])
    #expect(
      try Self.output(service, json: false, oneShot: ["undo"])
        == [#"! Changed back "Buy tea"."#, "Changed back #2501 Buy tea"])
    #expect(try Self.output(service, json: false, oneShot: ["toggle", "9999"]).isEmpty)
    #expect(service.fullReadCount == 0)
  }

  private final class Clock: @unchecked Sendable {
    var seconds = 0.0
    var now: @Sendable () -> Date {
      { [self] in Date(timeIntervalSince1970: 1_740_000_000 + seconds) }
    }
  }

  private static func wait<T>(_ publisher: AnyPublisher<T, TaskServiceError>) throws -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, TaskServiceError>?
    let subscription = publisher.sink(
      receiveCompletion: { completion in
        if case .failure(let error) = completion { result = .failure(error) }
        done.signal()
      }, receiveValue: { result = .success($0) })
    done.wait()
    _ = subscription
    return try (result ?? .failure(.loadFailed)).get()
  }
}

/// Waits as the CLI does, for a store whose work runs on its own queue: lets that queue finish
/// what it was given, then moves the test scheduler, until the app is settled.
@MainActor
final class StoreSettleWaiter: SettleWaiter {
  let scheduler: TestSchedulerOf<DispatchQueue>
  let service: SQLiteTaskService

  init(scheduler: TestSchedulerOf<DispatchQueue>, service: SQLiteTaskService) {
    self.scheduler = scheduler
    self.service = service
  }

  func afterSettled(_ app: any SettlingWork, _ body: @escaping () -> Void) {
    var steps = 0
    repeat {
      service.waitForPendingWork()
      scheduler.advance()
      steps += 1
    } while app.isBusy && steps < 10_000
    body()
  }
}
