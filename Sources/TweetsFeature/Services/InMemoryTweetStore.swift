import Foundation
import ViewModelKit

/// Tweets in memory, for unit tests.
public final class InMemoryTweetStore: TweetStore {
  private var tweets: [TwitterID: Tweet] = [:]
  private var users: [TwitterID: User] = [:]
  private var lists: [TwitterID: Set<TwitterID>] = [:]
  private let version = BehaviorRelay(value: 0)
  /// Set to make the next writes fail.
  public var failWrites = false
  public let openFailure: StoreError?

  public init(openFailure: StoreError? = nil) { self.openFailure = openFailure }

  public func upsert(_ page: TimelinePage, list: TwitterID?) throws(StoreError) {
    if failWrites { throw .writeFailed }
    for user in page.users { users[user.id] = user }
    for tweet in page.tweets {
      tweets[tweet.id] = tweet
      if let list { lists[list, default: []].insert(tweet.id) }
    }
    version.accept(version.value + 1)
  }

  public func upsertUsers(_ users: [User]) throws(StoreError) {
    if failWrites { throw .writeFailed }
    for user in users { self.users[user.id] = user }
    version.accept(version.value + 1)
  }

  public func timeline(list: TwitterID, limit: Int) -> AnyPublisher<[StoredTweet], Never> {
    version.map { [unowned self] _ in rows(list: list, limit: limit) }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  public func count(list: TwitterID) -> Int { lists[list]?.count ?? 0 }

  private func rows(list: TwitterID, limit: Int) -> [StoredTweet] {
    (lists[list] ?? []).sorted(by: >).prefix(limit).compactMap { id in
      tweets[id].map { StoredTweet(tweet: $0, author: users[$0.authorID]) }
    }
  }
}
