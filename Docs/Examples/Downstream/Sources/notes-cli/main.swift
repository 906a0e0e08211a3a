import CLIApp
import NotesHeads

// `notes-cli notes [command]`: the notes app as line commands.
CLIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .notes)
