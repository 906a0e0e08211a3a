import Foundation
import ViewModelKit

/// The list's members: fetched once per access token (up to 10 pages), never polled.
///
/// A `ScreenModel`: what it shows is one `PeopleState`; it has no events of its own (a
/// refused selection is the input's answer).
@MainActor
public final class ListPeopleViewModel: ScreenModel {
  /// Everything the screen shows, in one value.
  public let state: Driver<PeopleState>
  /// None: the member list announces nothing once.
  public let events: Signal<Never>
  /// False until the members are shown or have failed: this screen's own work, every page
  /// of it, whatever the timelines' polls are doing (the CLI's `people` waits for it alone).
  public let isSettled: Driver<Bool>
  /// Whether the members are not yet shown or failed, now.
  public var isBusy: Bool { Self.isPending(fetch.value) }

  public let list: ListIdentifier
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  /// Where the list stands and whether a request is in flight, changed together.
  private let fetch = BehaviorRelay(value: Fetch(load: .loading, loading: false))
  private var fetching: AnyCancellable?
  private var lastToken: String?
  private var account: AccountStatus = .unavailable
  private var subscriptions = Set<AnyCancellable>()
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()

  public init(list: ListIdentifier, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.list = list
    self.env = env
    self.navigator = navigator
    let scheduler = env.scheduler
    state = fetch.map { fetch in
      let load = fetch.load
      return PeopleState(
        title: "List Members", load: load, people: Self.rows(load), message: Self.message(load),
        isLoading: fetch.loading, canRetry: fetch.canRetry)
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    isSettled = fetch.map { !Self.isPending($0) }.removeDuplicates().asDriver(scheduler: scheduler)
    events = Empty().asSignal(scheduler: scheduler)
    env.account.status.sink { [weak self] in self?.accountChanged($0) }.store(in: &subscriptions)
  }

  /// The list's load and the request flag.
  private struct Fetch: Equatable {
    var load: PeopleLoad
    var loading: Bool
    /// A failed fetch with an authorized account can be tried again.
    var canRetry = false
  }

  private nonisolated static func isPending(_ fetch: Fetch) -> Bool {
    if case .loading = fetch.load { return true }
    return fetch.loading
  }

  private nonisolated static func rows(_ load: PeopleLoad) -> [PersonRow] {
    if case .loaded(let rows) = load { rows } else { [] }
  }

  private nonisolated static func message(_ load: PeopleLoad) -> String {
    switch load {
    case .loading: "Loading..."
    case .loaded(let rows): rows.isEmpty ? "This list has no members." : ""
    case .failed(let text): text
    }
  }

  // MARK: Inputs

  /// Does what `input` says; `select` is refused for a row that is not there, `showPerson`
  /// for a name that cannot be a username.
  @discardableResult
  public func send(_ input: PeopleInput) -> InputResult {
    switch input {
    case .select(let index):
      guard case .loaded(let rows) = fetch.value.load, rows.indices.contains(index) else {
        // The row's number as the user counts, kept from overflowing.
        return .rejected("No person #\(index.addingReportingOverflow(1).partialValue).")
      }
      return navigator?.showPerson(username: rows[index].username) ?? .accepted
    case .retry:
      guard fetch.value.canRetry, case .authorized(let token) = account else { break }
      fetchAll(token: token)
    case .back: navigator?.back()
    case .showPerson(let username):
      return navigator?.showPerson(username: username) ?? .accepted
    case .showList: navigator?.showListTimeline()
    case .setPaused(let paused): env.setPaused(paused)
    case .togglePaused: env.setPaused(!env.paused.value)
    }
    return .accepted
  }

  /// `send(.select(index:))`.
  @discardableResult public func select(at index: Int) -> InputResult {
    send(.select(index: index))
  }
  /// `send(.retry)`.
  public func retry() { send(.retry) }
  /// `send(.back)`.
  public func back() { send(.back) }

  // MARK: Fetching

  private func accountChanged(_ status: AccountStatus) {
    account = status
    switch status {
    case .unavailable:
      fetching?.cancel()
      fetching = nil
      lastToken = nil
      fetch.accept(Fetch(load: .failed("Twitter access not authorized."), loading: false))
    case .authorized(let token):
      guard token != lastToken else { return }
      fetchAll(token: token)
    }
  }

  private func fetchAll(token: String) {
    lastToken = token
    fetching?.cancel()
    fetch.accept(Fetch(load: .loading, loading: true))
    fetchPage(nil, number: 1, collected: [], token: token)
  }

  /// Page `number`; the last page (no token, or the 10th) shows them all at once.
  private func fetchPage(_ pageToken: String?, number: Int, collected: [User], token: String) {
    fetching = env.activity.track(
      env.api.listMembers(list.id, pageToken: pageToken, token: token).timed(on: env.scheduler)
    )
    .sink(
      receiveCompletion: { [weak self] completion in
        guard let self, case .failure(let failure) = completion else { return }
        fetching = nil
        fetch.accept(
          Fetch(
            load: .failed(failure.message(service: env.api.serviceName)), loading: false,
            canRetry: true))
      },
      receiveValue: { [weak self] usersPage in
        guard let self else { return }
        if !env.reachable.value { env.reachable.accept(true) }
        var users = collected
        for user in usersPage.users where !users.contains(where: { $0.id == user.id }) {
          users.append(user)
        }
        if let next = usersPage.nextToken, number < TweetsTiming.maxMemberPages {
          fetchPage(next, number: number + 1, collected: users, token: token)
          return
        }
        try? env.store.upsertUsers(users)
        fetching = nil
        fetch.accept(Fetch(load: .loaded(users.map(PersonRow.init)), loading: false))
      })
  }
}

/// What the user can do on the list's people screen.
public enum PeopleInput: Codable, Equatable, Sendable {
  /// Opens the person at a row (0-based); refused for a row that is not there.
  case select(index: Int)
  /// After a failure: fetches again from the first page.
  case retry
  /// Leaves the member list.
  case back
  /// Opens a member's timeline by username; refused for a name that cannot be one.
  case showPerson(username: String)
  /// Back to the list timeline; in split layout the people stay beside it.
  case showList
  /// Stops (true) or resumes fetching, app-wide: the timelines behind pause too.
  case setPaused(Bool)
  /// Pauses fetching app-wide while it runs, resumes it while paused.
  case togglePaused
}
