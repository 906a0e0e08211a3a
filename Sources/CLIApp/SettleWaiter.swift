import Foundation
import ViewModelKit

/// Waits until an app has settled, then runs the continuation.
@MainActor
public protocol SettleWaiter {
  func afterSettled(_ app: any SettlingWork, _ body: @escaping () -> Void)
}

/// The live waiter: lets the main queue run what the command scheduled, then waits on the
/// app's `isSettled`, at most `limit` seconds.
@MainActor
public final class MainQueueSettleWaiter: SettleWaiter {
  private let limit: TimeInterval
  /// Each wait's watch on its work, by the wait's number: a session's start may still be
  /// waiting while a line's own wait runs (tweets' `people` during the first poll).
  private var watches: [Int: AnyCancellable] = [:]
  private var waitsStarted = 0

  public init(limit: TimeInterval = 60) { self.limit = limit }

  public func afterSettled(_ app: any SettlingWork, _ body: @escaping () -> Void) {
    waitsStarted += 1
    let number = waitsStarted
    var done = false
    let finish = { [weak self] in
      guard !done else { return }
      done = true
      self?.watches[number] = nil
      body()
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + limit) { finish() }
    DispatchQueue.main.async { [weak self] in
      guard !done else { return }
      self?.watches[number] = app.isSettled.drive { settled in
        guard settled else { return }
        Self.whenDelivered(app, finish)
      }
    }
  }

  /// Runs `body` once every delivery queued for the main queue has run and the app is still
  /// settled; re-checks on each later turn of the main queue until then.
  private static func whenDelivered(_ app: any SettlingWork, _ body: @escaping () -> Void) {
    DispatchQueue.main.async {
      guard !app.isBusy else { return }  // busy again: the next isSettled change calls back
      if UserInterfaceWork.count == 0 { body() } else { whenDelivered(app, body) }
    }
  }
}

/// The in-process test waiter: moves a test scheduler until the app has settled.
@MainActor
public final class TestSchedulerSettleWaiter: SettleWaiter {
  private let scheduler: TestSchedulerOf<DispatchQueue>

  public init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  public func afterSettled(_ app: any SettlingWork, _ body: @escaping () -> Void) {
    scheduler.advance(by: .zero)
    var steps = 0
    while app.isBusy, steps < 600 {
      scheduler.advance(by: .milliseconds(100))
      steps += 1
    }
    body()
  }
}
