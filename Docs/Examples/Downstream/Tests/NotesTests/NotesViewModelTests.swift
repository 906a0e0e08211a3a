import Foundation
import NotesFeature
import Testing
import ViewModelKit
import ViewModelKitTesting

/// The notes view model in virtual time: its state arrives on the UI scheduler, when the test
/// lets that scheduler run, and never before.
@Suite("Notes: the view model")
@MainActor
struct NotesViewModelTests {
  let scheduler = DispatchQueue.test

  @Test("a note added is shown on the scheduler's next turn, numbered, with its line")
  func addAndRemove() {
    let notes = NotesViewModel(scheduler: scheduler.asAny)
    var states: [NotesState] = []
    var events: [String] = []
    let watch = notes.state.drive { states.append($0) }
    let heard = notes.events.emit { events.append($0.message) }
    defer {
      watch.cancel()
      heard.cancel()
    }
    #expect(states.isEmpty)
    scheduler.advance()
    #expect(states.last?.summary == "No notes yet.")
    #expect(notes.send(.add(text: "  Buy milk ")) == .accepted)
    #expect(notes.send(.add(text: "Call Ana")) == .accepted)
    #expect(states.count == 1)
    scheduler.advance()
    #expect(states.last?.notes.map(\.text) == ["Buy milk", "Call Ana"])
    #expect(states.last?.notes.map(\.id) == [1, 2])
    #expect(states.last?.summary == "2 notes")
    #expect(notes.send(.remove(id: 1)) == .accepted)
    #expect(notes.send(.add(text: "Water plants")) == .accepted)
    scheduler.advance()
    #expect(states.last?.notes.map(\.id) == [2, 3])
    #expect(events == ["Added note 1", "Added note 2", "Removed note 1", "Added note 3"])
  }

  @Test("what cannot be done is refused with its reason, and changes nothing")
  func refusals() {
    let notes = NotesViewModel(scheduler: scheduler.asAny)
    #expect(notes.send(.add(text: " \n ")) == .rejected("A note needs some text"))
    #expect(
      notes.send(.add(text: String(repeating: "x", count: 201)))
        == .rejected("A note is at most 200 characters"))
    #expect(notes.send(.remove(id: 1)) == .rejected("There is no note 1"))
    for index in 1...NotesViewModel.most { _ = notes.send(.add(text: "note \(index)")) }
    #expect(
      notes.send(.add(text: "one more")) == .rejected("The list holds 50 notes: remove one first"))
  }

  @Test("the session keeps the notes as text, and a later session takes them back")
  func keptBetweenRuns() {
    let first = NotesSession(scheduler: scheduler.asAny)
    first.send(.notes(.add(text: "Buy milk")))
    var kept = ""
    let keep = first.rememberedChoices[0].values.sink { kept = $0 }
    keep.cancel()
    let second = NotesSession(scheduler: scheduler.asAny)
    second.rememberedChoices[0].restore(kept)
    second.rememberedChoices[0].restore(#"[{"id":0,"text":"bad id"}]"#)  // ignored whole
    var shown: [String] = []
    let watch = second.notes.state.drive { shown = $0.notes.map { "\($0.id). \($0.text)" } }
    scheduler.advance()
    watch.cancel()
    #expect(shown == ["1. Buy milk"])
  }

  @Test("the wire form of an input names its screen")
  func wireInput() throws {
    let input = NotesSessionInput.notes(.remove(id: 2))
    let text = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
    #expect(text == #"{"notes":{"remove":{"id":2}}}"#)
    #expect(try JSONDecoder().decode(NotesSessionInput.self, from: Data(text.utf8)) == input)
  }
}
