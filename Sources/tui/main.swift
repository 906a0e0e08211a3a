import AppEnvironment
import TUIApp

// `tui [app] [flags]`: everything is in TUIApp; this only starts it over this package's apps.
// Top-level code runs on the main actor, which TUIMain requires.
TUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .standard)
