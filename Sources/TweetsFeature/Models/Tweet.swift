import Foundation

/// A Twitter user. Missing optional fields are "".
public struct User: Equatable, Sendable {
  public var id: TwitterID
  public var name: String
  public var username: String
  public var description: String
  public var profileImageURL: String
  public var url: String

  public init(
    id: TwitterID, name: String, username: String, description: String = "",
    profileImageURL: String = "", url: String = ""
  ) {
    self.id = id
    self.name = name
    self.username = username
    self.description = description
    self.profileImageURL = profileImageURL
    self.url = url
  }
}

/// What a tweet is in relation to others (extension E7, from `referenced_tweets`).
public enum TweetKind: String, Equatable, Sendable {
  case original = ""
  case retweet, reply, quote
}

/// A tweet, with its text normalised at decode time.
public struct Tweet: Equatable, Sendable {
  public var id: TwitterID
  public var authorID: TwitterID
  public var text: String
  public var createdAt: Date
  public var kind: TweetKind
  /// The post's own address on its service when it has one of its own: a Bluesky post's AT
  /// URI (`at://<did>/app.bsky.feed.post/<rkey>`; a repost's is the reposted post's). Nil for
  /// a Twitter tweet, whose id is its address.
  public var uri: String?

  public init(
    id: TwitterID, authorID: TwitterID, text: String, createdAt: Date, kind: TweetKind = .original,
    uri: String? = nil
  ) {
    self.id = id
    self.authorID = authorID
    self.text = text
    self.createdAt = createdAt
    self.kind = kind
    self.uri = uri
  }
}

/// A decoded tweets response.
public struct TimelinePage: Equatable, Sendable {
  public var tweets: [Tweet]
  public var users: [User]
  public var nextToken: String?

  public init(tweets: [Tweet] = [], users: [User] = [], nextToken: String? = nil) {
    self.tweets = tweets
    self.users = users
    self.nextToken = nextToken
  }
}

/// A decoded members response.
public struct UsersPage: Equatable, Sendable {
  public var users: [User]
  public var nextToken: String?

  public init(users: [User] = [], nextToken: String? = nil) {
    self.users = users
    self.nextToken = nextToken
  }
}

/// Which page of a timeline to fetch.
public enum PageRequest: Equatable, Sendable {
  case first
  case newer(since: TwitterID)
  /// A further page of a `.newer` poll.
  case newerPage(since: TwitterID, token: String)
  case older(token: String)
}

/// Whether the app may call the API, and with which token.
public enum AccountStatus: Equatable, Sendable {
  case unavailable
  case authorized(token: String)
}

/// A tweet as stored, with its author when the store knows them.
public struct StoredTweet: Equatable, Sendable {
  public let tweet: Tweet
  public let author: User?

  public init(tweet: Tweet, author: User?) {
    self.tweet = tweet
    self.author = author
  }
}
