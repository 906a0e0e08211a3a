import Foundation
import LoopbackSupport
import Synchronization

/// A loopback Twitter API for list 42, as the end-to-end tweets tests start it: the list's
/// timeline answers with the fixture page (or what `body` gives for the n-th timeline
/// request, 1 first), anything else 404.
struct ListTimelineServer {
  static let timelinePath = "/2/lists/42/tweets"

  /// The fixture page, `Fixtures/tweets/list-tweets.json`.
  static func fixturePage() throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/tweets/list-tweets.json"))
  }

  let server: ThreadedServer

  init(body: (@Sendable (_ request: Int) -> Data)? = nil) throws {
    let page = try Self.fixturePage()
    let served = Mutex(0)
    server = try ThreadedServer { target in
      guard target.hasPrefix(Self.timelinePath) else { return .init(status: 404) }
      let count = served.withLock { count in
        count += 1
        return count
      }
      return ThreadedServer.Answer(body: body?(count) ?? page)
    }
  }

  var baseURL: URL { server.baseURL }

  /// How many timeline requests have come.
  var polls: Int { server.requests.filter { $0.hasPrefix(Self.timelinePath) }.count }
}
