import ArgumentParser

/// `cli todo`: the todo app's grammar.
public struct TodoGrammar: AppGrammar {
  public static let configuration = grammar(
    "todo",
    commands: [
      List.self, Add.self, New.self, Edit.self, Modify.self, Done.self, Toggle.self,
      Delete.self, Undo.self, Filter.self, Stats.self,
    ])
  @OptionGroup public var options: CLIOptions
  public init() {}
}

extension TodoGrammar {
  struct List: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "print every task, or those a filter picks (+home -work overdue due.before:fri)")
    static let verbatimAfter: Int? = 0
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(
      help: """
        Filter words, all of which must hold: +tag, -tag, priority:H, due:DAY, due.before:DAY, \
        due.after:DAY, overdue, or words of the title.
        """)
    var filter: [String] = []
    func validate() throws { try refuseOptions(in: filter) }
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      cli.list(filter.joined(separator: " "))
    }
  }

  struct Add: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "add a task: add Pay rent due:fri priority:H +home")
    static let verbatimAfter: Int? = 0
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(
      help: """
        The title, with any of due:DAY (2026-12-01, today, tomorrow, fri, eom, 3d, 2w), \
        priority:H|M|L and +tag (in a session: the rest of the line, as typed).
        """)
    var title: [String] = []
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      cli.add(title.joined(separator: " "))
    }
  }

  struct Modify: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "modify", abstract: "change a task: modify 5 due:tomorrow -home +work")
    static let verbatimAfter: Int? = 1
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The task's number (5 or #5).") var uid: TaskNumber
    @Argument(
      help: """
        What to change: due:DAY (due: removes it), priority:H|M|L (priority: removes it), \
        +tag, -tag; other words are the new title.
        """)
    var changes: [String] = []
    func validate() throws { try refuseOptions(in: changes) }
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      cli.modify(uid, changes.joined(separator: " "))
    }
  }

  struct Done: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "done", abstract: "check off a task (refused when it is done already)")
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The task's number (5 or #5).") var uid: TaskNumber
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome { cli.done(uid) }
  }

  struct New: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "new",
      abstract: "add a task in the editor (the next line is its title; :cancel cancels)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      CommandOutcome(later: cli.tasks.send(.create))
    }
  }

  struct Edit: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "rename a task, or open the editor")
    static let verbatimAfter: Int? = 1
    /// A rename answers on its own; opening the editor needs the list.
    var answersOnItsOwn: Bool { !title.isEmpty }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The task's number (5 or #5).") var uid: TaskNumber
    @Argument(help: "The new title; none: the next line is it.") var title: [String] = []
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      cli.edit(uid, title: title.isEmpty ? nil : title.joined(separator: " "))
    }
  }

  struct Toggle: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "toggle", abstract: "check off or uncheck")
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The task's number (5 or #5).") var uid: TaskNumber
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome { cli.change("toggle", uid) }
  }

  struct Delete: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "delete a task")
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The task's number (5 or #5).") var uid: TaskNumber
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome { cli.change("delete", uid) }
  }

  struct Undo: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "take back the last change (add, edit, check, delete), from any earlier run")
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome { cli.undo() }
  }

  struct Filter: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "filter",
      abstract: "show only tasks containing every word (no text: all)")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The words to look for.") var text: [String] = []
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome {
      cli.tasks.send(.setFilter(text: text.joined(separator: " ")))
      return CommandOutcome()
    }
  }

  struct Stats: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "stats", abstract: "print the counts")
    var answersOnItsOwn: Bool { true }
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TodoCLI) -> CommandOutcome { cli.stats() }
  }
}

/// `list` and `modify` take words that may start with one dash (`-home` removes a tag), but a
/// word with two is a mistyped option, refused before anything is opened; after a word `--`
/// every word is title (`modify 5 -- --verbose flag`).
private func refuseOptions(in words: [String]) throws {
  let split = words.flatMap { $0.split(whereSeparator: \.isWhitespace) }
  for word in split.prefix(while: { $0 != "--" }) where word.hasPrefix("--") {
    throw ValidationError("Unknown option '\(word)'")
  }
}
