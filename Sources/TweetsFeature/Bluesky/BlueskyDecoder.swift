import Foundation

/// Reads the public AppView's answers (the `app.bsky.*` lexicons) into the app's timeline
/// shapes. As with the Twitter decoder, an element that is not what the lexicon says is
/// skipped, and only a body that is not a JSON object fails.
public enum BlueskyDecoder {
  /// The most feed items or list members read from one page.
  public static let maxItems = 100
  /// The longest post text kept, in characters (Bluesky allows 300 graphemes).
  public static let maxText = 3_000

  /// A page of posts, with the DIDs of the people in it by their ids.
  public struct Feed: Equatable, Sendable {
    public var page: TimelinePage
    public var dids: [TwitterID: String]
  }

  /// A page of a list's members, with the list's name and owner when the answer has them.
  public struct Members: Equatable, Sendable {
    public var page: UsersPage
    public var dids: [TwitterID: String]
    /// `Swift people (@alice.bsky.social)`, or nil.
    public var title: String?
  }

  /// `app.bsky.feed.getListFeed` and `getAuthorFeed`: `{cursor, feed: [FeedViewPost]}`.
  public static func feed(_ data: Data) throws(TwitterError) -> Feed {
    let root = try TweetsDecoder.object(data)
    var tweets: [Tweet] = []
    var users: [TwitterID: (User, String)] = [:]
    for item in (root["feed"] as? [Any] ?? []).prefix(maxItems) {
      guard let (tweet, people) = post(item) else { continue }
      tweets.append(tweet)
      for (user, did) in people { users[user.id] = (user, did) }
    }
    return Feed(
      page: TimelinePage(
        tweets: tweets, users: users.values.map(\.0).sorted { $0.id < $1.id },
        nextToken: cursor(root)),
      dids: users.mapValues(\.1))
  }

  /// How many parents a thread reads up from its post, and how deep its replies go.
  public static let threadParents = 20
  public static let threadDepth = 6

  /// `app.bsky.feed.getPostThread`: `{thread: ThreadViewPost}`, read as the thread reads:
  /// the parents from the oldest, the post, then each reply followed by its own replies
  /// (at most `maxItems` posts). A post that is missing or blocked is left out; a thread whose
  /// post is missing is `notFound`.
  public static func thread(_ data: Data) throws(TwitterError) -> Feed {
    let root = try TweetsDecoder.object(data)
    guard let thread = root["thread"] as? [String: Any] else { throw .malformedResponse }
    guard thread["post"] is [String: Any] else { throw .notFound }
    var parents: [[String: Any]] = []
    var parent = thread["parent"] as? [String: Any]
    while let node = parent, node["post"] is [String: Any], parents.count < threadParents {
      parents.append(node)
      parent = node["parent"] as? [String: Any]
    }
    var nodes = Array(parents.reversed()) + [thread]
    func addReplies(of node: [String: Any], depth: Int) {
      guard depth < threadDepth else { return }
      for reply in (node["replies"] as? [Any] ?? []).compactMap({ $0 as? [String: Any] }) {
        guard nodes.count < maxItems, reply["post"] is [String: Any] else { continue }
        nodes.append(reply)
        addReplies(of: reply, depth: depth + 1)
      }
    }
    addReplies(of: thread, depth: 0)
    var tweets: [Tweet] = []
    var users: [TwitterID: (User, String)] = [:]
    for node in nodes {
      guard let (tweet, people) = post(["post": node["post"] as Any]) else { continue }
      tweets.append(tweet)
      for (user, did) in people { users[user.id] = (user, did) }
    }
    return Feed(
      page: TimelinePage(tweets: tweets, users: users.values.map(\.0).sorted { $0.id < $1.id }),
      dids: users.mapValues(\.1))
  }

  /// `app.bsky.graph.getList`: `{cursor, list: {name, creator}, items: [{subject}]}`.
  public static func members(_ data: Data) throws(TwitterError) -> Members {
    let root = try TweetsDecoder.object(data)
    var users: [User] = []
    var dids: [TwitterID: String] = [:]
    for item in (root["items"] as? [Any] ?? []).prefix(maxItems) {
      guard let (user, did) = ((item as? [String: Any])?["subject"]).flatMap(profile) else {
        continue
      }
      users.append(user)
      dids[user.id] = did
    }
    var title: String?
    if let list = root["list"] as? [String: Any], let name = list["name"] as? String,
      !name.isEmpty
    {
      let owner = (list["creator"] as? [String: Any])?["handle"] as? String
      title = owner.map { "\(name) (@\($0))" } ?? name
    }
    return Members(page: UsersPage(users: users, nextToken: cursor(root)), dids: dids, title: title)
  }

  /// `app.bsky.actor.getProfile`: one profile; none is `notFound`.
  public static func profile(_ data: Data) throws(TwitterError) -> (User, String) {
    guard let found = profile(try TweetsDecoder.object(data)) else { throw .notFound }
    return found
  }

  /// `com.atproto.identity.resolveHandle`: `{did}`.
  public static func did(_ data: Data) throws(TwitterError) -> String {
    guard let did = try TweetsDecoder.object(data)["did"] as? String, did.hasPrefix("did:"),
      BlueskyListReference.isOwner(did)
    else { throw .malformedResponse }
    return did
  }

  // MARK: Elements

  /// A profile view: its user (id from the DID) and the DID.
  static func profile(_ value: Any) -> (User, String)? {
    guard let entry = value as? [String: Any], let did = entry["did"] as? String,
      did.hasPrefix("did:"), BlueskyListReference.isOwner(did),
      let handle = entry["handle"] as? String, BlueskyListReference.isOwner(handle)
    else { return nil }
    let display = (entry["displayName"] as? String ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
    return (
      User(
        id: BlueskyIDs.stable(did), name: display.isEmpty ? handle : String(display.prefix(640)),
        username: handle,
        description: String((entry["description"] as? String ?? "").prefix(2_560)),
        profileImageURL: entry["avatar"] as? String ?? "", url: "https://bsky.app/profile/\(handle)"
      ),
      did
    )
  }

  /// A feed item (`FeedViewPost`) as a tweet, with the people it names. A repost is the
  /// reposter's, as a retweet is on Twitter, at the time of the repost, and names the post's
  /// author: `@author: text`.
  static func post(_ value: Any) -> (Tweet, [(User, String)])? {
    guard let item = value as? [String: Any], let post = item["post"] as? [String: Any],
      let uri = post["uri"] as? String, let (author, authorDID) = post["author"].flatMap(profile),
      let record = post["record"] as? [String: Any], let rawText = record["text"] as? String,
      let created = (record["createdAt"] as? String).flatMap(TweetsDecoder.date)
        ?? (post["indexedAt"] as? String).flatMap(TweetsDecoder.date)
    else { return nil }
    let text = String(rawText.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maxText))
    if let reason = item["reason"] as? [String: Any],
      (reason["$type"] as? String) == "app.bsky.feed.defs#reasonRepost"
    {
      guard let (by, byDID) = reason["by"].flatMap(profile),
        let at = (reason["indexedAt"] as? String).flatMap(TweetsDecoder.date),
        let id = (reason["uri"] as? String).flatMap(BlueskyIDs.tid(uri:))
          ?? BlueskyIDs.timeOrdered(at, salt: byDID + uri)
      else { return nil }
      let tweet = Tweet(
        id: id, authorID: by.id, text: "@\(author.username): \(text)", createdAt: at,
        kind: .retweet, uri: BlueskyPostAddress.checked(uri))
      return (tweet, [(by, byDID), (author, authorDID)])
    }
    guard let id = BlueskyIDs.tid(uri: uri) ?? BlueskyIDs.timeOrdered(created, salt: uri) else {
      return nil
    }
    let tweet = Tweet(
      id: id, authorID: author.id, text: text, createdAt: created, kind: kind(post, record),
      uri: BlueskyPostAddress.checked(uri))
    return (tweet, [(author, authorDID)])
  }

  /// A reply (the record names a parent), a quote (the post embeds a record), or neither.
  static func kind(_ post: [String: Any], _ record: [String: Any]) -> TweetKind {
    if record["reply"] is [String: Any] { return .reply }
    let embed = (post["embed"] as? [String: Any])?["$type"] as? String ?? ""
    if embed.hasPrefix("app.bsky.embed.record#")
      || embed.hasPrefix("app.bsky.embed.recordWithMedia#")
    {
      return .quote
    }
    return .original
  }

  private static func cursor(_ root: [String: Any]) -> String? {
    guard let cursor = root["cursor"] as? String, !cursor.isEmpty, cursor.utf8.count <= 1_024
    else { return nil }
    return cursor
  }
}
