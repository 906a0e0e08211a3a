import Foundation
import ViewModelKit

/// Why a poll or an older load failed.
enum FetchFailure: Error, Equatable {
  case twitter(TwitterError)
  case store(StoreError)
  /// A failure with its own text (`No user named @x.`).
  case other(String)

  /// The message, naming the service a request failed at.
  func message(service: String) -> String {
    switch self {
    case .twitter(let error): error.message(service: service)
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

/// The fetching engine of a timeline, as one declared pipeline: the gate (authorized, not
/// paused, the timeline seen), the 30 s ticks, `refresh()`, the end of each poll and the
/// failures of other work are folded through `PollSchedule.step` by `scan`; each step that
/// starts a poll is mapped to the fetch, and `switchToLatest` keeps only the newest (a new
/// poll cancels the one in flight), whose end goes back in as an input. The status line, the
/// loading flag, de-duplicated errors, the 401 logout, the rate-limit wait and the inferred
/// reachability all follow from the steps.
final class TimelinePoller {
  /// The work of one poll with the account's token. It delivers on the UI scheduler (each
  /// request is `timed(on:)` it), so the poll's end is folded on that scheduler too.
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
    /// `Sample data` while the list is the bundled sample (`TweetsEnvironment.servesSamples`).
    var sampleNote: String
    /// The same, as a flag.
    var showsSamples: Bool
    /// Whether the user paused fetching app-wide.
    var isPaused: Bool
  }

  /// The end of the last poll.
  struct LastPoll: Equatable {
    var succeeded: Bool
    var at: Date
  }

  /// The poller's view; nothing until the account is known.
  let view: AnyPublisher<View, Never>
  /// Failure messages, each once until a success or another message comes between.
  let errors: Signal<String>

  private let env: TweetsEnvironment
  private let inputs = PublishRelay<PollSchedule.Input>()
  private let schedule = BehaviorRelay(value: PollSchedule())
  private let account = BehaviorRelay<AccountStatus?>(value: nil)
  private let messages = PublishRelay<String>()
  private var subscriptions = Set<AnyCancellable>()

  /// A poller for the timeline whose activation is `activation`, counting its polls in
  /// `activity`; it starts with `start()`.
  init(
    env: TweetsEnvironment, activation: Activation, activity: ActivityTracker,
    fetch: @escaping Fetch
  ) {
    self.env = env
    let scheduler = env.scheduler
    let timeZone = env.timeZone
    view = account.compactMap { $0 }.combineLatest(
      env.paused, env.reachable, schedule.combineLatest(activation.changes)
    ) { account, paused, reachable, scheduleAndActive in
      let (schedule, active) = scheduleAndActive
      let authorized = if case .authorized = account { true } else { false }
      var status = "Twitter access not authorized."
      if authorized {
        // Not seen, the timeline does not poll (AV-03): the status says so, not `Live`.
        status =
          paused
          ? "Paused" : !active ? "Paused while in the background" : reachable ? "Live" : "Offline"
        if let last = schedule.last {
          status +=
            " · \(last.succeeded ? "updated" : "failed") "
            + TweetsText.clock(last.at, timeZone: timeZone)
        }
      }
      return View(
        status: status, isLoading: schedule.loading, loggedIn: authorized,
        gateOpen: authorized && !paused, hasFinished: schedule.last != nil,
        sampleNote: env.servesSamples ? "Sample data" : "", showsSamples: env.servesSamples,
        isPaused: paused)
    }
    .removeDuplicates().eraseToAnyPublisher()
    errors = messages.asSignal(scheduler: scheduler)
    let env = env
    // The gate, through the scheduler: the first poll starts after the view model's outputs
    // have their initial values.
    let gate = env.account.status.combineLatest(env.paused, activation.changes) {
      account, paused, active in
      let token: String? = if case .authorized(let token) = account { token } else { nil }
      return PollSchedule.Gate(token: token, paused: paused, active: active)
    }
    .removeDuplicates().receive(on: scheduler)
    started = { [inputs, schedule, account, messages] in
      var bag = Set<AnyCancellable>()
      env.account.status.receive(on: scheduler).sink { account.accept($0) }.store(in: &bag)
      // What follows from an input besides the schedule, first: reachability (before the
      // status line is made again) and the logout of a 401.
      inputs.sink(receiveValue: Self.effects(of: env)).store(in: &bag)
      let ticks = scheduler.ticks(every: .seconds(TweetsTiming.pollInterval))
      inputs.merge(with: gate.map(PollSchedule.Input.gate), ticks.map { .tick })
        .scan(PollSchedule(service: env.api.serviceName)) { schedule, input in
          let next = schedule.step(input, now: scheduler.now, date: env.now())
          if env.trace.isOn, let line = next.traceLine(after: input) { env.trace(line) }
          return next
        }
        .sink { next in
          schedule.accept(next)
          if let message = next.message { messages.accept(message) }
        }
        .store(in: &bag)
      schedule.compactMap(\.start)
        .map { token in
          activity.track(fetch(token)).collect()
            .map { _ in PollSchedule.Input.ended(nil) }
            .catch { Just(.ended($0)) }
        }
        .switchToLatest()
        .sink { inputs.accept($0) }
        .store(in: &bag)
      return bag
    }
  }

  private let started: () -> Set<AnyCancellable>

  /// The account's token while authorized.
  var token: String? {
    if case .authorized(let token) = account.value { return token }
    return nil
  }

  /// Starts following the gate and the 30 s ticks.
  func start() {
    guard subscriptions.isEmpty else { return }
    subscriptions = started()
  }

  /// Reachability from each poll's end and each failure, and the logout of a 401.
  private static func effects(of env: TweetsEnvironment) -> (PollSchedule.Input) -> Void {
    { input in
      switch input {
      case .ended(nil): if !env.reachable.value { env.reachable.accept(true) }
      case .ended(let failure?), .reported(let failure):
        if failure == .twitter(.offline), env.reachable.value { env.reachable.accept(false) }
        if failure == .twitter(.unauthorized) { env.account.logOut() }
      default: break
      }
    }
  }

  /// Fetches now if the gate is open.
  func refresh() { inputs.accept(.refresh) }

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
  func report(_ failure: FetchFailure) { inputs.accept(.reported(failure)) }

  /// A request succeeded: Twitter is reachable.
  func reached() {
    if !env.reachable.value { env.reachable.accept(true) }
  }
}
