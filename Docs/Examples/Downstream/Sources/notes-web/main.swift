import NotesHeads
import WebApp

// `notes-web`: the notes app as a page on loopback.
WebMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .notes)
