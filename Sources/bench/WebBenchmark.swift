import AppEnvironment
import Foundation
import TodoFeature
import ViewModelKit
import WebApp

/// The web head's figures (issue 40, item 6), on the socket protocol without a socket: what 100
/// open tabs of the apps hold, what a todo toggle in a 10,000-task list costs the server (CPU
/// time, from `getrusage`, beside wall time) and sends, and whether 1,000 tabs opened and closed
/// leave anything behind. The browser's half (an input to the DOM updated) is measured in
/// Chromium by `Tests/Browser/web_test.py` (`Scripts/bench-web-browser.sh`).
let webSuite = BenchmarkSuite(
  name: "web",
  summary: "a todo toggle at 10,000 tasks (CPU, bytes), 100 sessions' memory, 1,000 tabs"
) {
  runWebBenchmarks()
}

/// One tab as the server holds it: a connection and what it has sent.
@MainActor
private final class BenchTab {
  let connection: WebConnection
  private let outbox = Locked<[String]>([])
  weak var session: AnyObject?

  init(app: String = "todo", session: any WebPresentable) {
    self.session = session
    let outbox = outbox
    connection = WebConnection(app: app, session: session) { text in
      outbox.withLock { $0.append(text) }
    }
  }

  /// Takes what was sent since the last call.
  func take() -> [String] {
    outbox.withLock { sent in
      defer { sent = [] }; return sent
    }
  }

  /// Turns the main run loop until `condition` holds for what was sent.
  func wait(until condition: ([String]) -> Bool) -> [String] {
    var sent: [String] = []
    let deadline = Date().addingTimeInterval(30)
    while !condition(sent) {
      _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.0005))
      sent += take()
      if Date() > deadline {
        fatalError("bench web: no answer within 30 s: \(sent.map { $0.prefix(300) })")
      }
    }
    return sent
  }
}

@MainActor
private func runWebBenchmarks() -> Bool {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bench-web-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  guard let (held, hundred) = measureHundredTabs(in: folder.appendingPathComponent("apps"))
  else {
    print("  could not open 100 sessions of the apps")
    return false
  }
  var sessions = hundred
  let file = folder.appendingPathComponent("todo.sqlite")
  do {
    _ = try SQLiteTaskService.open(
      at: file, clock: { Date() }, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    try TaskGenerator.fill(file, count: 9_995, from: Date(timeIntervalSince1970: 1_735_689_600))
  } catch {
    print("  could not make the store: \(error)")
    return false
  }
  func openSession() -> TodoSession? {
    guard
      let service = try? SQLiteTaskService.open(
        at: file, clock: { Date() }, scheduler: .userInterface,
        checkEvery: SQLiteTaskService.otherProcessCheck)
    else { return nil }
    return TodoSession(service: service, scheduler: .userInterface)
  }
  guard let session = openSession() else {
    print("  could not open the store")
    return false
  }
  let tab = BenchTab(session: session)
  let first = tab.wait { $0.contains { $0.contains(#""settled":true"#) } }
  let firstBytes = first.map(\.utf8.count).reduce(0, +)
  // A task to toggle, by its uid, from the state the page got.
  guard let uid = first.lazy.compactMap(firstTaskUID).first else {
    print("  the list is empty")
    return false
  }
  let toggle = #"{"id": 1, "input": {"tasks": {"toggle": {"uid": \#(uid)}}}}"#
  var wall: [Double] = []
  var cpu: [Double] = []
  var bytes: [Int] = []
  for run in 0..<40 {
    while session.tasks.isBusy {  // the previous toggle's write has not finished
      _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.0005))
    }
    let clock = ContinuousClock()
    let cpuBefore = processCPUSeconds()
    var sent: [String] = []
    let elapsed = clock.measure {
      tab.connection.receive(toggle)
      sent = tab.wait { sent in
        sent.contains { $0.contains(#""type":"answer""#) }
          && sent.contains { $0.contains(#""patch""#) }
      }
    }
    let cpuUsed = processCPUSeconds() - cpuBefore
    sent += tab.wait { _ in true }
    if run >= 5 {  // the first runs warm up
      wall.append(seconds(elapsed))
      cpu.append(cpuUsed)
      bytes.append(sent.filter { $0.contains(#""type":"state""#) }.map(\.utf8.count).reduce(0, +))
    }
  }
  let cpuFigure = Measurement(
    label: "toggle at 10,000 tasks: input to state sent", samples: cpu, operationsPerRun: 1)
  let wallFigure = Measurement(
    label: "toggle at 10,000 tasks: input to state sent, wall", samples: wall, operationsPerRun: 1)
  print("  first state at 10,000 tasks: \(firstBytes / 1024) KiB")
  print(
    "  bytes sent per toggle: max \(bytes.max() ?? 0), median \(bytes.sorted()[bytes.count / 2])")
  tab.connection.close()

  // 100 tabs open at once on the same 10,000-task store, each its own session.
  let before = residentMegabytes() ?? 0
  var tabs: [BenchTab] = []
  for _ in 0..<100 {
    guard let session = openSession() else { break }
    tabs.append(BenchTab(session: session))
  }
  for tab in tabs { _ = tab.wait { $0.contains { $0.contains(#""settled":true"#) } } }
  let heldAtTenThousand = (residentMegabytes() ?? 0) - before
  print(
    String(format: "  100 sessions at 10,000 tasks: %.0f MB for the sessions", heldAtTenThousand))
  for tab in tabs { tab.connection.close() }
  sessions += tabs.map { Weak($0.session) }
  tabs = []
  _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))

  // 1,000 tabs opened and closed one after another: nothing may stay.
  let beforeThousand = residentMegabytes() ?? 0
  var leaked = sessions.filter { $0.value != nil }.count
  for _ in 0..<1_000 {
    var weak = Weak(nil)
    do {
      guard let service = try? FixtureTaskService.make(clock: { Date() }) else { break }
      let todo = TodoSession(service: service, scheduler: .userInterface)
      weak = Weak(todo)
      let tab = BenchTab(session: todo)
      _ = tab.wait { $0.contains { $0.contains(#""type":"state""#) } }
      tab.connection.close()
    }
    _ = RunLoop.main.run(mode: .default, before: Date())
    if weak.value != nil { leaked += 1 }
  }
  let afterThousand = residentMegabytes() ?? 0
  print(
    String(
      format: "  1,000 tabs opened and closed: %d sessions left; resident %.0f MB → %.0f MB",
      leaked, beforeThousand, afterThousand))
  let timed = Budget.report([Budget(cpuFigure, limit: 0.050)])
  print(
    "  the same toggle in wall time: median \(formatDuration(wallFigure.p50)), "
      + "p95 \(formatDuration(wallFigure.percentile(95)))")
  let checks = [
    ("bytes per toggle ≤ 16 KiB", (bytes.max() ?? .max) <= 16_384),
    ("100 sessions (25 per app) within 300 MB", held <= 300),
    ("no session outlives its tab", leaked == 0),
  ]
  for (label, met) in checks { print("  \(label)  \(met ? "ok" : "OVER")") }
  return timed && checks.allSatisfy(\.1)
}

/// The 101st task of the first section in a state message, as the page would send it back.
/// The uid of the 101st task of the first section in a state message: in a whole state, or in
/// the patch that brings the rows once the store's first read is done (the first state of a
/// session has no rows yet).
private func firstTaskUID(in message: String) -> Int64? {
  guard
    let json = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any],
    let screen = (json["screens"] as? [[String: Any]])?.first
  else { return nil }
  let sections: [Any]?
  if let state = screen["state"] as? [String: Any] {
    sections = state["sections"] as? [Any]
  } else {
    let fields = (screen["patch"] as? [String: Any])?["fields"] as? [String: Any]
    let splice = (fields?["sections"] as? [String: Any])?["splice"] as? [Any]
    sections = splice?.last as? [Any]
  }
  let items = (sections?.first as? [String: Any])?["items"] as? [[String: Any]]
  return (items?.dropFirst(100).first?["uid"] as? NSNumber)?.int64Value
}

/// 100 tabs as a server holds them, 25 of each app from the registry on a fresh data folder:
/// the process's resident memory with them open, measured first, on a fresh heap. Answers it,
/// and the sessions, to see that they all go when their tabs close.
@MainActor
private func measureHundredTabs(in folder: URL) -> (megabytes: Double, sessions: [Weak])? {
  let before = residentMegabytes() ?? 0
  guard
    let configuration = try? AppConfiguration.resolve(
      options: SharedOptions.parse(["--offline", "--data-dir", folder.path]))
  else { return nil }
  var tabs: [BenchTab] = []
  for app in AppRegistry.standard.apps {
    for _ in 0..<25 {
      guard
        let session = try? app.makeSession(configuration, AppFlagValues(), .userInterface)
          as? any WebPresentable
      else { continue }
      tabs.append(BenchTab(app: app.name, session: session))
    }
  }
  for tab in tabs { _ = tab.wait { $0.contains { $0.contains(#""settled":true"#) } } }
  for _ in 0..<20 { _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01)) }
  let held = residentMegabytes() ?? 0
  print(
    String(
      format: "  100 sessions (25 per app): resident %.0f MB (%.0f MB before them)", held, before))
  for tab in tabs { tab.connection.close() }
  let sessions = tabs.map { Weak($0.session) }
  guard tabs.count == 100 else { return nil }
  return (held, sessions)
}

/// A weak reference, to see whether a session outlived its tab.
private struct Weak {
  weak var value: AnyObject?
  init(_ value: AnyObject?) { self.value = value }
}
