import TUIApp

// `tui [app] [flags]`: everything is in TUIApp; this only starts it.
MainActor.assumeIsolated {
  TUIMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
}
