import Foundation
import GRDB
import TodoFeature
import ViewModelKit

/// The todo budget (spec section 8) at 100,000 tasks in a file store: open, toggle, the other
/// edits, filter and an external change, each measured until `sections` has the change.
///
/// Delivery is immediate: each operation is followed by waiting for the store's queue and
/// running the test scheduler for the current instant, so what is measured is the work, not a
/// main-queue hop.
let todoSuite = BenchmarkSuite(
  name: "todo",
  summary: "open, toggle, add/delete/undo, filter and external change at 100,000 tasks"
) {
  runTodoBenchmarks()
}

private final class Latest {
  var sections: [TaskSection] = []
  var statistics = ""
  var emissions = 0
}

private func runTodoBenchmarks() {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bench-todo-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("todo.sqlite")
  let start = Date(timeIntervalSince1970: 1_740_000_000)
  let scheduler = DispatchQueue.test
  do {
    _ = try SQLiteTaskService.open(
      at: file, clock: { start }, scheduler: scheduler.eraseToAnyScheduler())
    try generate(into: file, count: 100_000, from: start)
  } catch {
    print("todo: cannot build the store: \(error)")
    return
  }

  var results: [(Measurement, String)] = []
  results.append(
    (
      measure("open → first sections", warmup: 1, runs: 10) {
        guard
          let service = try? SQLiteTaskService.open(
            at: file, clock: { start }, scheduler: scheduler.eraseToAnyScheduler())
        else { return }
        let session = TodoSession(service: service, scheduler: scheduler.eraseToAnyScheduler())
        let latest = Latest()
        let watch = session.tasks.sections.drive { latest.sections = $0 }
        scheduler.advance()
        precondition(!latest.sections.isEmpty)
        watch.cancel()
      }, "p95 < 200 ms"
    ))

  guard
    let service = try? SQLiteTaskService.open(
      at: file, clock: { start }, scheduler: scheduler.eraseToAnyScheduler())
  else { return }
  let session = TodoSession(service: service, scheduler: scheduler.eraseToAnyScheduler())
  let tasks = session.tasks
  let latest = Latest()
  var subscriptions = Set<AnyCancellable>()
  tasks.sections.drive {
    latest.sections = $0; latest.emissions += 1
  }.store(in: &subscriptions)
  tasks.statistics.drive { latest.statistics = $0 }.store(in: &subscriptions)
  scheduler.advance()
  func settle() {
    repeat {
      service.waitForPendingWork()
      scheduler.advance()
    } while tasks.isBusy
  }
  var index = 0
  results.append(
    (
      measure("toggle → sections and statistics", warmup: 5, runs: 100) {
        index += 1
        tasks.toggle(tasks.task(uid: Int64(index))!)
        settle()
      }, "p95 < 30 ms"
    ))
  results.append(
    (
      measure("quickAdd → sections", warmup: 5, runs: 100) {
        tasks.quickAdd("Benchmark task \(index)")
        index += 1
        settle()
      }, "p95 < 30 ms"
    ))
  results.append(
    (
      measure("delete then undo → sections", warmup: 5, runs: 100, operationsPerRun: 2) {
        index += 1
        tasks.delete(tasks.task(uid: Int64(index))!)
        settle()
        tasks.undo()
        settle()
      }, "p95 < 30 ms each"
    ))
  var words = ["milk", "card"]
  results.append(
    (
      measure("filter (4 letters) → sections", warmup: 2, runs: 20) {
        words.swapAt(0, 1)
        tasks.setFilter(words[0])
        scheduler.advance(by: .milliseconds(150))
      }, "p95 < 150 ms"
    ))
  tasks.setFilter("")
  scheduler.advance()
  let other = try? DatabaseQueue(path: file.path)
  results.append(
    (
      measure("external change → sections (one reload)", warmup: 1, runs: 10) {
        try? other?.write {
          try $0.execute(sql: "INSERT INTO task (title, added) VALUES ('external', 0)")
        }
        scheduler.advance(by: .seconds(2))
        settle()
      }, "p95 < 150 ms"
    ))
  print(
    "todo (100,000 tasks; \(latest.emissions) sections values; full reads \(service.fullReadCount)):"
  )
  report(results.map(\.0))
  for (measurement, budget) in results {
    print(
      "  budget \(measurement.label): \(budget); measured p95 \(formatDuration(measurement.percentile(95)))"
    )
  }
  _ = subscriptions
}

/// Fills the store with `count` generated tasks (two thirds due), in one transaction.
private func generate(into file: URL, count: Int, from start: Date) throws {
  let words = [
    "milk", "card", "café", "garden", "passport", "東京", "letter", "boiler", "paint", "book", "call",
    "ticket",
  ]
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
  let database = try DatabaseQueue(path: file.path)
  try database.write { db in
    let statement = try db.makeStatement(
      sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, ?)")
    let base = start.millisecondsSince1970
    for i in 0..<count {
      var title = ""
      while title.count < 20 + Int(next() % 60) {
        title += words[Int(next() % UInt64(words.count))] + " "
      }
      let added = base + Int64(i) * 1000
      let checked: Int64? = i % 3 == 0 ? added + 500 : nil
      try statement.execute(arguments: [title.trimmingCharacters(in: .whitespaces), added, checked])
    }
  }
}
