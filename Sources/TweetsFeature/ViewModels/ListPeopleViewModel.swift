import Foundation
import ViewModelKit

/// Where the member list stands.
public enum PeopleState: Equatable, Sendable {
  case loading
  case loaded([PersonRow])
  case failed(String)
}

/// The list's members: fetched once per access token (up to 10 pages), never polled.
public final class ListPeopleViewModel {
  /// `List Members`.
  public let title: Driver<String>
  public let state: Driver<PeopleState>
  /// The members in API order; [] until every page has arrived.
  public let people: Driver<[PersonRow]>
  /// `Loading...`, `This list has no members.`, the failure, or "".
  public let message: Driver<String>
  /// True while a request is in flight.
  public let isLoading: Driver<Bool>

  public let list: ListIdentifier
  private let env: TweetsEnvironment
  private weak var navigator: (any TweetsNavigating)?
  private let current = BehaviorRelay(value: PeopleState.loading)
  private let loading = BehaviorRelay(value: false)
  private var fetching: AnyCancellable?
  private var lastToken: String?
  private var account: AccountStatus = .unavailable
  private var subscriptions = Set<AnyCancellable>()

  public init(list: ListIdentifier, env: TweetsEnvironment, navigator: any TweetsNavigating) {
    self.list = list
    self.env = env
    self.navigator = navigator
    let scheduler = env.scheduler
    title = Just("List Members").asDriver(scheduler: scheduler)
    state = current.removeDuplicates().asDriver(scheduler: scheduler)
    people = current.map { if case .loaded(let rows) = $0 { rows } else { [] } }
      .removeDuplicates().asDriver(scheduler: scheduler)
    message = current.map { state in
      switch state {
      case .loading: "Loading..."
      case .loaded(let rows): rows.isEmpty ? "This list has no members." : ""
      case .failed(let text): text
      }
    }
    .removeDuplicates().asDriver(scheduler: scheduler)
    isLoading = loading.removeDuplicates().asDriver(scheduler: scheduler)
    env.account.status.sink { [weak self] in self?.accountChanged($0) }.store(in: &subscriptions)
  }

  deinit { fetching?.cancel() }

  // MARK: Inputs

  /// Opens the person at `index` (0-based).
  @discardableResult
  public func select(at index: Int) -> InputResult {
    guard case .loaded(let rows) = current.value, rows.indices.contains(index) else {
      return .rejected("No person #\(index + 1).")
    }
    return navigator?.showPerson(username: rows[index].username) ?? .accepted
  }

  /// After a failure: fetch again from the first page.
  public func retry() {
    guard case .failed = current.value, case .authorized(let token) = account else { return }
    fetchAll(token: token)
  }

  public func back() { navigator?.back() }

  // MARK: Fetching

  private func accountChanged(_ status: AccountStatus) {
    account = status
    switch status {
    case .unavailable:
      fetching?.cancel()
      fetching = nil
      loading.accept(false)
      lastToken = nil
      current.accept(.failed("Twitter access not authorized."))
    case .authorized(let token):
      guard token != lastToken else { return }
      fetchAll(token: token)
    }
  }

  private func fetchAll(token: String) {
    lastToken = token
    fetching?.cancel()
    current.accept(.loading)
    loading.accept(true)
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
        loading.accept(false)
        fetching = nil
        current.accept(.failed(failure.message))
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
        loading.accept(false)
        fetching = nil
        current.accept(.loaded(users.map(PersonRow.init)))
      })
  }
}
