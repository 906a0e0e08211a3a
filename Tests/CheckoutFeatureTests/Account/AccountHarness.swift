import CheckoutFeature
import Foundation
import ViewModelKit
import ViewModelKitTesting

/// An account service scripted for virtual time: the fixture's taken names, answers after
/// `latency`, a failure on demand, and a log of every request and every cancellation.
final class ScriptedAccounts: AccountService, @unchecked Sendable {
  // Used from one test's thread only.
  let scheduler: TestSchedulerOf<DispatchQueue>
  var latency = 0.3
  var taken: Set<String> = ["admin", "olegam", "peas_lover", "shop", "support"]
  /// The next availability, create or rename fails with this.
  var failure: AccountError?
  private(set) var checks: [(name: String, time: Double)] = []
  private(set) var cancelled: [(name: String, time: Double)] = []
  private(set) var creates: [(username: String, email: String, password: String)] = []
  private(set) var renames: [(from: String, to: String)] = []

  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  var checkedNames: [String] { checks.map(\.name) }

  func availability(of username: String) -> AnyPublisher<Bool, AccountError> {
    Deferred { [self] () -> AnyPublisher<Bool, AccountError> in
      checks.append((username, scheduler.elapsed))
      return answer(!taken.contains(username))
        .handleEvents(receiveCancel: { [self] in cancelled.append((username, scheduler.elapsed)) })
        .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

  func create(username: String, email: String, password: String)
    -> AnyPublisher<Account, AccountError>
  {
    Deferred { [self] () -> AnyPublisher<Account, AccountError> in
      creates.append((username, email, password))
      if taken.contains(username) { failure = failure ?? .taken }
      taken.insert(username)
      return answer(Account(username: username, email: email))
    }
    .eraseToAnyPublisher()
  }

  func rename(from: String, to: String, password: String) -> AnyPublisher<Account, AccountError> {
    Deferred { [self] () -> AnyPublisher<Account, AccountError> in
      renames.append((from, to))
      if taken.contains(to) { failure = failure ?? .taken }
      taken.insert(to)
      return answer(Account(username: to, email: "ana@example.com"))
    }
    .eraseToAnyPublisher()
  }

  private func answer<T>(_ value: T) -> AnyPublisher<T, AccountError> {
    let result: Result<T, AccountError> = failure.map { .failure($0) } ?? .success(value)
    failure = nil
    return result.publisher
      .delay(for: .milliseconds(Int(latency * 1000)), scheduler: scheduler)
      .eraseToAnyPublisher()
  }
}

/// An account view model on a test scheduler, with its state recorded.
@MainActor
final class AccountHarness {
  let scheduler = DispatchQueue.test
  let service: ScriptedAccounts
  let storage: InMemoryCheckoutStorage
  let model: AccountViewModel
  let states: OutputRecorder<AccountState, Never>
  let events: OutputRecorder<ScreenEvent, Never>

  init(stored: Account? = nil) {
    service = ScriptedAccounts(scheduler: scheduler)
    storage = InMemoryCheckoutStorage(orders: [])
    if let stored { _ = storage.saveAccount(stored).sink(receiveCompletion: { _ in }) { _ in } }
    model = AccountViewModel(service: service, storage: storage, scheduler: scheduler.asAny)
    states = model.state.record(on: scheduler)
    events = model.events.record(on: scheduler)
    scheduler.settle()
  }

  /// The last state delivered (`.empty` before any, which the expectations then catch).
  var state: AccountState { states.last ?? .empty }
  func at(_ seconds: Double) { scheduler.advance(toSeconds: seconds) }
  var messages: [String] { events.values.map(\.message) }

  /// Every value of the username's status, with its time, repeats skipped (as a screen sees it).
  func statuses() -> [(UsernameStatus, Double)] {
    var result: [(UsernameStatus, Double)] = []
    for (state, time) in zip(states.values, states.times)
    where result.last?.0 != state.usernameStatus {
      result.append((state.usernameStatus, time))
    }
    return result
  }

  /// Fills a valid email, password and confirmation.
  func fillDetails(password: String = "hunter2hunter2") {
    model.setEmail("ana@example.com")
    model.setPassword(password)
    model.setConfirmation(password)
    scheduler.settle()
  }

  func stored() -> Account? {
    var account: Account?
    _ = storage.loadAccount().sink(receiveCompletion: { _ in }) { account = $0 }
    return account
  }
}
