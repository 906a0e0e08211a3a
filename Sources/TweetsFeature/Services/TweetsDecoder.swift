import Foundation

/// Reads the Twitter API v2 shapes; shared by the fixture and the live API. Invalid elements
/// are skipped; only a body that is not a JSON object fails.
public enum TweetsDecoder {
  /// A tweets response: `data`, `includes.users`, `meta.next_token`.
  public static func timeline(_ data: Data) throws(TwitterError) -> TimelinePage {
    let root = try object(data)
    let tweets = (root["data"] as? [Any] ?? []).compactMap(tweet)
    let includes = root["includes"] as? [String: Any]
    let users = (includes?["users"] as? [Any] ?? []).compactMap(user)
    return TimelinePage(tweets: tweets, users: users, nextToken: nextToken(root))
  }

  /// A members response: `data` (users) and `meta.next_token`.
  public static func members(_ data: Data) throws(TwitterError) -> UsersPage {
    let root = try object(data)
    return UsersPage(
      users: (root["data"] as? [Any] ?? []).compactMap(user), nextToken: nextToken(root))
  }

  /// A user lookup: `data` is one user; an `errors` entry of type `…resource-not-found`
  /// without `data` is `notFound`.
  public static func lookup(_ data: Data) throws(TwitterError) -> User {
    let root = try object(data)
    if let found = root["data"].flatMap(user) { return found }
    throw .notFound
  }

  // MARK: Elements

  static func tweet(_ value: Any) -> Tweet? {
    guard let entry = value as? [String: Any],
      let id = (entry["id"] as? String).flatMap(TwitterID.init),
      let author = (entry["author_id"] as? String).flatMap(TwitterID.init),
      let text = entry["text"] as? String,
      let created = (entry["created_at"] as? String).flatMap(date)
    else { return nil }
    return Tweet(
      id: id, authorID: author, text: normalise(text), createdAt: created,
      kind: kind(entry["referenced_tweets"]))
  }

  /// The first `referenced_tweets` entry's type: retweeted, replied_to or quoted.
  static func kind(_ value: Any?) -> TweetKind {
    guard let first = (value as? [Any])?.first as? [String: Any] else { return .original }
    switch first["type"] as? String {
    case "retweeted": return .retweet
    case "replied_to": return .reply
    case "quoted": return .quote
    default: return .original
    }
  }

  static func user(_ value: Any) -> User? {
    guard let entry = value as? [String: Any],
      let id = (entry["id"] as? String).flatMap(TwitterID.init),
      let name = entry["name"] as? String, let username = entry["username"] as? String
    else { return nil }
    return User(
      id: id, name: name, username: username,
      description: entry["description"] as? String ?? "",
      profileImageURL: entry["profile_image_url"] as? String ?? "",
      url: entry["url"] as? String ?? "")
  }

  /// `&amp;`, `&lt;` and `&gt;` decoded once; the ends trimmed; inner newlines kept.
  public static func normalise(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let tail = rest[ampersand...]
      if tail.hasPrefix("&amp;") {
        result += "&"
        rest = tail.dropFirst(5)
      } else if tail.hasPrefix("&lt;") {
        result += "<"
        rest = tail.dropFirst(4)
      } else if tail.hasPrefix("&gt;") {
        result += ">"
        rest = tail.dropFirst(4)
      } else {
        result += "&"
        rest = tail.dropFirst()
      }
    }
    result += rest
    return result.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// ISO 8601, with or without fractional seconds.
  static func date(_ text: String) -> Date? {
    if let date = try? Date(
      text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    {
      return date
    }
    return try? Date(text, strategy: Date.ISO8601FormatStyle())
  }

  /// The body as a JSON object; anything else is malformed.
  static func object(_ data: Data) throws(TwitterError) -> [String: Any] {
    guard let value = try? JSONSerialization.jsonObject(with: data),
      let object = value as? [String: Any]
    else { throw .malformedResponse }
    return object
  }

  private static func nextToken(_ root: [String: Any]) -> String? {
    (root["meta"] as? [String: Any])?["next_token"] as? String
  }
}
