import Foundation
import ViewModelKit

/// Why a poll or an older load failed.
enum FetchFailure: Error, Equatable {
  case twitter(TwitterError)
  case store(StoreError)
  /// A failure with its own text (`No user named @x.`).
  case other(String)

  var message: String {
    switch self {
    case .twitter(let error): error.message
    case .store(let error): error.message
    case .other(let text): text
    }
  }
}

extension Publisher where Failure == TwitterError {
  /// The request, failing as `timeout` when nothing has come `TweetsTiming.requestTimeout`
  /// seconds after it started (on `scheduler`), and as `FetchFailure`.
  func timed(on scheduler: AnySchedulerOf<DispatchQueue>) -> AnyPublisher<Output, FetchFailure> {
    timeout(.seconds(TweetsTiming.requestTimeout), scheduler: scheduler) { .timeout }
      .mapError(FetchFailure.twitter).eraseToAnyPublisher()
  }
}

/// The fetching engine of a timeline: a fetch at each 30 s tick and whenever the gate
/// (authorized and not paused) opens or `refresh()` asks, one at a time (a new one cancels
/// the one in flight), with the status line, the loading flag, de-duplicated errors, the
/// 401 logout, the rate-limit wait and inferred reachability.
final class TimelinePoller {
  /// The work of one poll with the account's token.
  typealias Fetch = (String) -> AnyPublisher<Void, FetchFailure>

  let status: Driver<String>
  let isLoading: Driver<Bool>
  let loggedIn: Driver<Bool>
  /// Failure messages, each once until a success or another message comes between.
  let errors: Signal<String>

  private let env: TweetsEnvironment
  private let activity: ActivityTracker
  private let fetch: Fetch
  private let account = BehaviorRelay<AccountStatus?>(value: nil)
  private let loading = BehaviorRelay(value: false)
  private let lastPoll = BehaviorRelay<(succeeded: Bool, at: Date)?>(value: nil)
  private let errorRelay = PublishRelay<String>()
  private var subscriptions = Set<AnyCancellable>()
  private var inFlight: AnyCancellable?
  private var lastTrigger: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var blockedUntil: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var lastErrorMessage: String?
  private var gateWasOpen = false

  init(env: TweetsEnvironment, activity: ActivityTracker, fetch: @escaping Fetch) {
    self.env = env
    self.activity = activity
    self.fetch = fetch
    let scheduler = env.scheduler
    isLoading = loading.removeDuplicates().asDriver(scheduler: scheduler)
    loggedIn = account.compactMap { $0 }.map { if case .authorized = $0 { true } else { false } }
      .removeDuplicates().asDriver(scheduler: scheduler)
    let timeZone = env.timeZone
    status = account.combineLatest(env.paused, env.reachable, lastPoll) {
      account, paused, reachable, last in
      guard case .authorized = account else { return "Twitter access not authorized." }
      let state = paused ? "Paused" : (reachable ? "Live" : "Offline")
      guard let last else { return state }
      return state + " · \(last.succeeded ? "updated" : "failed") "
        + TweetsText.clock(last.at, timeZone: timeZone)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    errors = errorRelay.asSignal(scheduler: scheduler)
  }

  /// The account's token while authorized.
  var token: String? {
    if case .authorized(let token) = account.value { return token }
    return nil
  }

  /// Whether the gate is open: authorized and not paused.
  var gateIsOpen: Bool {
    guard case .authorized = account.value else { return false }
    return !env.paused.value
  }

  /// The published gate, for outputs that depend on it.
  var gate: AnyPublisher<Bool, Never> {
    account.combineLatest(env.paused) { account, paused in
      guard case .authorized = account else { return false }
      return !paused
    }
    .eraseToAnyPublisher()
  }

  var hasFinished: AnyPublisher<Bool, Never> { lastPoll.map { $0 != nil }.eraseToAnyPublisher() }

  /// Starts watching the account and the pause, and the 30 s ticks.
  func start() {
    // Through the scheduler: the first fetch starts after the view model's outputs have
    // their initial values.
    env.account.status.receive(on: env.scheduler).sink { [weak self] status in
      self?.account.accept(status)
      self?.gateChanged()
    }
    .store(in: &subscriptions)
    env.paused.receive(on: env.scheduler).sink { [weak self] _ in self?.gateChanged() }
      .store(in: &subscriptions)
    let scheduler = env.scheduler
    let ticks = scheduler.schedule(
      after: scheduler.now.advanced(by: .seconds(TweetsTiming.pollInterval)),
      interval: .seconds(TweetsTiming.pollInterval)
    ) { [weak self] in self?.trigger() }
    subscriptions.insert(AnyCancellable { ticks.cancel() })
  }

  /// Fetches now if the gate is open.
  func refresh() { trigger() }

  /// Writes the app-wide pause (only a change is written).
  func setPaused(_ paused: Bool) {
    if env.paused.value != paused { env.paused.accept(paused) }
  }

  var isPaused: Bool { env.paused.value }

  /// Starts `action` (an older-page load), or says why not: one at a time, and only while it
  /// is enabled. Both timelines refuse with these words.
  static func loadOlder(_ action: Action<Void, Void>) -> InputResult {
    if action.isExecuting { return .rejected("Already loading older tweets.") }
    guard action.isEnabled else { return .rejected("No older tweets to load.") }
    action.execute(())
    return .accepted
  }

  /// Reports a failure of other work (an older load) the same way as a poll's.
  func report(_ failure: FetchFailure) { handle(failure) }

  /// A request succeeded: Twitter is reachable.
  func reached() {
    if !env.reachable.value { env.reachable.accept(true) }
  }

  deinit {
    inFlight?.cancel()
  }

  private func gateChanged() {
    let open = gateIsOpen
    defer { gateWasOpen = open }
    if open && !gateWasOpen { trigger() }
  }

  private func trigger() {
    guard gateIsOpen, case .authorized(let token) = account.value else { return }
    let now = env.scheduler.now
    if let blockedUntil, now < blockedUntil { return }
    // Triggers at one instant (a gate opening on a tick) fetch once.
    if lastTrigger == now { return }
    lastTrigger = now
    inFlight?.cancel()
    loading.accept(true)
    inFlight = activity.track(fetch(token))
      .sink(
        receiveCompletion: { [weak self] completion in
          guard let self else { return }
          inFlight = nil
          loading.accept(false)
          switch completion {
          case .finished:
            reached()
            lastErrorMessage = nil
            lastPoll.accept((true, env.now()))
          case .failure(let failure):
            lastPoll.accept((false, env.now()))
            handle(failure)
          }
        },
        receiveValue: { _ in })
  }

  private func handle(_ failure: FetchFailure) {
    if case .twitter(let error) = failure {
      switch error {
      case .offline: if env.reachable.value { env.reachable.accept(false) }
      case .rateLimited(let wait):
        blockedUntil = env.scheduler.now.advanced(
          by: .milliseconds(Int(TwitterError.usableWait(wait) * 1000)))
      default: break
      }
    }
    let message = failure.message
    if message != lastErrorMessage {
      lastErrorMessage = message
      errorRelay.accept(message)
    }
    if failure == .twitter(.unauthorized) { env.account.logOut() }
  }
}
