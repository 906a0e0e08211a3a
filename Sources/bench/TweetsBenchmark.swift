import Foundation
import TweetsFeature
import ViewModelKit

/// The tweets budget (spec section 8): 100,000 stored tweets of one list from 1,000 users in
/// a GRDB file store; the view models on a test scheduler.
let tweetsSuite = BenchmarkSuite(
  name: "tweets",
  summary: "first screen and merges at 100,000 stored tweets, decoding, person merges, 1,000 polls"
) {
  runTweetsBenchmarks()
}

/// Answers list polls with `nextPage()` at once, counting open subscriptions.
private final class BenchTwitterAPI: TwitterAPI {
  var nextPage: () -> TimelinePage = { TimelinePage() }
  var personPages: [TimelinePage] = []
  private(set) var active = 0

  private func answer<T>(_ value: T) -> AnyPublisher<T, TwitterError> {
    Just(value).setFailureType(to: TwitterError.self)
      .handleEvents(
        receiveSubscription: { [self] _ in active += 1 },
        receiveCompletion: { [self] _ in active -= 1 },
        receiveCancel: { [self] in active -= 1 }
      )
      .eraseToAnyPublisher()
  }

  func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > { answer(nextPage()) }

  func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > { answer(UsersPage()) }

  func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    answer(User(id: TwitterID(rawValue: 1), name: "Bench", username: username))
  }

  func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > { answer(personPages.isEmpty ? TimelinePage() : personPages.removeFirst()) }
}

private final class BenchNavigator: TweetsNavigating {
  func showPeople() {}
  func showPerson(username: String) -> InputResult { .accepted }
  func showThread(of post: TweetRow) -> InputResult { .accepted }
  func showListTimeline() {}
  func back() {}
}

private let benchNow = Date(timeIntervalSince1970: 1_741_953_600)
private let benchList = ListIdentifier(
  id: TwitterID(rawValue: 1_760_000_000_000_000_042), owner: "bench", slug: "tweets")

private func users(_ count: Int) -> [User] {
  (0..<count).map { index in
    User(
      id: TwitterID(rawValue: 1_600_000_000_000_000_000 + Int64(index)), name: "User \(index)",
      username: "user\(index)", description: "Writes about streams.")
  }
}

private func tweets(_ ids: Range<Int64>, authors: [User], text: String = "") -> [Tweet] {
  ids.map { id in
    Tweet(
      id: TwitterID(rawValue: 1_900_000_000_000_000_000 + id),
      authorID: authors[Int(id) % authors.count].id,
      text: text.isEmpty ? "Tweet number \(id) about backpressure and schedulers." : text,
      createdAt: benchNow.addingTimeInterval(-Double(200_000 - id) * 3))
  }
}

@MainActor
private func runTweetsBenchmarks() -> Bool {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bench-tweets-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("tweets.sqlite")
  let authors = users(1000)
  do {
    let store = GRDBTweetStore(url: file)
    for start in stride(from: Int64(0), to: 100_000, by: 5000) {
      try store.upsert(
        TimelinePage(tweets: tweets(start..<start + 5000, authors: authors), users: authors),
        list: benchList.id)
    }
  } catch {
    print("tweets: cannot build the store: \(error)")
    return false
  }
  var budgets: [Budget] = []
  var problems: [String] = []

  func environment(_ store: any TweetStore, _ api: any TwitterAPI)
    -> (TweetsEnvironment, TestSchedulerOf<DispatchQueue>)
  {
    let scheduler = DispatchQueue.test
    return (
      TweetsEnvironment(
        account: FixtureAccount(), api: api, store: store,
        scheduler: scheduler.eraseToAnyScheduler(),
        now: {
          benchNow.addingTimeInterval(
            TimeInterval(scheduler.now.dispatchTime.uptimeNanoseconds - 1) / 1e9)
        },
        timeZone: TimeZone(identifier: "UTC")!),
      scheduler
    )
  }

  let navigator = BenchNavigator()
  budgets.append(
    Budget(
      measure("open the store → first 50 rows", warmup: 2, runs: 20) {
        let api = BenchTwitterAPI()
        let (env, scheduler) = environment(GRDBTweetStore(url: file), api)
        let model = ListTimelineViewModel(list: benchList, env: env, navigator: navigator)
        model.setActive(true)
        var rows = 0
        let watch = model.tweets.drive { rows = $0.count }
        scheduler.advance()
        if rows != 50 { fatalError("bench: the first screen has \(rows) rows") }
        watch.cancel()
      }, limit: 0.050))

  // One view model on the big store for the merge and window rows.
  let api = BenchTwitterAPI()
  let store = GRDBTweetStore(url: file)
  let (env, scheduler) = environment(store, api)
  let model = ListTimelineViewModel(list: benchList, env: env, navigator: navigator)
  model.setActive(true)
  var emissions = 0
  let watch = model.tweets.drive { _ in emissions += 1 }
  scheduler.advance()
  var round: Int64 = 0
  budgets.append(
    Budget(
      measureAfterSetup("upsert 100 (50 new, 50 changed) → the page again", warmup: 2, runs: 20) {
        // A moment later: triggers at one instant fetch once.
        scheduler.advance(by: .seconds(1))
        round += 1
        let fresh = tweets(
          (100_000 + round * 50)..<(100_050 + round * 50), authors: authors)
        let changed = tweets(
          (100_000 + round * 50 - 50)..<(100_000 + round * 50), authors: authors,
          text: "Edited in round \(round).")
        api.nextPage = { TimelinePage(tweets: fresh + changed, users: Array(authors.prefix(100))) }
        return {
          let before = emissions
          model.refresh()
          scheduler.advance()
          if emissions == before { fatalError("bench: the merge did not re-emit") }
        }
      }, limit: 0.020))
  budgets.append(
    Budget(
      measureAfterSetup("grow the window 50 → 100 without a fetch", warmup: 2, runs: 20) {
        let (env, scheduler) = environment(store, BenchTwitterAPI())
        let fresh = ListTimelineViewModel(list: benchList, env: env, navigator: navigator)
        fresh.setActive(true)
        var count = 0
        let watch = fresh.tweets.drive { count = $0.count }
        scheduler.advance()
        return {
          fresh.loadOlder()
          scheduler.advance()
          if count != 100 { fatalError("bench: the window has \(count) rows") }
          watch.cancel()
        }
      }, limit: 0.020))

  let body = pageJSON(tweets(0..<100, authors: authors), authors: Array(authors.prefix(100)))
  budgets.append(
    Budget(
      measure(
        "decode a 100-tweet page (\(body.count / 1024) KB)", warmup: 5, runs: 100
      ) { blackHole(try? TweetsDecoder.timeline(body)) }, limit: 0.005))

  // A person with 3,200 rows takes 100 more.
  budgets.append(
    Budget(
      measureAfterSetup("person: merge 100 into 3,200 rows", warmup: 2, runs: 20) {
        let personAPI = BenchTwitterAPI()
        let recent = users(1)
        personAPI.personPages = [
          TimelinePage(tweets: tweets(0..<3200, authors: recent), users: recent),
          TimelinePage(tweets: tweets(3200..<3300, authors: recent), users: recent),
        ]
        let (env, scheduler) = environment(InMemoryTweetStore(), personAPI)
        let person = PersonTimelineViewModel(username: "user0", env: env, navigator: navigator)
        person.setActive(true)
        var count = 0
        let watch = person.tweets.drive { count = $0.count }
        scheduler.advance()
        scheduler.advance(by: .seconds(1))
        return {
          person.refresh()
          scheduler.advance()
          if count != 3300 { fatalError("bench: the person has \(count) rows") }
          watch.cancel()
        }
      }, limit: 0.005))

  // 1,000 polls of 10 new tweets each: nothing held by the view model grows.
  let pollAPI = BenchTwitterAPI()
  let (pollEnv, pollScheduler) = environment(GRDBTweetStore(), pollAPI)
  var next: Int64 = 0
  pollAPI.nextPage = {
    next += 10
    return TimelinePage(tweets: tweets(next..<next + 10, authors: authors), users: [])
  }
  let polled = ListTimelineViewModel(list: benchList, env: pollEnv, navigator: navigator)
  polled.setActive(true)
  var shown = 0
  let pollWatch = polled.tweets.drive { shown = $0.count }
  var at100: (Int, Int) = (0, 0)
  for poll in 1...1000 {
    pollScheduler.advance(by: .seconds(30))
    if poll == 100 { at100 = (pollAPI.active, shown) }
  }
  let at1000 = (pollAPI.active, shown)
  print(
    "tweets, 1,000 polls: open API subscriptions \(at100.0) after poll 100, \(at1000.0) after 1,000;"
      + " rows held \(at100.1) and \(at1000.1)")
  if at100 != at1000 { problems.append("the view model holds more after 1,000 polls") }

  print("tweets (100,000 stored tweets from 1,000 users):")
  let met = Budget.report(budgets)
  for problem in problems { print("  OVER: \(problem)") }
  watch.cancel()
  pollWatch.cancel()
  return met && problems.isEmpty
}

/// A v2 tweets response for `tweets`.
private func pageJSON(_ tweets: [Tweet], authors: [User]) -> Data {
  let formatter = ISO8601DateFormatter()
  let data: [[String: Any]] = tweets.map {
    [
      "id": $0.id.description, "author_id": $0.authorID.description, "text": $0.text,
      "created_at": formatter.string(from: $0.createdAt),
      "edit_history_tweet_ids": [$0.id.description],
    ]
  }
  let users: [[String: Any]] = authors.map {
    [
      "id": $0.id.description, "name": $0.name, "username": $0.username,
      "description": $0.description, "profile_image_url": "https://example.com/a.png", "url": "",
    ]
  }
  let body: [String: Any] = [
    "data": data, "includes": ["users": users], "meta": ["result_count": tweets.count],
  ]
  return (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
}
