import Foundation
import TodoFeature
import ViewModelKit

/// A todo session whose view models run on a real serial queue, as a front end would drive
/// them. The benchmark sends inputs onto that queue and waits there for the outputs.
final class TodoRig: @unchecked Sendable {
  // Everything but `service`, `checks` and `changed` is touched only on `queue`.

  /// The outputs as last delivered.
  struct Outputs {
    var sections: [TaskSection] = []
    var statistics = ""
    /// How many `sections` values have arrived.
    var sectionValues = 0
    var due: Int { sections.first?.items.count ?? 0 }
    var total: Int { sections.reduce(0) { $0 + $1.items.count } }
  }

  let queue = DispatchQueue(label: "bench.todo.view-models")
  let service: SQLiteTaskService
  /// Times the store's 2 s check for other processes' commits, so a run can fire it at once.
  let checks = DispatchQueue.test
  private var session: TodoSession!
  private var outputs = Outputs()
  private let changed = DispatchSemaphore(value: 0)
  private var subscriptions = Set<AnyCancellable>()

  init(file: URL) throws {
    service = try SQLiteTaskService.open(
      at: file, clock: { Date() }, scheduler: checks.eraseToAnyScheduler())
    queue.sync {
      let session = TodoSession(service: service, scheduler: queue.eraseToAnyScheduler())
      self.session = session
      session.tasks.sections.drive { [unowned self] in
        outputs.sections = $0
        outputs.sectionValues += 1
        changed.signal()
      }
      .store(in: &subscriptions)
      session.tasks.statistics.drive { [unowned self] in
        outputs.statistics = $0
        changed.signal()
      }
      .store(in: &subscriptions)
      session.coordinator.changes.sink { [unowned self] _ in changed.signal() }
        .store(in: &subscriptions)
    }
  }

  deinit {
    queue.sync {
      subscriptions = []
      session.shutdown()
    }
  }

  /// Runs `body` on the view models' queue.
  @discardableResult
  func run<T>(_ body: (TodoSession, Outputs) -> T) -> T {
    queue.sync { body(session, outputs) }
  }

  /// Waits until `condition` holds for the session and its delivered outputs.
  func waitFor(_ condition: (TodoSession, Outputs) -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !run(condition) {
      if changed.wait(timeout: .now() + .milliseconds(100)) == .timedOut, Date() > deadline {
        fatalError("bench: an awaited output did not arrive within 30 s")
      }
    }
  }

  /// Waits until the session has nothing pending (so the next input is not refused as busy).
  func waitUntilSettled() {
    repeat {
      service.waitForPendingWork()
      queue.sync {}
    } while run({ session, _ in session.tasks.isBusy })
  }

  /// Brings back the last deleted task and waits until it is listed again.
  func undoAndWait() {
    let due = run { _, outputs in outputs.due }
    // The delete's answer reaches the view model a hop after its sections: until then there
    // is nothing to undo, and the input is refused at once (an accepted one answers later).
    waitFor { session, _ in session.tasks.undo().immediateAnswer == nil }
    waitFor { _, outputs in outputs.due == due + 1 }
    waitUntilSettled()
  }
}
