import AppEnvironment
import CLIApp

// `cli <app> [flags] [command [args]]`: everything is in CLIApp; this only starts it over this
// package's apps. Top-level code runs on the main actor, which CLIMain requires.
CLIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .standard)
