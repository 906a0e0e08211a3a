import CLIApp
import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

@Suite("CLI: active on and off")
@MainActor
struct ActiveCommandTests {
  @Test(
    "AV-05 active on re-reads the store at once (the session starts active); a bad word is refused")
  func av05() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cli-active-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.sqlite")
    let scheduler = DispatchQueue.test
    let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) }
    let service = try SQLiteTaskService.open(
      at: file, clock: clock, scheduler: scheduler.eraseToAnyScheduler())
    let session = TodoSession(service: service, scheduler: scheduler.eraseToAnyScheduler())
    let streams = MemoryStreams()
    let shell = CLIShell(
      app: TodoCLI(session: session), json: false, streams: streams,
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
    shell.start(printInitialSet: false) {}
    shell.run(line: "active off") { _ in }
    // Another process adds a task; this session's 2 s check has not come round.
    let other = try SQLiteTaskService.open(
      at: file, clock: clock, scheduler: DispatchQueue.test.eraseToAnyScheduler())
    _ = other.createTask(title: "From elsewhere").sink(receiveCompletion: { _ in }) { _ in }
    other.waitForPendingWork()
    shell.run(line: "active on") { _ in }
    service.waitForPendingWork()
    scheduler.advance()
    shell.run(line: "stats") { _ in }
    #expect(streams.stdout.contains("statistics: 6 tasks, 6 due."))
    #expect(scheduler.elapsed < 2)
    shell.run(line: "active maybe") { _ in }
    #expect(
      streams.stderr == [
        "error: The value 'maybe' is invalid for '<on|off>'. Please provide one of 'on' and "
          + "'off'; usage: active <on|off>"
      ])
    #expect(shell.exitStatus == 1)
  }
}
