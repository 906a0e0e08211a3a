import Fixtures
import Foundation
import ViewModelKit

/// The offline API: the files of `Fixtures/tweets`, answered as soon as subscribed.
public struct FixtureTwitterAPI: TwitterAPI {
  private let directory: URL

  public init(directory: URL = FixtureLoader.bundled.url(for: "tweets")) {
    self.directory = directory
  }

  /// The list the fixtures describe.
  public func list() throws(TwitterError) -> ListIdentifier {
    struct Document: Decodable {
      let id: String
      let owner: String
      let slug: String
    }
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("list.json")),
      let document = try? JSONDecoder().decode(Document.self, from: data),
      let id = TwitterID(document.id)
    else { throw .malformedResponse }
    return ListIdentifier(id: id, owner: document.owner, slug: document.slug)
  }

  public func listTweets(_ list: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    answer { () throws(TwitterError) -> TimelinePage in
      guard list == (try self.list()).id else { throw .notFound }
      switch page {
      case .first, .newer: return try timeline("list-tweets.json")
      case .older(let token): return try timeline("list-tweets.\(try valid(token)).json")
      case .newerPage: return TimelinePage()
      }
    }
  }

  public func listMembers(_ list: TwitterID, pageToken: String?, token: String) -> AnyPublisher<
    UsersPage, TwitterError
  > {
    answer { () throws(TwitterError) -> UsersPage in
      guard list == (try self.list()).id else { throw .notFound }
      var name = "members.json"
      if let pageToken { name = "members.\(try valid(pageToken)).json" }
      guard let data = read(name) else { return UsersPage() }
      return try TweetsDecoder.members(data)
    }
  }

  public func user(username: String, token: String) -> AnyPublisher<User, TwitterError> {
    answer { () throws(TwitterError) -> User in
      let members = try membersFile()
      guard
        let found = members.users.first(where: { $0.username.lowercased() == username.lowercased() }
        )
      else { throw .notFound }
      return found
    }
  }

  public func userTweets(_ user: TwitterID, page: PageRequest, token: String) -> AnyPublisher<
    TimelinePage, TwitterError
  > {
    answer { () throws(TwitterError) -> TimelinePage in
      let members = try membersFile()
      guard let member = members.users.first(where: { $0.id == user }) else {
        return TimelinePage()
      }
      let base = "timelines/\(member.username)"
      switch page {
      case .first: return try timeline("\(base).json")
      case .newer(let since): return try newer(timeline("\(base).json"), since: since)
      case .newerPage(let since, let token):
        return try newer(timeline("\(base).\(try valid(token)).json"), since: since)
      case .older(let token): return try timeline("\(base).\(try valid(token)).json")
      }
    }
  }

  // MARK: Files

  private func membersFile() throws(TwitterError) -> UsersPage {
    guard let data = read("members.json") else { return UsersPage() }
    return try TweetsDecoder.members(data)
  }

  private func read(_ name: String) -> Data? {
    try? Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// A missing file is an empty page; a broken one is `malformedResponse`.
  private func timeline(_ name: String) throws(TwitterError) -> TimelinePage {
    guard let data = read(name) else { return TimelinePage() }
    return try TweetsDecoder.timeline(data)
  }

  /// Only tweets after `since`; the page's token is kept only when nothing was dropped.
  private func newer(_ page: TimelinePage, since: TwitterID) -> TimelinePage {
    let kept = page.tweets.filter { $0.id > since }
    return TimelinePage(
      tweets: kept, users: page.users,
      nextToken: kept.count == page.tweets.count ? page.nextToken : nil)
  }

  private func valid(_ token: String) throws(TwitterError) -> String {
    let allowed = token.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_" || $0 == "-"
    }
    guard (1...64).contains(token.unicodeScalars.count), allowed else { throw .notFound }
    return token
  }

  private func answer<T>(_ work: @escaping () throws(TwitterError) -> T) -> AnyPublisher<
    T, TwitterError
  > {
    Deferred { () -> AnyPublisher<T, TwitterError> in
      do throws(TwitterError) {
        return Just(try work()).setFailureType(to: TwitterError.self).eraseToAnyPublisher()
      } catch {
        return Fail(error: error).eraseToAnyPublisher()
      }
    }
    .eraseToAnyPublisher()
  }
}
