import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@testable import WebApp

/// What one tab's socket carries (issue 40, items 3 and 4), without a socket: texts in,
/// texts out, on a todo session in memory, in virtual time.
@Suite("Web: the socket protocol")
@MainActor
struct WebConnectionTests {
  /// What the connection sent, in order.
  struct Outbox: Sendable {
    let sent = Locked<[String]>([])
    var texts: [String] { sent.withLock { $0 } }
    func removeAll() { sent.withLock { $0.removeAll() } }
    var messages: [[String: Any]] {
      texts.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
  }

  let scheduler = DispatchQueue.test
  let outbox = Outbox()
  let connection: WebConnection

  init() throws {
    let service = try FixtureTaskService.make(clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    let session = TodoSession(service: service, scheduler: scheduler.asAny)
    let outbox = outbox
    connection = WebConnection(app: "todo", session: session) { text in
      outbox.sent.withLock { $0.append(text) }
    }
    scheduler.settle()
  }

  func states() -> [[String: Any]] { outbox.messages.filter { $0["type"] as? String == "state" } }

  @Test("the first state carries the stack's screens in the wire format")
  func firstState() throws {
    let state = try #require(states().first)
    #expect(state["app"] as? String == "todo")
    let screens = try #require(state["screens"] as? [[String: Any]])
    #expect(screens.map { $0["name"] as? String } == ["tasks"])
    let tasks = try #require(screens[0]["state"] as? [String: Any])
    #expect(tasks["sections"] != nil && tasks["canUndo"] as? Bool == false)
  }

  @Test("an input value goes to the session; its answer and the new state come down")
  func input() throws {
    connection.receive(#"{"id": 7, "input": {"tasks": {"quickAdd": {"title": "Milk"}}}}"#)
    scheduler.advance(by: .seconds(1))
    let answer = try #require(outbox.messages.first { $0["type"] as? String == "answer" })
    #expect(answer["id"] as? Int == 7 && answer["rejected"] == nil)
    // The state with the new task, then (settled) the same screen sent as its name alone.
    #expect(outbox.texts.contains { $0.contains(#""type":"state""#) && $0.contains("Milk") })
  }

  @Test("a refusal is answered with its text, and no message is sent for it")
  func refusal() throws {
    connection.receive(#"{"id": 1, "input": {"editor": {"ok": {}}}}"#)
    scheduler.settle()
    let answer = try #require(outbox.messages.first { $0["type"] as? String == "answer" })
    #expect(answer["rejected"] as? String == TodoRefusal.editorClosed)
    #expect(!outbox.messages.contains { $0["type"] as? String == "message" })
  }

  @Test("issue 42: an event comes down with its severity, for the page's colour")
  func severity() throws {
    connection.receive(#"{"id": 2, "input": {"tasks": {"delete": {"uid": 5}}}}"#)
    scheduler.advance(by: .seconds(1))
    let message = try #require(outbox.messages.first { $0["type"] as? String == "message" })
    #expect((message["text"] as? String)?.hasPrefix("Deleted \"") == true)
    #expect(message["severity"] as? String == "success")
  }

  @Test("malformed, unknown or oversized messages answer an error, and the session goes on")
  func errors() throws {
    for text in [
      "not json", #"{"input": {"nowhere": {}}}"#, #"{"input": {"tasks": {"fly": {}}}}"#,
      String(repeating: "x", count: WebConnection.messageLimit + 1),
    ] {
      outbox.removeAll()
      connection.receive(text)
      #expect(outbox.messages.first?["type"] as? String == "error", "\(text.prefix(40))")
    }
    outbox.removeAll()
    connection.receive(#"{"input": {"tasks": {"quickAdd": {"title": "Still here"}}}}"#)
    scheduler.advance(by: .seconds(1))
    #expect(outbox.texts.contains { $0.contains(#""type":"state""#) && $0.contains("Still here") })
  }

  @Test("an unchanged screen is sent as its name alone")
  func unchanged() throws {
    connection.receive(#"{"input": {"tasks": {"create": {}}}}"#)
    scheduler.settle()
    let state = try #require(states().last)
    let screens = try #require(state["screens"] as? [[String: Any]])
    #expect(screens.map { $0["name"] as? String } == ["tasks", "editor"])
    #expect(screens[0]["same"] as? Bool == true && screens[1]["state"] != nil)
  }

  @Test("issue 40, item 6: a toggle in a 10,000-task list sends what changed, under 16 KB")
  func toggleInLongList() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let tasks = (1...10_000).map {
      TaskItem(uid: Int64($0), title: "Task number \($0)", added: start + Double($0))
    }
    let session = TodoSession(
      service: InMemoryTaskService(tasks: tasks, clock: { start }), scheduler: scheduler.asAny)
    let outbox = Outbox()
    let connection = WebConnection(app: "todo", session: session) { text in
      outbox.sent.withLock { $0.append(text) }
    }
    scheduler.settle()
    // The first state says the list is reading; what follows brings the rows.
    let first = outbox.texts.reduce(0) { $0 + $1.utf8.count }
    #expect(first > 500_000, "the first states hold the list: \(first)")
    let uid = tasks[4_999].uid
    outbox.removeAll()
    connection.receive(#"{"id": 1, "input": {"tasks": {"toggle": {"uid": \#(uid)}}}}"#)
    scheduler.settle()
    let sent = outbox.texts.filter { $0.contains(#""type":"state""#) }
    #expect(!sent.isEmpty)
    #expect(sent.allSatisfy { $0.contains("patch") || !$0.contains("sections") })
    let bytes = sent.map(\.utf8.count).reduce(0, +)
    #expect(bytes <= 16_384, "\(bytes) bytes for one toggle")
    withExtendedLifetime(connection) {}
  }

  @Test("issue 40, item 4: a closed tab ends its session; 1,000 tabs opened and closed leave none")
  func noLeak() throws {
    weak var last: TodoSession?
    var alive = 0
    for _ in 0..<1_000 {
      weak var session: TodoSession?
      do {
        let service = try FixtureTaskService.make(clock: { Date(timeIntervalSince1970: 0) })
        let todo = TodoSession(service: service, scheduler: scheduler.asAny)
        session = todo
        last = todo
        let tab = WebConnection(app: "todo", session: todo) { _ in }
        scheduler.advance()
        tab.receive(#"{"input": {"tasks": {"quickAdd": {"title": "x"}}}}"#)
        scheduler.advance()
        tab.close()
      }
      scheduler.advance()
      if session != nil { alive += 1 }
    }
    #expect(alive == 0 && last == nil)
  }
}
