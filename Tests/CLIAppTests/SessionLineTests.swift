import CLIApp
import Testing

/// Issue 28, item 1: a line of a session is parsed by the same grammar as the command line.
@Suite("CLI: session lines through the grammar")
struct SessionLineTests {
  /// What a line came to: the command's name and its arguments as the command set sees them,
  /// `help`, or the refusal's message.
  static func outcome(_ line: String, _ grammar: any AppGrammar.Type = TodoGrammar.self)
    -> String
  {
    switch SessionLine.parse(line, grammar: grammar) {
    case .failure(let refusal): "error: \(refusal.message)"
    case .success(.blank): "blank"
    case .success(.help(nil)): "help"
    case .success(.help(let text?)): "help: " + (text.split(separator: "\n").first ?? "")
    case .success(.command(let command)): describe(command)
    }
  }

  /// `edit uid=5 title=["A title"]`: the command's name and its arguments, flags left out.
  static func describe(_ command: any AppCommand) -> String {
    let arguments = Mirror(reflecting: command).children.compactMap { child -> String? in
      guard let label = child.label, label != "_options" else { return nil }
      return "\(label.dropFirst())=\(child.value)"
    }
    return ([type(of: command).names[0]] + arguments).joined(separator: " ")
  }

  @Test(
    "a table of lines and what they come to",
    arguments: [
      ("", "blank"),
      ("   ", "blank"),
      ("help", "help"),
      ("help toggle", "help: OVERVIEW: check off or uncheck"),
      ("toggle --help", "help: OVERVIEW: check off or uncheck"),
      ("help frob", "error: unknown command 'frob'; type help"),
      ("frob", "error: unknown command 'frob'; type help"),
      ("toggle", "error: Missing expected argument '<uid>'; usage: toggle <uid>"),
      ("toggle 1 2", "error: Unexpected argument '2'; usage: toggle <uid>"),
      (
        "toggle 5 --json",
        "error: '--json' is not an argument of toggle; flags go on the command line"
      ),
      ("toggle 'unclosed", "error: unterminated quote"),
      ("exit", "quit"),
      ("toggle 5", "toggle uid=#5"),
      ("  list  ", "list filter=[]"),
      ("active off", "active state=off"),
      ("toggle #+1", "error: The value '#+1' is invalid for '<uid>'; usage: toggle <uid>"),
    ])
  func table(line: String, expected: String) {
    #expect(Self.outcome(line) == expected)
  }

  @Test("a text command gets the rest of its line as typed: quotes, spaces and dashes kept")
  func verbatimText() {
    #expect(Self.outcome("add Don't  -- panic --now") == #"add title=["Don\'t  -- panic --now"]"#)
    #expect(
      Self.outcome("edit 5 A 'quoted'  title") == #"edit uid=#5 title=["A \'quoted\'  title"]"#)
    #expect(Self.outcome("add") == "add title=[]")
  }

  @Test("a negative number is an argument for the command to judge, not a flag")
  func negativeNumbers() {
    #expect(
      Self.outcome("remove peas -1", CheckoutGrammar.self) == #"remove product=["peas", "-1"]"#)
    #expect(
      Self.outcome("pan n -3", WeatherGrammar.self) == #"pan direction=north times=Optional("-3")"#)
  }

  @Test(
    "every app's commands, aliases included, are found by name",
    arguments: [
      (
        TodoGrammar.self as any AppGrammar.Type,
        ["list", "add", "toggle", "quit", "exit", "active", "config"]
      ),
      (CheckoutGrammar.self, ["catalog", "back", "add", "currency", "signout", "ok"]),
      (WeatherGrammar.self, ["search", "now", "map", "savekey"]),
      (TweetsGrammar.self, ["timeline", "open", "wait", "link"]),
    ])
  func names(grammar: any AppGrammar.Type, words: [String]) {
    for word in words { #expect(grammar.command(named: word) != nil, "\(word)") }
    #expect(grammar.command(named: "frobnicate") == nil)
  }
}
