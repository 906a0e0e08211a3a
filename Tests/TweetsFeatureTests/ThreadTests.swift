import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// Issue 42, item 4: opening a post shows its thread where the service offers it (Bluesky's
/// `app.bsky.feed.getPostThread`), as a timeline of its own; elsewhere the post alone, and a
/// footer that says why.
@Suite("Tweets: a post's thread")
@MainActor
struct ThreadTests {
  static let uri = "at://did:plc:ada4quill7x2k3/app.bsky.feed.post/3m6hbywc2k22b"

  /// A row of the list timeline, with a Bluesky address when `uri` is given.
  func row(uri: String?) -> TweetRow {
    TweetRow(
      StoredTweet(
        tweet: Tweet(
          id: id(1), authorID: ada.id, text: "Backpressure", createdAt: T0, uri: uri),
        author: ada), age: "now")
  }

  @Test("issue 42: the thread's posts in thread order, titled Thread; read again every 30 s")
  func thread() {
    let h = TweetsHarness()
    h.api.threadReplies = [
      .answer(page([3, 1, 5, 4])), .answer(page([3, 1, 5, 4, 6])),
    ]
    let model = ThreadViewModel(post: row(uri: Self.uri), env: h.env, navigator: h.navigator)
    model.setActive(true)
    let states = model.state.record(on: h.scheduler)
    h.scheduler.settle()
    let last = states.last
    #expect(last?.title == "Thread" && last?.footer == "" && last?.canLoadOlder == false)
    #expect(last?.tweets.map(\.id) == [id(3), id(1), id(5), id(4)])
    #expect(h.api.calls.map(\.endpoint) == ["thread:\(Self.uri)"])
    h.at(30)
    #expect(states.last?.tweets.map(\.id) == [id(3), id(1), id(5), id(4), id(6)])
    #expect(model.send(.loadOlder) == .rejected("A thread has no older posts."))
    // The shared inputs work as on any timeline.
    model.send(.setFilter(text: "zzz"))
    h.scheduler.settle()
    #expect(states.last?.tweets == [] && states.last?.placeholder == "")
    model.send(.back)
    #expect(h.navigator.log.map(\.0) == ["back"])
  }

  @Test("issue 42: a service without threads shows the post alone and says so, asking nothing")
  func notOffered() {
    let h = TweetsHarness()
    let post = row(uri: nil)
    let model = ThreadViewModel(post: post, env: h.env, navigator: h.navigator)
    model.setActive(true)
    let states = model.state.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(states.last?.tweets == [post])
    #expect(states.last?.footer == ThreadViewModel.notOffered)
    #expect(h.api.calls.isEmpty)
  }

  @Test("issue 42: a failed read is a failure event; the next poll reads the thread")
  func failure() {
    let h = TweetsHarness()
    h.api.threadReplies = [.fail(.notFound), .answer(page([1, 2]))]
    let model = ThreadViewModel(post: row(uri: Self.uri), env: h.env, navigator: h.navigator)
    model.setActive(true)
    let states = model.state.record(on: h.scheduler)
    let events = model.events.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(events.values == [.failure("Not found on Twitter (HTTP 404).")])
    #expect(states.last?.placeholder == "No tweets yet.")
    h.at(30)  // the next poll
    #expect(states.last?.tweets.map(\.id) == [id(1), id(2)])
  }

  @Test(
    "issue 53: showThread(id:) opens the thread of a post the timeline shows, in place of another thread; an id it does not show is refused"
  )
  func navigation() throws {
    let h = TweetsHarness()
    h.api.threadReplies = [.answer(page([3, 1, 5])), .answer(page([5]))]
    let navigator = TweetsNavigator(list: L, env: h.env)
    navigator.start()
    #expect(navigator.showThread(of: row(uri: Self.uri)) == .accepted)
    #expect(navigator.currentScenes.map(\.id) == [.listTimeline, .thread(id: id(1))])
    let thread = try #require(navigator.currentScenes.last?.timeline)
    thread.setActive(true)
    let states = thread.state.record(on: h.scheduler)
    h.scheduler.settle()
    #expect(states.last?.tweets.map(\.id) == [id(3), id(1), id(5)])
    #expect(thread.send(.showThread(id: id(9))) == .rejected("That post is not shown here."))
    #expect(navigator.currentScenes.map(\.id) == [.listTimeline, .thread(id: id(1))])
    #expect(thread.send(.showThread(id: id(5))) == .accepted)
    #expect(navigator.currentScenes.map(\.id) == [.listTimeline, .thread(id: id(5))])
    navigator.back()
    #expect(navigator.currentScenes.map(\.id) == [.listTimeline])
    // What the page sends for its Thread button: the row's id, as the state encodes it.
    let sent = #"{"showThread":{"id":"\#(id(5))"}}"#
    #expect(
      try JSONDecoder().decode(TimelineInput.self, from: Data(sent.utf8)) == .showThread(id: id(5)))
  }

}
