import NotesHeads
import TUIApp

// `notes-tui`: the notes app in the terminal.
TUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .notes)
