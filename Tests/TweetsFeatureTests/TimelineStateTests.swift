import Foundation
import Testing
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting

/// The timelines and the member list as screen models: one state value each, asserted
/// exhaustively.
@Suite("Tweets: each screen's one state")
@MainActor
struct TimelineStateTests {
  @Test("the list timeline: loading, the rows stored, the poll's end; one state each")
  func listTimelineStart() throws {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([1, 2]), after: 2)
    let model = ListTimelineViewModel(list: L, env: h.env, navigator: h.navigator)
    model.setActive(true)
    let state = StateRecorder(model.state, on: h.scheduler, exhaustive: true)
    let first = try #require(state.current)
    #expect(first.title == L.title && first.tweets.isEmpty && first.loggedIn)
    #expect(first.placeholder == "Loading..." && first.status == "Live")
    #expect(first.footer == "" && !first.canLoadOlder && first.filterText == "")
    state.expect { $0.isLoading = true }
    h.at(2)
    let rows = try #require(model.tweets.record(on: h.scheduler).last)
    #expect(rows.count == 2)
    state.expect {
      $0.tweets = rows
      $0.placeholder = ""
    }
    state.expect {
      $0.isLoading = false
      $0.status = "Live · updated 12:00:02"
    }
    state.finish()
  }

  @Test("a filter changes the filter text and the rows, and pausing only the status and flag")
  func filterAndPause() throws {
    let h = TweetsHarness()
    h.api.listDefault = .answer(page([1, 2]))
    let model = ListTimelineViewModel(list: L, env: h.env, navigator: h.navigator)
    model.setActive(true)
    h.at(1)
    let state = StateRecorder(model.state, on: h.scheduler, exhaustive: true)
    model.setFilter("no such words")
    h.scheduler.advance()
    state.expect {
      $0.filterText = "no such words"
      $0.tweets = []
    }
    model.setPaused(true)
    h.scheduler.advance()
    state.expect {
      $0.status = "Paused · updated 12:00:00"
      $0.isPaused = true
    }
    state.finish()
  }

  @Test("a person's timeline has the same state, with its own title and placeholder")
  func personTimeline() throws {
    let h = TweetsHarness()
    let model = PersonTimelineViewModel(
      username: "@nobody here", env: h.env, navigator: h.navigator)
    model.setActive(true)
    let events = model.events.record(on: h.scheduler)
    let state = model.state.record(on: h.scheduler)
    h.at(1)
    let last = try #require(state.last)
    #expect(
      last.title == "None found" && last.tweets.isEmpty && last.placeholder == "No tweets yet.")
    #expect(events.values == [.failure("Not a valid username.")])
  }

  @Test("the member list's state says when it can retry")
  func people() throws {
    let h = TweetsHarness(account: FakeAccount(.unavailable))
    let model = ListPeopleViewModel(list: L, env: h.env, navigator: h.navigator)
    model.setActive(true)
    let state = model.state.record(on: h.scheduler)
    h.at(1)
    let last = try #require(state.last)
    #expect(last.load == .failed("Twitter access not authorized.") && last.people.isEmpty)
    #expect(last.message == "Twitter access not authorized." && !last.canRetry)
  }

  /// Issue 27, item 7: the member list, exhaustively.
  @Test("the member list, exhaustively: loading, then an empty list says so")
  func peopleExhaustive() throws {
    let h = TweetsHarness()
    let model = ListPeopleViewModel(list: L, env: h.env, navigator: h.navigator)
    model.setActive(true)
    let state = StateRecorder(model.state, on: h.scheduler)
    #expect(state.current?.load == .loading && state.current?.message == "Loading...")
    h.at(5)
    state.expect {
      $0.load = .loaded([])
      $0.message = "This list has no members."
      $0.isLoading = false
    }
    state.finish()
  }

  /// Issue 27, item 7: a person's timeline, exhaustively, its refusal included.
  @Test("a person's timeline, exhaustively: a bad username is refused with one event")
  func personExhaustive() throws {
    let h = TweetsHarness()
    let model = PersonTimelineViewModel(
      username: "@nobody here", env: h.env, navigator: h.navigator)
    model.setActive(true)
    let state = StateRecorder(model.state, events: model.events, on: h.scheduler)
    #expect(state.current?.title == "None found" && state.current?.placeholder == "Loading...")
    h.at(1)
    state.expect { $0.isLoading = true }
    state.expect {
      $0.placeholder = "No tweets yet."
      $0.status = "Live · updated 12:00:00"
      $0.isLoading = false
    }
    state.expectEvent(ScreenEvent.failure("Not a valid username."))
    state.finish()
  }
}
