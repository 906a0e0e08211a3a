import Foundation
import ViewModelKit

/// A post's thread (issue 42, item 4): its parents, the post, and its replies, in the order a
/// thread reads, from the service's thread (`app.bsky.feed.getPostThread`); read again every
/// 30 s while seen and not paused, as a timeline is, so new replies come in.
///
/// A `ScreenModel` (and a `TimelineModel`) with the same `TimelineState` as the timelines, so
/// a front end draws and drives it as one: titled `Thread`, no older pages. Where the service
/// offers no threads (a Twitter list, the offline samples) it shows the post alone and says so
/// in the footer.
@MainActor
public final class ThreadViewModel {
  // MARK: Outputs

  /// Everything the thread shows, in one value.
  public let state: Driver<TimelineState>
  /// Failures, each once, for the toast line.
  public let events: Signal<ScreenEvent>
  /// What the inputs every timeline shares act on.
  public let controls: TimelineControls
  /// The post the thread was opened on.
  public let post: TweetRow

  /// The footer where the service has no threads to show.
  public nonisolated static let notOffered = "Threads are shown for Bluesky posts."

  // MARK: State

  /// What the last read gave: nil before it; the rows in thread order and their authors.
  private struct Held: Equatable {
    var page: TimelinePage?
    var offered = true
  }

  private let env: TweetsEnvironment
  private let held = BehaviorRelay(value: Held())
  private let filter = BehaviorRelay(value: "")
  private let poller: TimelinePoller
  /// Makes the rows and keeps their ages counted.
  private let rowMaker: TimelineRows
  private var subscriptions = Set<AnyCancellable>()

  public init(post: TweetRow, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.post = post
    self.env = env
    let scheduler = env.scheduler
    let maker = TimelineRows(env: env)
    rowMaker = maker
    let rows = held.combineLatest(maker.ticks) { held, _ -> [TweetRow] in
      // Not offered, or not read yet: the post as it was opened.
      guard let page = held.page else { return held.offered ? [] : [post] }
      let authors = Dictionary(page.users.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
      return maker.rows(page.tweets, authors: authors)
    }
    let content = rows.combineLatest(filter.removeDuplicates()) { rows, text in
      TimelineState.Content.filtered(rows, by: text)
    }
    .removeDuplicates().eraseToAnyPublisher()
    let owner = WeakOwner<ThreadViewModel>()
    let activation = Activation()
    poller = TimelinePoller(env: env, activation: activation, activity: env.activity) { _ in
      owner.value?.read() ?? Empty().eraseToAnyPublisher()
    }
    events = poller.errors.map(ScreenEvent.failure).asSignal(scheduler: scheduler)
    // A thread has no older pages: the action is never enabled, and `loadOlder` says so.
    let older = Action<Void, Void>(enabledIf: Just(false), scheduler: scheduler) { _ in
      Empty<Void, Never>()
    }
    let footer = held.map {
      TimelineState.Older(footer: $0.offered ? "" : Self.notOffered, canLoadOlder: false)
    }
    .removeDuplicates().eraseToAnyPublisher()
    let shown = ShownRows()
    state = TimelineState.latest(
      title: Just("Thread").eraseToAnyPublisher(), content: content, poll: poller.view,
      older: footer, shown: shown, scheduler: scheduler)
    controls = TimelineControls(
      poller: poller, older: older, filter: filter, activation: activation, shown: shown,
      navigator: navigator)
    owner.value = self
    poller.start()
  }

  // MARK: Inputs

  /// Does what `input` says; `loadOlder` is refused (a thread has no older pages).
  @discardableResult
  public func send(_ input: TimelineInput) -> InputResult {
    if case .loadOlder = input { return .rejected("A thread has no older posts.") }
    if let answer = sendShared(input) { return answer }
    controls.navigator?.showPeople()  // the one input left: showPeople
    return .accepted
  }

  // MARK: Fetching

  /// One read of the thread; where the service has none, the post alone, at once.
  private func read() -> AnyPublisher<Void, FetchFailure> {
    guard let uri = post.uri, let thread = env.api.thread(uri: uri) else {
      held.accept(Held(page: nil, offered: false))
      return Just(()).setFailureType(to: FetchFailure.self).eraseToAnyPublisher()
    }
    return thread.timed(on: env.scheduler)
      .map { [weak self] page in self?.held.accept(Held(page: page, offered: true)) }
      .eraseToAnyPublisher()
  }
}

extension ThreadViewModel: TimelineModel {}
