import AppEnvironment
import ArgumentParser
import CLIApp
import NotesFeature
import ViewModelKit

/// The notes app as line commands: its screen's outputs, and commands that are lists of the
/// screen's inputs.
@MainActor
final class NotesCLI: CLIApplication {
  private let session: NotesSession
  let currentScreen: CLIScreen
  let isSettled: Driver<Bool>

  init(session: NotesSession) {
    self.session = session
    isSettled = session.isSettled
    currentScreen = CLIScreen(
      name: "notes",
      outputs: [
        .text("summary", initial: true, session.notes.state, \.summary),
        CLIOutput("notes", initial: true, driver: session.notes.state) { state in
          .list(
            rows: state.notes.map { "\($0.id). \($0.text)" },
            json: state.notes.map(JSONValue.encoded))
        },
      ])
  }

  var isBusy: Bool { false }
  var appSession: any AppSession { session }
  nonisolated static var grammar: any AppGrammar.Type { NotesGrammar.self }
  func send(_ input: NotesInput) -> CommandOutcome { session.notes.sending([input]) }
  func finish() {}
  func setActive(_ active: Bool) { session.setActive(active) }
}

/// `notes-cli notes add Buy milk`, `notes-cli notes remove 2`, and the same lines at the
/// `notes>` prompt.
struct NotesGrammar: AppGrammar {
  static let configuration = grammar("notes", commands: [Add.self, Remove.self])
  @OptionGroup var options: CLIOptions

  struct Add: CommandOf {
    static let configuration = CommandConfiguration(abstract: "add a note: add Buy milk")
    static let verbatimAfter: Int? = 0
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The note's text (in a session: the rest of the line, as typed).")
    var text: [String] = []
    @MainActor func outcome(in notes: NotesCLI) -> CommandOutcome {
      notes.send(.add(text: text.joined(separator: " ")))
    }
  }

  struct Remove: CommandOf {
    static let configuration = CommandConfiguration(abstract: "remove a note: remove 2")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The note's number.") var id: Int
    @MainActor func outcome(in notes: NotesCLI) -> CommandOutcome { notes.send(.remove(id: id)) }
  }
}

extension NotesSession: CLIPresentable {
  public nonisolated static var commandSet: any CLIApplication.Type { NotesCLI.self }
  public func makeCommandSet() -> any CLIApplication { NotesCLI(session: self) }
}
