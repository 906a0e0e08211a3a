import Testing

@testable import CLIApp

/// Issue 38, item 5: on the command line a title is a title, and a negative number is an
/// option's value.
@Suite("CLI: text with dashes and negative option values on the command line")
struct CommandLineTextTests {
  @Test(
    "a text command's dashed words are its text; the command line's flags stay flags",
    arguments: [
      (["add", "-ship it"], ["add", "--", "-ship it"]),
      (["add", "-ship", "it", "--ephemeral"], ["add", "--ephemeral", "--", "-ship", "it"]),
      (["--ephemeral", "add", "-x"], ["--ephemeral", "add", "--", "-x"]),
      (["add", "-x", "--data-dir", "/tmp/d"], ["add", "--data-dir", "/tmp/d", "--", "-x"]),
      (["edit", "3", "-new", "title"], ["edit", "--", "3", "-new", "title"]),
      (["add", "Buy", "milk", "--ephemeral"], ["add", "Buy", "milk", "--ephemeral"]),
      // The user's `--` is kept in the text (after it every word is title, issue 54).
      (["add", "--", "--not-an-option"], ["add", "--", "--", "--not-an-option"]),
      (["toggle", "--", "3"], ["toggle", "--", "3"]),
      (["add", "-h"], ["add", "-h"]),
      (["add", "-x", "--help"], ["add", "-x", "--help"]),
      (["toggle", "-1"], ["toggle", "-1"]),
    ])
  func arranged(words: [String], expected: [String]) {
    #expect(CommandLineText.arranged(words, grammar: TodoGrammar.self) == expected)
  }

  @Test("the arranged words parse to the title as typed")
  func parses() throws {
    let command = try TodoGrammar.command(
      CommandLineText.arranged(["add", "-ship it", "--ephemeral"], grammar: TodoGrammar.self))
    #expect(command.options.shared.ephemeral)
    #expect(String(describing: command).contains("-ship it"))
  }
}
