import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// Issue 29, item 5: while a query retries, the state says which attempt runs ("attempt 2 of
/// 4"); the toasts keep the spec's exact words.
@Suite("Weather: the attempt note")
@MainActor
struct AttemptNoteTests {
  @Test(
    "four failing attempts: no note for the first, 'attempt n of 4' from the second, none after")
  func fourAttempts() {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(.server(status: 500))
    let notes = h.viewModel.state.map(\.attemptNote).removeDuplicates().record(on: h.scheduler)
    h.search("London")
    h.at(60)
    #expect(notes.values == ["", "attempt 2 of 4", "attempt 3 of 4", "attempt 4 of 4", ""])
    #expect(notes.times == [0, 1, 3, 6, 6])
    #expect(h.toast.values == Array(repeating: "Weather server error (HTTP 500)", count: 4))
  }

  @Test("a retry that succeeds ends the note with the weather; a new search starts at none")
  func retryThenSuccess() throws {
    let h = WeatherHarness()
    h.service.replies = [.fail(.server(status: 503)), .answer(W_London), .answer(W_London)]
    let attempts = h.viewModel.state.map(\.attempt).removeDuplicates().record(on: h.scheduler)
    h.search("London")
    h.at(1)
    #expect(attempts.values == [nil, 2, nil])
    h.search("London")
    h.at(2)
    #expect(attempts.values == [nil, 2, nil])
  }

  @Test("a 401 waiting for a key shows no note; the key resumes at the next number")
  func keyWait() {
    let h = WeatherHarness()
    h.service.replies = [.fail(.invalidKey), .fail(.server(status: 500)), .answer(W_London)]
    let notes = h.viewModel.state.map(\.attemptNote).removeDuplicates().record(on: h.scheduler)
    h.search("London")
    h.at(5)
    #expect(notes.values == [""])
    h.viewModel.setApiKey("new-key-5678")
    h.at(20)
    #expect(notes.values == ["", "attempt 2 of 4", "attempt 3 of 4", ""])
  }
}
