import Foundation
import Testing
import TodoFeature
import ViewModelKit

@Suite("End to end: cli todo", .serialized, .timeLimit(.minutes(10)))
struct TodoCLIEndToEndTests {
  /// Starts `cli todo` on `folder`, feeds it `lines` through a pipe left open, reads stdout
  /// until `marker` has been printed (5 minutes at most: a hang, not a loaded machine), then
  /// kills it with SIGKILL.
  func killWhenPrinted(_ marker: String, folder: URL, lines: [String]) async throws -> String {
    let program = Executables.url("cli").path
    let environment = Executables.childEnvironment([:])
    return try await offThePool {
      let child = try ChildProcess(
        program, ["todo", "--data-dir", folder.path], environment: environment)
      child.write(Data(lines.map { $0 + "\n" }.joined().utf8))
      let printed = child.readStdout(until: marker, deadline: Date().addingTimeInterval(300))
      child.signal(SIGKILL)
      child.waitForExit(deadline: Date().addingTimeInterval(30))
      return printed
    }
  }

  func storedTitles(_ folder: URL) throws -> [String] {
    let service = try SQLiteTaskService.open(
      at: folder.appendingPathComponent("todo.sqlite"), clock: { Date() },
      scheduler: DispatchQueue.test.eraseToAnyScheduler())
    var titles: [String] = []
    let cancellable = service.tasks.sink(
      receiveCompletion: { _ in },
      receiveValue: { tasks in
        titles = tasks.sorted { $0.uid < $1.uid }.map(\.title)
      })
    cancellable.cancel()
    return titles
  }

  @Test("TD-66 a SIGKILL loses no committed task")
  func td66() async throws {
    let adds = (1...50).map { "add Task \($0)" }
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let printed = try await killWhenPrinted(
      "statistics: 50 tasks, 50 due.", folder: folder, lines: adds)
    #expect(printed.contains("statistics: 50 tasks, 50 due."))
    #expect(try storedTitles(folder).count == 50)
  }

  @Test("TD-66 killed mid-stream, 50 times: a gap-free prefix survives")
  func td66MidStream() async throws {
    let adds = (1...50).map { "add Task \($0)" }
    for _ in 0..<50 {
      let folder = try Executables.scratch()
      defer { try? FileManager.default.removeItem(at: folder) }
      try Executables.storeMadeByTheTUI(in: folder)
      let printed = try await killWhenPrinted(
        "statistics: 30 tasks, 30 due.", folder: folder, lines: adds)
      #expect(printed.contains("statistics: 30 tasks, 30 due."))
      let titles = try storedTitles(folder)
      let added = Array(titles.dropFirst(5))
      #expect(
        titles.count >= 5
          && Array(titles.prefix(5)) == TaskItem.starterTasks(at: Date()).map(\.title))
      #expect((25...50).contains(added.count), "\(added.count) tasks survived")
      #expect(added == (0..<added.count).map { "Task \($0 + 1)" })
    }
  }

  @Test("issue 52: a store the CLI makes starts empty; one the TUI made shows its starter tasks")
  func starterTasksBelongToTheTUI() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try await Executables.run("cli", ["todo", "--data-dir", folder.path, "stats"])
    #expect(made.stdout == "statistics: 0 tasks, 0 due.\n" && made.status == 0)
    let other = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: other) }
    try Executables.storeMadeByTheTUI(in: other)
    let list = try await Executables.run("cli", ["todo", "--data-dir", other.path, "list"])
    #expect(list.stdout.contains("#5 [ ] Welcome! Press Space to check off a task"))
  }

  @Test("the spec's example session, and exit status 1")
  func example() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Executables.storeMadeByTheTUI(in: folder)
    let output = try await Executables.run(
      "cli", ["todo", "--data-dir", folder.path], input: "delete 2\ntoggle 42\nquit\n")
    #expect(
      output.stdout.hasSuffix(
        """
        ! Deleted "Press d to delete a task and u to undo". Undo brings it back.
        sections:
          Due Tasks
          #5 [ ] Welcome! Press Space to check off a task
          #4 [ ] Press Enter to edit a task's title
          #3 [ ] Press n to add a new task
          #1 [ ] Press / to filter tasks by title
          Done Tasks
          (none)
        statistics: 4 tasks, 4 due.
        tabTitle: Todo (4)
        canUndo: true

        """))
    #expect(output.stderr == "error: no task #42\n")
    #expect(output.status == 1)
  }

  @Test("issue 42: an undo lasts: a later process takes back a delete, then an add")
  func lastingUndo() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    func todo(_ words: String...) async throws -> Executables.Output {
      try await Executables.run("cli", ["todo", "--data-dir", folder.path] + words)
    }
    #expect(try await todo("add", "Buy", "milk").stdout == "Added #1 Buy milk\n")
    _ = try await todo("delete", "1")
    let restored = try await todo("undo")
    #expect(restored.stdout.hasSuffix("Restored #1 Buy milk\n") && restored.status == 0)
    #expect(try await todo("undo").stdout.hasSuffix("Removed #1 Buy milk\n"))
    let nothing = try await todo("undo")
    #expect(nothing.stderr == "error: Nothing to undo.\n" && nothing.status == 1)
  }

  @Test("a store that cannot be opened is a start-up error")
  func brokenStore() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("todo.sqlite")
    try Data("not a database at all, deliberately".utf8).write(to: file)
    let output = try await Executables.run("cli", ["todo", "--data-dir", folder.path, "list"])
    #expect(
      output.stderr == "error: The task database is damaged and was left untouched: \(file.path)\n")
    #expect(output.status == 1)
  }
}
