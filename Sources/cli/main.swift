import CLIApp

// `cli <app> [flags] [command [args]]`: everything is in CLIApp; this only starts it.
MainActor.assumeIsolated {
  CLIMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
}
