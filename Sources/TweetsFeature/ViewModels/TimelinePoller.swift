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

  /// What the poller shows, computed in one place so that one change (a poll ending) is one
  /// value: undelivered, for a view model to fold into its state (which hops once).
  struct View: Equatable {
    /// The status line.
    var status: String
    /// True while a poll is in flight.
    var isLoading: Bool
    /// Whether the account is authorized.
    var loggedIn: Bool
    /// Whether a poll may run now: authorized and not paused.
    var gateOpen: Bool
    /// Whether any poll has ended.
    var hasFinished: Bool
  }

  /// The end of the last poll.
  struct LastPoll: Equatable {
    var succeeded: Bool
    var at: Date
  }

  /// The poll in flight and the last one's end, changed together.
  struct Progress: Equatable {
    var loading = false
    var last: LastPoll?
  }

  /// The poller's view; nothing until the account is known.
  let view: AnyPublisher<View, Never>
  /// Failure messages, each once until a success or another message comes between.
  let errors: Signal<String>

  private let env: TweetsEnvironment
  private let activity: ActivityTracker
  private let fetch: Fetch
  private let account = BehaviorRelay<AccountStatus?>(value: nil)
  private let progress = BehaviorRelay(value: Progress())
  private let errorRelay = PublishRelay<String>()
  private var subscriptions = Set<AnyCancellable>()
  private var inFlight: AnyCancellable?
  private var lastTrigger: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var blockedUntil: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?
  private var lastErrorMessage: String?
  private var gateWasOpen = false
  /// When the last poll succeeded, on the scheduler's clock.
  private var lastSuccess: AnySchedulerOf<DispatchQueue>.SchedulerTimeType?

  init(env: TweetsEnvironment, activity: ActivityTracker, fetch: @escaping Fetch) {
    self.env = env
    self.activity = activity
    self.fetch = fetch
    let scheduler = env.scheduler
    let timeZone = env.timeZone
    view = account.compactMap { $0 }.combineLatest(env.paused, env.reachable, progress) {
      account, paused, reachable, progress in
      let authorized = if case .authorized = account { true } else { false }
      var status = "Twitter access not authorized."
      if authorized {
        status = paused ? "Paused" : (reachable ? "Live" : "Offline")
        if let last = progress.last {
          status +=
            " · \(last.succeeded ? "updated" : "failed") "
            + TweetsText.clock(last.at, timeZone: timeZone)
        }
      }
      return View(
        status: status, isLoading: progress.loading, loggedIn: authorized,
        gateOpen: authorized && !paused, hasFinished: progress.last != nil)
    }
    .removeDuplicates().eraseToAnyPublisher()
    errors = errorRelay.asSignal(scheduler: scheduler)
  }

  /// The account's token while authorized.
  var token: String? {
    if case .authorized(let token) = account.value { return token }
    return nil
  }

  /// Whether the gate is open: authorized, not paused, and the app seen.
  var gateIsOpen: Bool {
    guard case .authorized = account.value else { return false }
    return !env.paused.value && env.active.value
  }

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
    env.active.removeDuplicates().dropFirst().receive(on: env.scheduler)
      .sink { [weak self] active in self?.gateChanged(becameActive: active) }
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

  /// Writes the app-wide pause (through the environment's one writer).
  func setPaused(_ paused: Bool) { env.setPaused(paused) }

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

  /// A gate that opens fetches at once, except when it opens because the app came back on
  /// screen while a poll is still running, or with a successful fetch less than 30 s old:
  /// the next tick polls then (AV-06, AV-10).
  private func gateChanged(becameActive: Bool = false) {
    let open = gateIsOpen
    defer { gateWasOpen = open }
    guard open && !gateWasOpen else { return }
    if becameActive {
      if inFlight != nil { return }
      if let lastSuccess,
        lastSuccess.distance(to: env.scheduler.now)
          < .milliseconds(Int(TweetsTiming.pollInterval * 1000))
      {
        return
      }
    }
    trigger()
  }

  private func trigger() {
    guard gateIsOpen, case .authorized(let token) = account.value else { return }
    let now = env.scheduler.now
    if let blockedUntil, now < blockedUntil { return }
    // Triggers at one instant (a gate opening on a tick) fetch once.
    if lastTrigger == now { return }
    lastTrigger = now
    inFlight?.cancel()
    progress.accept(Progress(loading: true, last: progress.value.last))
    inFlight = activity.track(fetch(token))
      .sink(
        receiveCompletion: { [weak self] completion in
          guard let self else { return }
          inFlight = nil
          switch completion {
          case .finished:
            lastSuccess = env.scheduler.now
            reached()
            lastErrorMessage = nil
            progress.accept(Progress(last: LastPoll(succeeded: true, at: env.now())))
          case .failure(let failure):
            progress.accept(Progress(last: LastPoll(succeeded: false, at: env.now())))
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
