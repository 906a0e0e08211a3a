import Foundation
import ViewModelKit

/// A tweet as both front ends show it.
public struct TweetRow: Equatable, Sendable {
  public let id: TwitterID
  /// `Unknown author` when neither the page nor the store knows the author.
  public let authorName: String
  /// "" for an unknown author.
  public let authorUsername: String
  public let text: String
  /// `now`, `5m`, `2h`, `3d`, `Mar 7`, `Dec 25, 2024`.
  public let age: String
  /// `Ada Quill @adaquill · 5m`.
  public let header: String
  /// The CLI's row: `5m @adaquill: text` with newlines as spaces.
  public let line: String
  public let createdAt: Date
  /// `(retweet)`, `(reply)`, `(quote)` or "" (extension E7); `line` starts its text with it.
  public let mark: String

  /// The post's own address on its service: a Bluesky post's AT URI; nil for a tweet.
  public let uri: String?

  /// Whether the service can show the post's thread (a Bluesky post): a head offers `Thread`
  /// only then; elsewhere `showThread` shows the post alone.
  public var hasThread: Bool { uri != nil }

  /// The post on the web (extension E5): a Bluesky post's page,
  /// `https://bsky.app/profile/<handle>/post/<rkey>` (a repost's under the reposted author's
  /// DID, from the URI); a tweet's, `https://x.com/<username>/status/<id>`.
  public var link: String {
    if let uri,
      let page = BlueskyPostAddress.web(uri, handle: mark == "(retweet)" ? "" : authorUsername)
    {
      return page
    }
    return "https://x.com/\(authorUsername.isEmpty ? "i" : authorUsername)/status/\(id)"
  }

  public init(_ stored: StoredTweet, age: String) {
    id = stored.tweet.id
    uri = stored.tweet.uri
    text = stored.tweet.text
    createdAt = stored.tweet.createdAt
    self.age = age
    switch stored.tweet.kind {
    case .original: mark = ""
    case .retweet: mark = "(retweet)"
    case .reply: mark = "(reply)"
    case .quote: mark = "(quote)"
    }
    let flat =
      (mark.isEmpty ? "" : mark + " ")
      + stored.tweet.text.replacingOccurrences(of: "\n", with: " ")
    if let author = stored.author {
      authorName = author.name.isEmpty ? author.username : author.name
      authorUsername = author.username
      header = "\(authorName) @\(author.username) · \(age)"
      line = "\(age) @\(author.username): \(flat)"
    } else {
      authorName = "Unknown author"
      authorUsername = ""
      header = "Unknown author · \(age)"
      line = "\(age) Unknown author: \(flat)"
    }
  }

}

extension TweetRow: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, authorName, authorUsername, text, age, header, line, createdAt, mark, link, uri
    case hasThread
  }

  /// The row's fields, and its `link` (the tweet on the web) and `hasThread`, which are made
  /// from them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(authorName, forKey: .authorName)
    try container.encode(authorUsername, forKey: .authorUsername)
    try container.encode(text, forKey: .text)
    try container.encode(age, forKey: .age)
    try container.encode(header, forKey: .header)
    try container.encode(line, forKey: .line)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(mark, forKey: .mark)
    try container.encode(link, forKey: .link)
    try container.encodeIfPresent(uri, forKey: .uri)
    try container.encode(hasThread, forKey: .hasThread)
  }

  /// Reads what `encode(to:)` writes (the link and `hasThread` are made again, not read).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(TwitterID.self, forKey: .id)
    authorName = try container.decode(String.self, forKey: .authorName)
    authorUsername = try container.decode(String.self, forKey: .authorUsername)
    text = try container.decode(String.self, forKey: .text)
    age = try container.decode(String.self, forKey: .age)
    header = try container.decode(String.self, forKey: .header)
    line = try container.decode(String.self, forKey: .line)
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    mark = try container.decode(String.self, forKey: .mark)
    uri = try container.decodeIfPresent(String.self, forKey: .uri)
  }
}

/// A list member as both front ends show it.
public struct PersonRow: Equatable, Sendable, Codable {
  public let id: TwitterID
  public let name: String
  public let username: String
  /// The description with whitespace runs collapsed.
  public let about: String
  /// `Ada Quill @adaquill` (the username stands in for an empty name).
  public let display: String
  /// `@adaquill`.
  public let handle: String

  public init(_ user: User) {
    id = user.id
    name = user.name.isEmpty ? user.username : user.name
    username = user.username
    about = user.description.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
      .joined(separator: " ")
    display = "\(name) @\(user.username)"
    handle = "@\(user.username)"
  }
}
