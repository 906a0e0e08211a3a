import Foundation
import ViewModelKit

/// The rows a person's timeline and a thread show, made one way (issue 53, item 8): each tweet
/// becomes a row once per content and age, its age counted from the app's clock in the app's
/// time zone, counted again on every tick of the one `AgeClock` it holds.
final class TimelineRows {
  /// Fires when the ages should be counted again (every 60 s), and once at once.
  var ticks: AnyPublisher<Int, Never> { ages.ticks.eraseToAnyPublisher() }

  private let ages: AgeClock
  private let cache = RowCache()
  private let now: @Sendable () -> Date
  private let timeZone: TimeZone

  init(env: TweetsEnvironment) {
    ages = AgeClock(scheduler: env.scheduler)
    now = env.now
    timeZone = env.timeZone
  }

  /// `tweets` as rows, in their order, each with its author from `authors`.
  func rows(_ tweets: [Tweet], authors: [TwitterID: User]) -> [TweetRow] {
    let current = now()
    return tweets.map { tweet in
      cache.row(
        StoredTweet(tweet: tweet, author: authors[tweet.authorID]),
        age: TweetsText.age(of: tweet.createdAt, now: current, timeZone: timeZone))
    }
  }
}

extension TimelineState.Content {
  /// `rows` narrowed to those the filter `text` matches; `isEmpty` tells of `rows` before.
  static func filtered(_ rows: [TweetRow], by text: String) -> Self {
    let filter = TweetFilter(text)
    return Self(
      tweets: filter.isEmpty ? rows : rows.filter(filter.matches), isEmpty: rows.isEmpty,
      filterText: text)
  }
}

/// Display rows by tweet id, rebuilt only when the tweet, its author or its age changed:
/// merging a page into thousands of held rows builds rows for that page only.
final class RowCache {
  private var rows: [TwitterID: (stored: StoredTweet, row: TweetRow)] = [:]

  func row(_ stored: StoredTweet, age: String) -> TweetRow {
    if let cached = rows[stored.tweet.id], cached.stored == stored, cached.row.age == age {
      return cached.row
    }
    let row = TweetRow(stored, age: age)
    rows[stored.tweet.id] = (stored, row)
    return row
  }
}
