import AppInfrastructure
import Foundation
import ViewModelKit

/// The live Twitter API v2 client: bearer token, sorted query items, and the rate-limit reset
/// read against the injected clock.
public struct URLSessionTwitterAPI: TwitterAPI {
  /// The public API's root.
  public static let defaultBaseURL = URL(string: "https://api.twitter.com")!
  /// The whole exchange's deadline: the spec's 15 s per request, so a server that drips its
  /// answer is cut off when the view models' own limit passes.
  public static let defaultTimeout = TweetsTiming.requestTimeout

  private let baseURL: URL
  private let client: any HTTPClient & Sendable
  private let now: @Sendable () -> Date

  public init(
    baseURL: URL = URLSessionTwitterAPI.defaultBaseURL,
    timeout: TimeInterval = URLSessionTwitterAPI.defaultTimeout,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.baseURL = baseURL
    client = CurlHTTPClient(timeout: timeout)
    self.now = now
  }

  private static let userFields = "description,profile_image_url,url"
  /// `referenced_tweets` marks retweets, replies and quotes (issue 30).
  private static let tweetFields = "author_id,created_at,referenced_tweets"

  public func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    var query = [
      "expansions": "author_id", "max_results": "100", "tweet.fields": Self.tweetFields,
      "user.fields": Self.userFields,
    ]
    if case .older(let next) = page { query["pagination_token"] = next }
    return get("/2/lists/\(list)/tweets", query, token: token, decode: TweetsDecoder.timeline)
  }

  public func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    var query = ["max_results": "100", "user.fields": Self.userFields]
    if let pageToken { query["pagination_token"] = pageToken }
    return get("/2/lists/\(list)/members", query, token: token, decode: TweetsDecoder.members)
  }

  public func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    get(
      "/2/users/by/username/\(username)", ["user.fields": Self.userFields], token: token,
      decode: TweetsDecoder.lookup)
  }

  public func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    var query = [
      "expansions": "author_id", "max_results": "100", "tweet.fields": Self.tweetFields,
      "user.fields": Self.userFields,
    ]
    switch page {
    case .first: break
    case .newer(let since): query["since_id"] = since.description
    case .newerPage(let since, let next):
      query["since_id"] = since.description
      query["pagination_token"] = next
    case .older(let next): query["pagination_token"] = next
    }
    return get("/2/users/\(user)/tweets", query, token: token, decode: TweetsDecoder.timeline)
  }

  /// The request URL: the path under the base, query items sorted by name.
  func url(_ path: String, _ query: [String: String]) -> URL? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      return nil
    }
    components.path = components.path + path
    components.queryItems = query.sorted { $0.key < $1.key }.map {
      URLQueryItem(name: $0.key, value: $0.value)
    }
    return components.url
  }

  private func get<T>(
    _ path: String, _ query: [String: String], token: String,
    decode: @escaping @Sendable (Data) throws(TwitterError) -> T
  ) -> AnyPublisher<T, TwitterError> {
    let now = now
    return TweetsRequest.get(
      url(path, query),
      headers: [
        "Authorization": "Bearer \(token)", "Accept": "application/json",
        "User-Agent": "HeadlessMVVM-Tweets/1.0",
      ], client: client,
      failure: { response in
        let wait =
          response.status == 429
          ? TwitterError.wait(untilReset: response.headers["x-rate-limit-reset"], now: now())
          : nil
        return TwitterError.forStatus(response.status, retryAfter: wait)
      }, decode: decode)
  }
}
