import Foundation
import TodoFeature
import ViewModelKit

/// A todo session as a front end drives it: its view models on the main actor, on the live UI
/// scheduler (the main queue), with the store's work on its own queues. A wait turns the main
/// run loop, which serves the main queue, until the outputs it waits for have arrived.
@MainActor
final class TodoRig {
  /// The outputs as last delivered.
  struct Outputs {
    var sections: [TaskSection] = []
    var statistics = ""
    /// How many `sections` values have arrived.
    var sectionValues = 0
    var due: Int { sections.first?.items.count ?? 0 }
    var total: Int { sections.reduce(0) { $0 + $1.items.count } }
  }

  let service: SQLiteTaskService
  /// Times the store's 2 s check for other processes' commits, so a run can fire it at once.
  let checks = DispatchQueue.test
  private let session: TodoSession
  private var outputs = Outputs()
  private var subscriptions = Set<AnyCancellable>()

  init(file: URL) throws {
    service = try SQLiteTaskService.open(
      at: file, clock: { Date() }, scheduler: checks.eraseToAnyScheduler())
    session = TodoSession(service: service, scheduler: .userInterface)
    session.tasks.sections.drive { [unowned self] in
      outputs.sections = $0
      outputs.sectionValues += 1
    }
    .store(in: &subscriptions)
    session.tasks.statistics.drive { [unowned self] in outputs.statistics = $0 }
      .store(in: &subscriptions)
  }

  /// Stops following the outputs and writes what is pending.
  func close() {
    subscriptions = []
    session.shutdown()
  }

  /// Runs `body` with the session and the outputs delivered so far.
  @discardableResult
  func run<T>(_ body: (TodoSession, Outputs) -> T) -> T { body(session, outputs) }

  /// Waits until `condition` holds for the session and its delivered outputs, turning the main
  /// run loop meanwhile.
  func waitFor(_ condition: (TodoSession, Outputs) -> Bool) {
    let deadline = Date().addingTimeInterval(30)
    while !condition(session, outputs) {
      _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001))
      if Date() > deadline { fatalError("bench: an awaited output did not arrive within 30 s") }
    }
  }

  /// Waits until the session has nothing pending (so the next input is not refused as busy).
  func waitUntilSettled() {
    repeat {
      service.waitForPendingWork()
      _ = RunLoop.main.run(mode: .default, before: Date())
    } while session.tasks.isBusy
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
