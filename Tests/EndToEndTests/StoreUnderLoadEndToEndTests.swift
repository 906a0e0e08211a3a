import Foundation
import GRDB
import Testing

/// Issue 38, item 3: writers take turns on a store, however many, and wait out another
/// connection that holds the write lock for a couple of seconds (a backup, a `sqlite3`
/// shell).
@Suite("End to end: stores under load", .serialized, .timeLimit(.minutes(10)))
struct StoreUnderLoadEndToEndTests {
  /// Holds the write lock of the database at `path` for `seconds`, `times` times, with a
  /// short gap between: what a backup or a `sqlite3` shell does now and then. The sleeps are
  /// the scenario's own durations (a holder that keeps the lock 2 s), not a guess at how fast
  /// anything runs: on a slower machine the writers meet the lock later or not at all, and the
  /// expectations (nothing fails, nothing is lost) hold either way.
  static func holdLock(_ path: String, seconds: Double, times: Int) async throws {
    try await offThePool {
      var configuration = Configuration()
      configuration.busyMode = .timeout(60)
      let holder = try DatabaseQueue(path: path, configuration: configuration)
      for _ in 0..<times {
        try holder.writeWithoutTransaction { db in
          try db.execute(sql: "BEGIN IMMEDIATE")
          Thread.sleep(forTimeInterval: seconds)
          try db.execute(sql: "COMMIT")
        }
        Thread.sleep(forTimeInterval: 0.3)
      }
    }
  }

  /// Runs `writers` shell loops at once, each running `command` `count` times with its
  /// number and the loop's; answers how many runs failed.
  static func loops(writers: Int, count: Int, _ command: String) async throws -> Int {
    let cli = Executables.url("cli").path
    return try await withThrowingTaskGroup(of: Int.self) { group in
      for writer in 1...writers {
        group.addTask {
          let script = """
            for i in $(seq 1 \(count)); do \(command) >/dev/null || echo FAILED; done
            """
          let output = try await Executables.runProgram(
            "/bin/sh", ["-c", script, cli, "\(writer)"], timeout: 240)
          return output.stdout.components(separatedBy: "FAILED").count - 1
        }
      }
      return try await group.reduce(0, +)
    }
  }

  @Test("ten todo add loops while the lock is held 2 s at a time: no add fails, none is lost")
  func todoWriters() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let start = try await Executables.run("cli", ["todo", "--data-dir", data.path, "stats"])
    #expect(start.stdout == "statistics: 0 tasks, 0 due.\n")
    let store = data.appendingPathComponent("todo.sqlite").path
    async let held: Void = Self.holdLock(store, seconds: 2, times: 3)
    let failures = try await Self.loops(
      writers: 10, count: 20, "\"$0\" todo --data-dir '\(data.path)' add \"writer $1 task $i\"")
    try await held
    #expect(failures == 0)
    let end = try await Executables.run("cli", ["todo", "--data-dir", data.path, "stats"])
    #expect(end.stdout == "statistics: 200 tasks, 200 due.\n")
  }

  @Test("eight checkout add loops while the lock is held: every item is in the cart")
  func checkoutWriters() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    _ = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path, "cart"])
    let store = data.appendingPathComponent("checkout.sqlite").path
    async let held: Void = Self.holdLock(store, seconds: 2, times: 3)
    let failures = try await Self.loops(
      writers: 8, count: 10,
      """
      p=$(echo peas eggs milk beans | cut -d' ' -f$(( ($1 - 1) % 4 + 1 ))); \
      "$0" checkout --offline --data-dir '\(data.path)' add $p
      """)
    try await held
    #expect(failures == 0)
    let quantities = try await SharedStoreEndToEndTests.quantities(in: data)
    #expect(quantities == [20, 20, 20, 20])
  }

  @Test("a remembered choice is checkpointed into choices.sqlite: the log is empty after the write")
  func choicesCheckpointed() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let output = try await Executables.run(
      "cli", ["weather", "--data-dir", data.path, "units", "f"])
    #expect(output.status == 0)
    // And a store only opened (tweets remembers nothing here) is left with an empty log too.
    _ = try await Executables.run("cli", ["tweets", "--data-dir", data.path, "timeline"])
    let log = data.appendingPathComponent("choices.sqlite-wal").path
    let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
    #expect(size == 0)
  }
}
