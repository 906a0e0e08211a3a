import Foundation
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// 2025-03-14T12:00:00Z.
let T0 = Date(timeIntervalSince1970: 1_741_953_600)
let L = ListIdentifier(
  id: TwitterID(rawValue: 1_760_000_000_000_000_042), owner: "headless", slug: "swift-reactive")

func id(_ n: Int64) -> TwitterID { TwitterID(rawValue: 1_900_000_000_000_000_000 + n) }
let ada = User(
  id: TwitterID(rawValue: 1_600_000_000_000_000_101), name: "Ada Quill", username: "adaquill")

/// A tweet by Ada, `minutesAgo` before T0.
func tweet(_ n: Int64, _ text: String = "text", minutesAgo: Double = 5, author: User = ada) -> Tweet
{
  Tweet(
    id: id(n), authorID: author.id, text: text, createdAt: T0.addingTimeInterval(-minutesAgo * 60))
}

func page(_ numbers: [Int64], next: String? = nil, users: [User] = [ada]) -> TimelinePage {
  TimelinePage(tweets: numbers.map { tweet($0) }, users: users, nextToken: next)
}

/// An account whose status the test sets.
final class FakeAccount: TwitterAccountService {
  let relay: BehaviorRelay<AccountStatus>
  private(set) var logOuts = 0
  init(_ status: AccountStatus = .authorized(token: "t1")) { relay = BehaviorRelay(value: status) }
  var status: AnyPublisher<AccountStatus, Never> { relay.eraseToAnyPublisher() }
  func logOut() {
    logOuts += 1
    relay.accept(.unavailable)
  }
}

/// What one scripted API call does: answer after a delay, fail, or never answer.
enum APIReply<T> {
  case answer(T, after: Double = 0)
  case fail(TwitterError, after: Double = 0)
  case never
}

/// An API scripted per endpoint, recording each call with its time, and cancellations.
final class FakeTwitterAPI: TwitterAPI {
  struct Call: Equatable {
    let endpoint: String
    let page: PageRequest?
    let token: String
    let time: Double
  }

  let scheduler: TestSchedulerOf<DispatchQueue>
  var listReplies: [APIReply<TimelinePage>] = []
  var listDefault: APIReply<TimelinePage> = .answer(TimelinePage())
  var memberReplies: [APIReply<UsersPage>] = []
  var memberDefault: APIReply<UsersPage> = .answer(UsersPage())
  var lookupReplies: [APIReply<User>] = []
  var lookupDefault: APIReply<User> = .answer(ada)
  var userReplies: [APIReply<TimelinePage>] = []
  var userDefault: APIReply<TimelinePage> = .answer(TimelinePage())
  /// A thread's answers; nil: the service offers no threads (as Twitter's lists).
  var threadReplies: [APIReply<TimelinePage>]?
  private(set) var calls: [Call] = []
  private(set) var cancellations: [Double] = []
  private(set) var active = 0
  private(set) var maxActive = 0
  private var counts: [String: Int] = [:]

  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

  func times(_ endpoint: String) -> [Double] {
    calls.filter { $0.endpoint == endpoint }.map(\.time)
  }

  func pages(_ endpoint: String) -> [PageRequest?] {
    calls.filter { $0.endpoint == endpoint }.map(\.page)
  }

  private func reply<T>(
    _ endpoint: String, page: PageRequest?, token: String, script: [APIReply<T>],
    fallback: APIReply<T>
  ) -> AnyPublisher<T, TwitterError> {
    Deferred { [self] () -> AnyPublisher<T, TwitterError> in
      let index = counts[endpoint, default: 0]
      counts[endpoint] = index + 1
      calls.append(Call(endpoint: endpoint, page: page, token: token, time: scheduler.elapsed))
      let reply = index < script.count ? script[index] : fallback
      let publisher: AnyPublisher<T, TwitterError> =
        switch reply {
        case .answer(let value, let after):
          later(after, Just(value).setFailureType(to: TwitterError.self).eraseToAnyPublisher())
        case .fail(let error, let after): later(after, Fail(error: error).eraseToAnyPublisher())
        case .never: Empty(completeImmediately: false).eraseToAnyPublisher()
        }
      active += 1
      maxActive = max(maxActive, active)
      return publisher.handleEvents(
        receiveCompletion: { [self] _ in active -= 1 },
        receiveCancel: { [self] in
          active -= 1
          cancellations.append(scheduler.elapsed)
        }
      ).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

  private func later<T>(_ seconds: Double, _ publisher: AnyPublisher<T, TwitterError>)
    -> AnyPublisher<T, TwitterError>
  {
    guard seconds > 0 else { return publisher }
    return Just(()).setFailureType(to: TwitterError.self)
      .delay(for: .milliseconds(Int(seconds * 1000)), scheduler: scheduler)
      .flatMap { publisher }.eraseToAnyPublisher()
  }

  func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    reply("list", page: page, token: token, script: listReplies, fallback: listDefault)
  }

  func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    reply(
      "members", page: pageToken.map { .older(token: $0) }, token: token, script: memberReplies,
      fallback: memberDefault)
  }

  func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    reply(
      "lookup:\(username)", page: nil, token: token, script: lookupReplies, fallback: lookupDefault)
  }

  func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    reply("user", page: page, token: token, script: userReplies, fallback: userDefault)
  }

  func thread(uri: String) -> AnyPublisher<TimelinePage, TwitterError>? {
    guard let threadReplies else { return nil }
    return reply(
      "thread:\(uri)", page: nil, token: "", script: threadReplies,
      fallback: threadReplies.last ?? .never)
  }

  var lookups: [String] { calls.map(\.endpoint).filter { $0.hasPrefix("lookup:") } }
}

/// A navigator that records what it was asked.
final class RecordingNavigator: TweetsNavigating {
  let scheduler: TestSchedulerOf<DispatchQueue>
  private(set) var log: [(String, Double)] = []
  var personResult = InputResult.accepted
  init(scheduler: TestSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
  func showPeople() { log.append(("people", scheduler.elapsed)) }
  func showPerson(username: String) -> InputResult {
    log.append(("person \(username)", scheduler.elapsed))
    return personResult
  }
  func showListTimeline() { log.append(("list", scheduler.elapsed)) }
  func back() { log.append(("back", scheduler.elapsed)) }
  func showThread(of post: TweetRow) -> InputResult {
    log.append(("thread \(post.id)", scheduler.elapsed))
    return .accepted
  }
}

/// The shared pieces of a tweets test: scheduler, fakes and environment.
@MainActor
final class TweetsHarness {
  let scheduler = DispatchQueue.test
  let account: FakeAccount
  let api: FakeTwitterAPI
  let store: any TweetStore
  let env: TweetsEnvironment
  let navigator: RecordingNavigator

  init(
    account: FakeAccount = FakeAccount(), store: any TweetStore = InMemoryTweetStore(),
    timeZone: TimeZone = TimeZone.gmt
  ) {
    self.account = account
    api = FakeTwitterAPI(scheduler: scheduler)
    self.store = store
    let scheduler = scheduler
    env = TweetsEnvironment(
      account: account, api: api, store: store, scheduler: scheduler.asAny,
      now: { T0.addingTimeInterval(scheduler.elapsed) }, timeZone: timeZone)
    navigator = RecordingNavigator(scheduler: scheduler)
  }

  func at(_ seconds: Double) { scheduler.advance(toSeconds: seconds) }

  /// A list timeline view model with its outputs recorded.
  func listTimeline() -> ListRecorders {
    let model = ListTimelineViewModel(list: L, env: env, navigator: navigator)
    model.setActive(true)  // shown, as a front end shows it
    let recorders = ListRecorders(model: model, scheduler: scheduler)
    scheduler.settle()
    return recorders
  }

  func person(_ username: String = "adaquill") -> PersonRecorders {
    let model = PersonTimelineViewModel(username: username, env: env, navigator: navigator)
    model.setActive(true)  // shown, as a front end shows it
    let recorders = PersonRecorders(model: model, scheduler: scheduler)
    scheduler.settle()
    return recorders
  }

  func people() -> PeopleRecorders {
    let model = ListPeopleViewModel(list: L, env: env, navigator: navigator)
    model.setActive(true)  // shown, as a front end shows it
    let recorders = PeopleRecorders(model: model, scheduler: scheduler)
    scheduler.settle()
    return recorders
  }
}

@MainActor
struct ListRecorders {
  let model: ListTimelineViewModel
  let tweets: OutputRecorder<[TweetRow], Never>
  let placeholder: OutputRecorder<String, Never>
  let status: OutputRecorder<String, Never>
  let loggedIn: OutputRecorder<Bool, Never>
  let isLoading: OutputRecorder<Bool, Never>
  let footer: OutputRecorder<String, Never>
  let canLoadOlder: OutputRecorder<Bool, Never>
  let error: OutputRecorder<String, Never>
  let title: OutputRecorder<String, Never>

  init(model: ListTimelineViewModel, scheduler: TestSchedulerOf<DispatchQueue>) {
    self.model = model
    tweets = model.tweets.record(on: scheduler)
    placeholder = model.placeholder.record(on: scheduler)
    status = model.status.record(on: scheduler)
    loggedIn = model.loggedIn.record(on: scheduler)
    isLoading = model.isLoading.record(on: scheduler)
    footer = model.footer.record(on: scheduler)
    canLoadOlder = model.canLoadOlder.record(on: scheduler)
    error = model.messages.record(on: scheduler)
    title = model.title.record(on: scheduler)
  }
}

@MainActor
struct PersonRecorders {
  let model: PersonTimelineViewModel
  let title: OutputRecorder<String, Never>
  let tweets: OutputRecorder<[TweetRow], Never>
  let status: OutputRecorder<String, Never>
  let isLoading: OutputRecorder<Bool, Never>
  let footer: OutputRecorder<String, Never>
  let canLoadOlder: OutputRecorder<Bool, Never>
  let error: OutputRecorder<String, Never>

  init(model: PersonTimelineViewModel, scheduler: TestSchedulerOf<DispatchQueue>) {
    self.model = model
    title = model.title.record(on: scheduler)
    tweets = model.tweets.record(on: scheduler)
    status = model.status.record(on: scheduler)
    isLoading = model.isLoading.record(on: scheduler)
    footer = model.footer.record(on: scheduler)
    canLoadOlder = model.canLoadOlder.record(on: scheduler)
    error = model.messages.record(on: scheduler)
  }
}

@MainActor
struct PeopleRecorders {
  let model: ListPeopleViewModel
  let state: OutputRecorder<PeopleLoad, Never>
  let people: OutputRecorder<[PersonRow], Never>
  let message: OutputRecorder<String, Never>
  let isLoading: OutputRecorder<Bool, Never>

  init(model: ListPeopleViewModel, scheduler: TestSchedulerOf<DispatchQueue>) {
    self.model = model
    state = model.load.record(on: scheduler)
    people = model.people.record(on: scheduler)
    message = model.message.record(on: scheduler)
    isLoading = model.isLoading.record(on: scheduler)
  }
}
