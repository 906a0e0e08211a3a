import Foundation
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// 2025-03-01T09:00:00.000Z, virtual time 0 in the behaviour tests.
let T0 = ISO8601DateFormatter().date(from: "2025-03-01T09:00:00Z")!

/// Runs a cold mutation to its end and returns its outcome.
@discardableResult
func run<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> Result<T, TaskServiceError> {
  var result: Result<T, TaskServiceError>?
  let cancellable = publisher.sink(
    receiveCompletion: { if case .failure(let e) = $0 { result = .failure(e) } },
    receiveValue: { result = .success($0) })
  _ = cancellable
  return result ?? .failure(.loadFailed)
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
