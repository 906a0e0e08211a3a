import TUIApp

// `tui [app] [flags]`: everything is in TUIApp; this only starts it. Top-level code runs on
// the main actor, which TUIMain requires.
TUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
