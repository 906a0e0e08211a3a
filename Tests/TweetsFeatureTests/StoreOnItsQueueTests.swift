import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import TweetsFeature

/// Issue 31, item 3: the list timeline is isolated to the main actor, and the tweet store
/// hands its rows on from its own queue (its observation queue, and the thread of whoever
/// wrote). The timeline takes the store's rows through `receiveOnMainQueue`, so its closures
/// run on the main actor (the run time checks that, and would stop the process here) and the
/// rows arrive with the UI scheduler.
@Suite("Tweets: a store write from another thread reaches the main actor")
@MainActor
struct StoreOnItsQueueTests {
  @Test("a page written on another thread shows once the scheduler runs, not before")
  func writeFromAnotherThread() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tweets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = GRDBTweetStore(url: folder.appendingPathComponent("tweets.sqlite"))
    let h = TweetsHarness(store: store)
    h.api.listDefault = .answer(page([1, 2]))
    let list = h.listTimeline()
    #expect(list.tweets.last?.count == 2)

    // Another thread writes a newer tweet; the store hands the new rows on there.
    let written = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? store.upsert(page([3]), list: L.id)
      written.signal()
    }
    #expect(written.wait(timeout: .now() + 60) == .success)
    #expect(list.tweets.last?.count == 2)
    h.scheduler.settle()
    #expect(list.tweets.last?.count == 3)
  }
}
