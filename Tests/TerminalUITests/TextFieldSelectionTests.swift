import TerminalUI
import Testing

/// Issue 52: a text the app filled in (weather's remembered place) is selected, so a new place
/// typed replaces it instead of making `LondonParis`.
@Suite("TextField: a filled-in text is selected")
struct TextFieldSelectionTests {
  @Test("issue 52: typing replaces a selected text; Paris, not LondonParis")
  func typingReplaces() {
    var field = TextField(text: "London", selected: true)
    #expect(field.isSelected)
    for character in "Paris" { field.handle(.character(character)) }
    #expect(field.text == "Paris" && !field.isSelected)
  }

  @Test("issue 52: a paste replaces it too; Backspace clears it")
  func pasteAndBackspace() {
    var pasted = TextField(text: "London", selected: true)
    pasted.handle(.text("New York"))
    #expect(pasted.text == "New York")
    var cleared = TextField(text: "London", selected: true)
    cleared.handle(.backspace)
    #expect(cleared.text == "" && !cleared.isSelected)
  }

  @Test("issue 52: a movement key ends the selection and keeps the text to edit")
  func movementKeeps() {
    var field = TextField(text: "London", selected: true)
    field.handle(.end)
    field.handle(.character("!"))
    #expect(field.text == "London!")
    #expect(!TextField(text: "", selected: true).isSelected)
    #expect(!TextField(text: "London").isSelected)
  }
}
