import Foundation
import ViewModelKit

// How the task list reads the store: the rows once something looks at the list, retried
// 2 s after a failure, and the counts on their own.

/// Starts a subscription the first time it is asked to, from whichever thread asks, and
/// holds it until cancelled.
final class LoadOnFirstLook: Sendable {
  private let started = Locked(false)
  private let held = SendableCancellable()

  /// Runs `connect` and keeps what it returns, the first time only.
  func start(_ connect: () -> any Cancellable) {
    let first = started.withLock { started in
      defer { started = true }
      return !started
    }
    if first { held.hold(connect()) }
  }

  func cancel() { held.cancel() }
}

/// The counts on their own, display-ready: what `stats` prints and a status line shows
/// without waiting for every row of a large store.
public struct TaskCountsState: Equatable, Sendable, Codable {
  /// "5 tasks, 5 due.", or why the counts could not be read.
  public var statistics: String
  /// "Todo (5)".
  public var tabTitle: String
  /// The counts as numbers (zero when they could not be read).
  public var counts: TaskStatistics
  /// The store could not be read: `statistics` says so.
  public var readFailed: Bool
}

extension TaskServiceError {
  /// Whether this is a refusal answered to the input that asked (`.notFound`,
  /// `.invalidChange`), which the list shows no toast for.
  var isRefusal: Bool {
    switch self {
    case .notFound, .invalidChange: true
    default: false
    }
  }
}

extension TasksViewModel {
  /// What one read of the service gives: the rows, or the end of the stream by a failure.
  enum Load {
    case listing(TaskListing)
    case failed

    var listing: TaskListing? {
      if case .listing(let listing) = self { return listing }
      return nil
    }
    var isFailure: Bool { listing == nil }
  }

  /// The service's listing (a failure of `statistics` ends it too), delivered on `scheduler`;
  /// after a failure, `.failed` and then the same again 2 s later. The service is held
  /// weakly: a retry still scheduled must not keep a session that was let go alive.
  nonisolated static func loads(
    from service: any TaskService, scheduler: AnySchedulerOf<DispatchQueue>
  )
    -> AnyPublisher<Load, Never>
  {
    // A store's first read happens in the subscription, so it is made on the scheduler's next
    // turn (a zero delay is a real turn; the scheduler's `schedule` would run at once on the
    // main thread): a front end draws its first frame before a large store is read.
    Just(()).delay(for: .zero, scheduler: scheduler).setFailureType(to: TaskServiceError.self)
      .flatMap { [weak service] () -> AnyPublisher<Load, TaskServiceError> in
        guard let service else { return Empty().eraseToAnyPublisher() }
        return service.listing.map(Load.listing)
          .merge(with: service.statistics.compactMap { _ -> Load? in nil })
          .eraseToAnyPublisher()
      }
      .receive(on: scheduler)
      .catch { [weak service] _ -> AnyPublisher<Load, Never> in
        guard let service else { return Empty().eraseToAnyPublisher() }
        return Just(Load.failed).append(
          Just(()).delay(for: .seconds(2), scheduler: scheduler)
            .flatMap { [weak service] () -> AnyPublisher<Load, Never> in
              guard let service else { return Empty().eraseToAnyPublisher() }
              return loads(from: service, scheduler: scheduler)
            }
        )
        .eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }

  /// Each load with whether it toasts: a failure toasts only when the read before it did not
  /// fail, so a run of failures says so once and a success re-arms it (TD-57).
  nonisolated static func loadSteps(
    from service: any TaskService, scheduler: AnySchedulerOf<DispatchQueue>
  ) -> AnyPublisher<(load: Load?, failing: Bool, toast: Bool), Never> {
    loads(from: service, scheduler: scheduler)
      .scan((load: Load?.none, failing: false, toast: false)) { previous, load in
        (load, load.isFailure, load.isFailure && !previous.failing)
      }
      .eraseToAnyPublisher()
  }

  /// Today, then each new day: the calendar is looked at every minute on `scheduler` (in
  /// virtual time in tests), so a list left open past midnight says `overdue 1 day`.
  nonisolated static func days(_ calendar: TaskCalendar, _ scheduler: AnySchedulerOf<DispatchQueue>)
    -> AnyPublisher<TaskDay, Never>
  {
    Deferred { Just(calendar.today) }
      .append(scheduler.ticks(every: .seconds(60)).map { calendar.today })
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  /// The service's counts as display-ready states; a failure is a state that says so.
  nonisolated static func countsStates(from service: any TaskService) -> AnyPublisher<
    TaskCountsState, Never
  > {
    service.statistics
      .map { counts in
        TaskCountsState(
          statistics: statisticsText(counts), tabTitle: tabTitleText(counts), counts: counts,
          readFailed: false)
      }
      .catch { error in
        Just(
          TaskCountsState(
            statistics: error.message, tabTitle: tabTitleText(TaskStatistics(total: 0, due: 0)),
            counts: TaskStatistics(total: 0, due: 0), readFailed: true))
      }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }
}
