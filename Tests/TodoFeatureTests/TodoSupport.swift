import Foundation
import GRDB
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// 2025-03-01T09:00:00.000Z, virtual time 0 in the behaviour tests.
let T0 = (ISO8601DateFormatter().date(from: "2025-03-01T09:00:00Z") ?? .distantPast)

/// Runs a cold mutation to its end (on whatever thread it answers) and returns its outcome.
@discardableResult
func run<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> Result<T, TaskServiceError> {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let cancellable = publisher.sink(
    receiveCompletion: { completion in
      if case .failure(let e) = completion { box.set(.failure(e)) }
      done.signal()
    },
    receiveValue: { box.set(.success($0)) })
  _ = done.wait(timeout: .now() + 30)
  _ = cancellable
  return box.get() ?? .failure(.loadFailed)
}

final class ResultBox<T>: @unchecked Sendable {
  // Written by the answering thread before the semaphore is signalled, read after.
  private let lock = NSLock()
  private var value: Result<T, TaskServiceError>?
  func set(_ result: Result<T, TaskServiceError>) {
    lock.lock()
    value = result
    lock.unlock()
  }
  func get() -> Result<T, TaskServiceError>? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}

/// The latest value a never-ending publisher replays on subscription.
func current<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> T? {
  var value: T?
  let cancellable = publisher.sink(receiveCompletion: { _ in }, receiveValue: { value = $0 })
  cancellable.cancel()
  return value
}

/// A thread-safe clock the tests move by hand.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Date
  init(_ start: Date = T0) { instant = start }
  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return instant
  }
  func set(_ date: Date) {
    lock.lock()
    instant = date
    lock.unlock()
  }
  var function: @Sendable () -> Date { { [self] in now } }
}

/// Writes a store as an earlier version left it: the folder made, `body` run in one write on
/// a plain connection to `file`, the connection closed (the migration tests).
func writeEarlierStore(at file: URL, _ body: (Database) throws -> Void) throws {
  try FileManager.default.createDirectory(
    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
  let old = try DatabaseQueue(path: file.path)
  try old.write(body)
  try old.close()
}
